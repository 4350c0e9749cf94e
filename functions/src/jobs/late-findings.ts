import type { Db } from '@stormline/data/dynamo';
import {
  listOpenFindingsInitiatedBetween,
  recordedLate,
  recordLateFinding,
} from '@stormline/data/late-findings';
import { getProjectsInDivision } from '@stormline/data/projects';
import { isFindingLate } from '@stormline/domain/finding-rules';
import { addDays, localDate } from '@stormline/domain/local-date';
import { LATE_FINDING_DAYS } from '@stormline/domain/statistics';
import { getTableDb } from '../lib/deps';
import { overEveryDivision } from './each-division';

/**
 * The late-findings job (issue 11: "finding late"), hourly: EventBridge Scheduler in the cloud, a
 * timer in the local runtime. A finding still open more than 7 days after it was initiated, or
 * past its corrective-action deadline (CGP 5.2, 0049), in its project's time zone, is recorded late
 * once (recordLateFinding); the notifications stream handler announces the record (Findings Past
 * Due) to the project's team.
 *
 * A run reads only the open findings initiated in the last 11 days (the division's open-findings
 * index, by date): every deadline falls within 7 days of initiation, so its cost follows the
 * findings that can go late, not the findings stored; the window's slack covers every time zone
 * and a few missed runs.
 */

/** How far back a run looks past the 7-day mark: runs missed for that long are caught up. */
const CATCH_UP_DAYS = 3;

export async function recordLateFindingsOfDivision(db: Db, divisionId: string, now: Date): Promise<number> {
  const utcToday = now.toISOString().slice(0, 10);
  // A day either side of UTC's: every zone's "more than 7 days" falls inside. The newest are
  // read for CGP 5.2.2's next-business-day deadlines, late from the second day after discovery.
  const findings = await listOpenFindingsInitiatedBetween(
    db,
    divisionId,
    addDays(utcToday, -(LATE_FINDING_DAYS + 1 + CATCH_UP_DAYS)),
    addDays(utcToday, -1),
  );
  if (findings.length === 0) return 0;
  const projects = new Map(
    (await getProjectsInDivision(db, divisionId, [...new Set(findings.map((f) => f.projectId))])).map((p) => [
      p.id,
      p,
    ]),
  );
  // Most of the window was recorded on earlier runs: one read finds those.
  const known = await recordedLate(db, findings);
  let recorded = 0;
  for (const finding of findings) {
    if (known.has(finding.id)) continue;
    const project = projects.get(finding.projectId);
    if (!project || project.archivedAt) continue;
    const today = localDate(project.timezone, now);
    if (!isFindingLate(finding, today)) continue;
    if (await recordLateFinding(db, finding, now)) recorded++;
  }
  return recorded;
}

/** The whole job: every division, one after another. */
export async function recordLateFindings(
  db: Db,
  now: Date,
): Promise<{ divisions: number; recorded: number }> {
  return overEveryDivision(db, (divisionId) => recordLateFindingsOfDivision(db, divisionId, now));
}

/** What EventBridge Scheduler invokes (its payload is not read: the job looks at now). */
export async function handler(): Promise<{ divisions: number; recorded: number }> {
  return recordLateFindings(getTableDb(), new Date());
}
