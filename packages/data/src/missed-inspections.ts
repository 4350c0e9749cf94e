import { ConflictError } from '@stormline/domain/errors';
import type { Db } from './dynamo';
import { projectKeys } from './projects';
import type { ProjectRecord } from './projects';
import { transact } from './transact';

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

class AlreadyRecorded extends ConflictError {}
class NoLongerDue extends ConflictError {}

/**
 * Records that `project` missed its inspection due on `dueDate`: once (a Put on
 * attribute_not_exists, so the job run again, or twice at once, records nothing more), and only
 * while the project is still live with that due date (an inspection started or the date moved
 * between the job's read and this write: nothing is recorded). Answers whether it recorded it.
 */
export async function recordMissedInspection(
  db: Db,
  project: Pick<ProjectRecord, 'divisionId' | 'id'>,
  dueDate: string,
  now: Date,
): Promise<boolean> {
  try {
    await transact(db, [
      {
        write: {
          ConditionCheck: {
            TableName: db.tableName,
            Key: projectKeys.project(project.divisionId, project.id),
            ConditionExpression:
              'attribute_exists(pk) AND next_inspection_date = :due AND (attribute_not_exists(archivedAt) OR attribute_type(archivedAt, :nullType))',
            ExpressionAttributeValues: { ':due': dueDate, ':nullType': 'NULL' },
          },
        },
        onConditionFailed: () => new NoLongerDue(),
      },
      {
        write: {
          Put: {
            TableName: db.tableName,
            Item: {
              ...missedInspectionKeys.missed(project.divisionId, project.id, dueDate),
              type: 'MissedInspection',
              divisionId: project.divisionId,
              projectId: project.id,
              dueDate,
              recordedAt: now.toISOString(),
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        onConditionFailed: () => new AlreadyRecorded(),
      },
    ]);
    return true;
  } catch (error) {
    if (error instanceof AlreadyRecorded || error instanceof NoLongerDue) return false;
    throw error;
  }
}
