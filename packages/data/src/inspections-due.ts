import { batchGet } from './batch-get';
import type { Db } from './dynamo';
import { recordWhileDue } from './due-date-records';
import { projectKeys } from './projects';
import type { ProjectRecord } from './projects';
import { TTL_ATTRIBUTE } from './table';

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

/** Records that `project` is due for its routine inspection on `dueDate`, once and while still due (recordWhileDue). */
export async function recordInspectionDue(
  db: Db,
  project: Pick<ProjectRecord, 'divisionId' | 'id'>,
  dueDate: string,
  now: Date,
): Promise<boolean> {
  return recordWhileDue(db, project, dueDate, {
    ...inspectionDueKeys.due(project.divisionId, project.id, dueDate),
    type: 'InspectionDue',
    divisionId: project.divisionId,
    projectId: project.id,
    dueDate,
    recordedAt: now.toISOString(),
    [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + KEPT_SECONDS,
  });
}
