import type { Db } from '@stormline/data/dynamo';
import { findRoutineInspectionOn } from '@stormline/data/inspections';
import { recordedDue, recordInspectionDue } from '@stormline/data/inspections-due';
import type { ProjectRecord } from '@stormline/data/projects';
import { isDueToday } from '@stormline/domain/inspection-rules';
import { getTableDb } from '../lib/deps';
import { overActiveProjects, overEveryDivision } from './each-division';

/**
 * The inspection-due job (Inspection Due, docs/decisions/0022), hourly: EventBridge Scheduler in
 * the cloud, a timer in the local runtime. A project whose next inspection date is today in its own
 * time zone, with an inspector and no routine inspection dated today (isDueToday), is recorded due
 * once for that date (recordInspectionDue); the notifications stream handler announces the record
 * to the project's inspector. Hourly, because each zone's day starts at a different hour.
 *
 * A record, not a delivery from here (notifyOnce): it is how the missed-inspection and late-findings
 * jobs raise theirs, so this job needs the table alone (no e-mail, SMS or WebSocket grants) and the
 * stream handler keeps the one way of honouring settings, channels and division membership; and a
 * later run of the day skips a recorded project with one BatchGet instead of failing a delivery
 * per inspector every hour.
 *
 * Cost: the division's active projects a page at a time, as the missed-inspection job reads them
 * (byParent `DIVISION#<d>#PROJECTS#ACTIVE`, ordered by name: no key range narrows it to a date);
 * then, only for the projects due today, one BatchGet, and one Query and one transaction each for
 * those not recorded yet. The data model's due rows (byParent `DIVISION#<d>#DUE` by date, not
 * built) would bound the read to the day's dates for both jobs.
 */

/** Records the due ones among `projects`; answers how many it recorded now. */
export async function recordInspectionsDueAmong(
  db: Db,
  projects: readonly Pick<
    ProjectRecord,
    'divisionId' | 'id' | 'timezone' | 'inspector_user_id' | 'next_inspection_date' | 'archivedAt'
  >[],
  now: Date,
): Promise<number> {
  // No inspector, no one to tell: a project given one later today is recorded on the next run.
  const due = projects.flatMap((p) =>
    !p.archivedAt && p.inspector_user_id && p.next_inspection_date && isDueToday(p, false, now)
      ? [{ ...p, next_inspection_date: p.next_inspection_date }]
      : [],
  );
  if (due.length === 0) return 0;
  // Recorded on an earlier run of the day: one read finds those.
  const known = await recordedDue(db, due);
  let recorded = 0;
  for (const project of due) {
    if (known.has(project.id)) continue;
    // A routine inspection started today moved the date on; one dated today by its questionnaire
    // may not have (started earlier, or the date set back to today afterwards): nothing is due.
    const day = project.next_inspection_date;
    if (await findRoutineInspectionOn(db, project.divisionId, project.id, day)) continue;
    if (await recordInspectionDue(db, project, day, now)) recorded++;
  }
  return recorded;
}

/** Every active project of one division; answers how many were recorded due today. */
export async function recordInspectionsDueOfDivision(db: Db, divisionId: string, now: Date): Promise<number> {
  return overActiveProjects(db, divisionId, (projects) => recordInspectionsDueAmong(db, projects, now));
}

/** The whole job: every division, one after another. */
export async function recordInspectionsDue(
  db: Db,
  now: Date,
): Promise<{ divisions: number; recorded: number }> {
  return overEveryDivision(db, (divisionId) => recordInspectionsDueOfDivision(db, divisionId, now));
}

/** What EventBridge Scheduler invokes (its payload is not read: the job looks at now). */
export async function handler(): Promise<{ divisions: number; recorded: number }> {
  return recordInspectionsDue(getTableDb(), new Date());
}
