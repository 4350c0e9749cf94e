import type { Db } from '@stormline/data/dynamo';
import { findRoutineInspectionOn } from '@stormline/data/inspections';
import { batchGet } from '@stormline/data/batch-get';
import { missedInspectionKeys, recordMissedInspection } from '@stormline/data/missed-inspections';
import type { ProjectRecord } from '@stormline/data/projects';
import { passedDueDate } from '@stormline/domain/inspection-rules';
import { getTableDb } from '../lib/deps';
import { overActiveProjects, overEveryDivision } from './each-division';
import { settlePostStormDues } from './post-storm-dues';

/**
 * The missed-inspection job (docs/decisions/0019, 0021), hourly: EventBridge Scheduler in the
 * cloud, a timer in the local runtime. For every division's active projects, a due date (the next
 * inspection date) whose day has ended in the project's time zone, with no routine inspection
 * dated that day, is recorded as missed, once per project and due date; the statistics stream
 * counts the record into the project's `day|<due date>|missed` counter, which the compliance
 * report reads (missedIsp).
 *
 * Hourly, because each time zone's day ends at a different hour; a run reads every division's
 * active projects a page at a time (Queries only), and writes only for projects past their date.
 */

/** One project: the due date it missed, recorded now, or null (not due yet, inspected, recorded before). */
export async function recordMissedInspectionOf(
  db: Db,
  project: Pick<ProjectRecord, 'divisionId' | 'id' | 'next_inspection_date' | 'timezone'>,
  now: Date,
): Promise<string | null> {
  const due = passedDueDate(project, now);
  if (!due) return null;
  // Recorded on an earlier run (the date stays until someone moves it): one read, nothing more.
  const [recorded] = await batchGet(
    db,
    [missedInspectionKeys.missed(project.divisionId, project.id, due)],
    false,
  );
  if (recorded) return null;
  // A routine inspection started on the day moved the date on; one dated the day by its
  // questionnaire may not have (started earlier, or the date set back to the day afterwards).
  if (await findRoutineInspectionOn(db, project.divisionId, project.id, due)) return null;
  return (await recordMissedInspection(db, project, due, now)) ? due : null;
}

/** Every active project of one division; answers how many missed inspections were recorded. */
export async function recordMissedInspectionsOfDivision(
  db: Db,
  divisionId: string,
  now: Date,
): Promise<number> {
  return overActiveProjects(db, divisionId, async (projects) => {
    const results = await Promise.all(projects.map((project) => recordMissedInspectionOf(db, project, now)));
    return results.filter((due) => due !== null).length;
  });
}

/** The whole job: every division, one after another. */
export async function recordMissedInspections(
  db: Db,
  now: Date,
): Promise<{ divisions: number; recorded: number }> {
  return overEveryDivision(db, (divisionId) => recordMissedInspectionsOfDivision(db, divisionId, now));
}

/**
 * What EventBridge Scheduler invokes (its payload is not read: the job always looks at now). The
 * summary it answers is the invocation's result; a failure is thrown, for the schedule's retries
 * and dead-letter queue. The post-storm due job (docs/decisions/0048) runs in the same hourly
 * invocation: it is its neighbour in purpose (a due that passed) and needs the same table grant.
 */
export async function handler(): Promise<{ divisions: number; recorded: number; postStormSettled: number }> {
  const db = getTableDb();
  const now = new Date();
  const missed = await recordMissedInspections(db, now);
  const postStorm = await settlePostStormDues(db, now);
  return { ...missed, postStormSettled: postStorm.recorded };
}
