import { recordWhileDue } from './due-date-records';
import type { Db } from './dynamo';
import { projectKeys } from './projects';
import type { ProjectRecord } from './projects';

/**
 * Missed inspections (docs/decisions/0019, 0021): a project's due date (its next inspection date)
 * that passed in its time zone with no routine inspection on it. The scheduled job records one
 * item per project and due date, in the project's partition; the statistics stream counts it on
 * the due date's day (`day|<date>|missed`), and the rebuild reads it back.
 */

export const missedInspectionKeys = {
  missed: (divisionId: string, projectId: string, dueDate: string) => ({
    pk: projectKeys.project(divisionId, projectId).pk,
    sk: `${MISSED_PREFIX}${dueDate}`,
  }),
};

/** The sort-key prefix of a project's missed inspections, by due date. */
export const MISSED_PREFIX = 'MISSED#';

/** Records that `project` missed its inspection due on `dueDate`, once and while still due (recordWhileDue). */
export async function recordMissedInspection(
  db: Db,
  project: Pick<ProjectRecord, 'divisionId' | 'id'>,
  dueDate: string,
  now: Date,
): Promise<boolean> {
  return recordWhileDue(db, project, dueDate, {
    ...missedInspectionKeys.missed(project.divisionId, project.id, dueDate),
    type: 'MissedInspection',
    divisionId: project.divisionId,
    projectId: project.id,
    dueDate,
    recordedAt: now.toISOString(),
  });
}
