import type { Db } from '@stormline/data/dynamo';
import { getInspections } from '@stormline/data/inspections';
import {
  listPostStormDuesOfProject,
  listPostStormInspectionsOfProject,
  settlePostStormDue,
} from '@stormline/data/post-storm-dues';
import type { PostStormDueRecord } from '@stormline/data/post-storm-dues';
import type { ProjectRecord } from '@stormline/data/projects';
import { localDate } from '@stormline/domain/local-date';
import {
  inspectionStartedAt,
  settlementOf,
  stormDayOf,
  type PostStormSettlement,
} from '@stormline/domain/post-storm-dues';

/**
 * How far back a post-storm inspection looks for the dues it settles (docs/decisions/0048): a
 * storm counted more than 30 days before it is not the one it answers, so that due stays missed.
 * It also bounds the reads: a project's dues and post-storm inspections of the last 30 days.
 */
export const POST_STORM_LOOKBACK_DAYS = 30;

export interface SettledDue {
  due: PostStormDueRecord;
  settlement: PostStormSettlement;
}

/**
 * Settles a project's open and missed dues of the last 30 days by its post-storm inspections
 * (settlementOf): after a post-storm inspection is created, and from the hourly job (a due past
 * its deadline with none, or one recorded after the inspection that answers it). Idempotent: a
 * due settled already changes nothing, and each write holds on the status it read.
 */
export async function settleProjectPostStormDues(
  db: Db,
  project: Pick<ProjectRecord, 'divisionId' | 'id' | 'timezone'>,
  now: Date,
): Promise<SettledDue[]> {
  const from = new Date(now.getTime() - POST_STORM_LOOKBACK_DAYS * 86_400_000).toISOString();
  const dues = (await listPostStormDuesOfProject(db, project.divisionId, project.id, from)).filter(
    (due) => due.status === 'due' || due.status === 'missed',
  );
  if (dues.length === 0) return [];
  const earliest = dues.map((d) => d.countedAt).sort()[0]!;
  // From the start of the earliest storm's day in the project's zone: the inspections' dates are
  // local (stepped to 15 minutes, or a day alone), so the range takes a little more and the rule
  // decides.
  const fromDay = localDate(project.timezone, new Date(Date.parse(earliest) - 3_600_000));
  const links = await listPostStormInspectionsOfProject(db, project.divisionId, project.id, fromDay);
  // Their records, for the creation instant a date-only Inspection Date needs (inspectionStartedAt).
  // Only a certified inspection answers a storm: one started and never carried out, or deleted
  // before it was signed, must not count the due as done; its time is still when it was made.
  const inspections = (
    await getInspections(
      db,
      project.divisionId,
      links.map((l) => l.inspectionId),
    )
  )
    .filter((i) => i.certification_date)
    .map((i) => ({ inspectionId: i.id, startedAt: inspectionStartedAt(i, project.timezone) }));
  const settled: SettledDue[] = [];
  for (const due of dues) {
    const settlement = settlementOf(due, inspections, now);
    if (!settlement) continue;
    const written = await settlePostStormDue(
      db,
      due,
      { ...settlement, stormDay: stormDayOf(due, project.timezone) },
      now,
    );
    if (written) settled.push({ due, settlement });
  }
  return settled;
}

/**
 * settleProjectPostStormDues once a post-storm inspection is certified: the signature stands
 * whatever happens here, so a failure is logged, not answered as a 500 (a retry would be refused:
 * it is signed); the hourly job settles the dues on its next run.
 */
export async function settleAfterCertifying(
  db: Db,
  project: Pick<ProjectRecord, 'divisionId' | 'id' | 'timezone'>,
  now: Date,
): Promise<void> {
  try {
    await settleProjectPostStormDues(db, project, now);
  } catch (error) {
    console.error(
      JSON.stringify({
        level: 'error',
        message: 'settling post-storm dues failed; the hourly job settles them',
        projectId: project.id,
        detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      }),
    );
  }
}
