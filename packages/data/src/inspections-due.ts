import { ConflictError } from '@stormline/domain/errors';
import { batchGet } from './batch-get';
import type { Db } from './dynamo';
import { projectKeys } from './projects';
import type { ProjectRecord } from './projects';
import { TTL_ATTRIBUTE } from './table';
import { transact } from './transact';

/**
 * A project's routine inspection due today (Inspection Due, docs/decisions/0022), recorded once
 * per project and due date by the inspection-due job, in the project's partition: the record is
 * what the notifications stream handler announces to the project's inspector. It is only a
 * trigger (the job looks at today's date alone), so it expires after 30 days.
 */
export const inspectionDueKeys = {
  due: (divisionId: string, projectId: string, dueDate: string) => ({
    pk: projectKeys.project(divisionId, projectId).pk,
    sk: `${INSPECTION_DUE_PREFIX}${dueDate}`,
  }),
};

/** The sort-key prefix of a project's due-today records, by due date. */
export const INSPECTION_DUE_PREFIX = 'INSPECTIONDUE#';

const KEPT_SECONDS = 30 * 86_400;

type DueProject = Pick<ProjectRecord, 'divisionId' | 'id'> & { next_inspection_date: string };

/** Which of these projects were recorded due on their date already (one BatchGet): a run skips them. */
export async function recordedDue(db: Db, projects: readonly DueProject[]): Promise<Set<string>> {
  const items = await batchGet(
    db,
    projects.map((p) => inspectionDueKeys.due(p.divisionId, p.id, p.next_inspection_date)),
    false,
  );
  return new Set(items.map((item) => item.projectId as string));
}

class AlreadyRecorded extends ConflictError {}
class NoLongerDue extends ConflictError {}

/**
 * Records that `project` is due for its routine inspection on `dueDate`: once (a Put on
 * attribute_not_exists, so a second run, or two at once, records nothing more), and only while the
 * project is still live with that due date (an inspection started or the date moved since the
 * job's read: nothing is recorded). Answers whether it recorded it.
 */
export async function recordInspectionDue(
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
              ...inspectionDueKeys.due(project.divisionId, project.id, dueDate),
              type: 'InspectionDue',
              divisionId: project.divisionId,
              projectId: project.id,
              dueDate,
              recordedAt: now.toISOString(),
              [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + KEPT_SECONDS,
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
