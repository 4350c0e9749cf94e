import { ConflictError } from '@stormline/domain/errors';
import type { Db } from './dynamo';
import { projectKeys } from './projects';
import type { ProjectRecord } from './projects';
import { transact } from './transact';

class AlreadyRecorded extends ConflictError {}
class NoLongerDue extends ConflictError {}

/**
 * Puts a job's record about `project`'s due date (missed, due today): once (a Put on
 * attribute_not_exists, so the job run again, or twice at once, records nothing more), and only
 * while the project is still live with that due date (an inspection started or the date moved
 * between the job's read and this write: nothing is recorded). Answers whether it recorded it.
 */
export async function recordWhileDue(
  db: Db,
  project: Pick<ProjectRecord, 'divisionId' | 'id'>,
  dueDate: string,
  item: Record<string, unknown>,
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
          Put: { TableName: db.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' },
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
