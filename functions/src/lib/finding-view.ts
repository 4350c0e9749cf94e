import type * as z from 'zod/mini';
import { changeLogStep } from '@stormline/data/changelog';
import type { FieldChange } from '@stormline/data/changelog';
import type { Finding } from '@stormline/contract/inspection-views';
import type { FindingNoteRecord, FindingRecord } from '@stormline/data/findings';
import { getFinding } from '@stormline/data/findings';
import { getInspection } from '@stormline/data/inspections';
import type { InspectionRecord } from '@stormline/data/inspections';
import { getLegendItems } from '@stormline/data/legend-items';
import type { TransactionStep } from '@stormline/data/transact';
import type { ProjectRecord } from '@stormline/data/projects';
import { ConflictError } from '@stormline/domain/errors';
import { FINDING_MESSAGES } from '@stormline/domain/finding-rules';
import { INSPECTION_MESSAGES } from '@stormline/domain/inspection-rules';
import type { Caller } from './authenticate';
import type { Deps } from './deps';
import { mayChangeNote } from './note-view';
import { readVisibleProject } from './project-access';

/** A finding as lists show it; `inInspection` is the inspection it is read in (carried over or not). */
export function findingView(
  finding: FindingRecord,
  controlMeasures: ReadonlyMap<string, string>,
  inInspection?: string,
): z.input<typeof Finding> {
  return {
    id: finding.id,
    number: finding.number,
    type: { id: finding.typeId, code: finding.typeCode, name: finding.typeName, color: finding.color },
    location: finding.location,
    date_initiated: finding.date_initiated,
    date_completed: finding.date_completed,
    condition: finding.condition,
    control_measure: finding.control_measure_id
      ? {
          id: finding.control_measure_id,
          name: controlMeasures.get(finding.control_measure_id) ?? 'Removed item',
        }
      : null,
    comments: finding.comments,
    corrective_action: finding.corrective_action ?? null,
    due_by: finding.due_by ?? null,
    is_required_for_cert: finding.is_required_for_cert,
    initial_inspection_id: finding.initialInspectionId,
    carried_over: inInspection !== undefined && inInspection !== finding.initialInspectionId,
    imageCount: finding.imageCount,
    version: finding.version,
  };
}

/** The names of the control measures (legend items) the findings name, in one BatchGet. */
export async function controlMeasureNames(
  deps: Deps,
  divisionId: string,
  findings: readonly FindingRecord[],
): Promise<Map<string, string>> {
  const ids = findings.map((f) => f.control_measure_id).filter((id): id is string => Boolean(id));
  if (ids.length === 0) return new Map();
  const items = await getLegendItems(deps.db, divisionId, ids);
  return new Map(items.map((i) => [i.id, i.name]));
}

export function observationView(
  note: FindingNoteRecord,
  authorName: string,
  caller: Caller,
  project: Pick<ProjectRecord, 'archivedAt'>,
) {
  return {
    id: note.id,
    content: note.content,
    createdAt: note.createdAt,
    author: { id: note.authorId, name: authorName },
    mayEdit: mayChangeNote(caller, note.authorId, project),
  };
}

/**
 * A finding as a request may see it: of the division, in a project the caller may see, with the
 * inspection it was raised in.
 */
export async function readFinding(
  deps: Deps,
  caller: Caller,
  divisionId: string,
  findingId: string,
): Promise<{ finding: FindingRecord; project: ProjectRecord; initial: InspectionRecord }> {
  const finding = await getFinding(deps.db, divisionId, findingId);
  const [project, initial] = await Promise.all([
    readVisibleProject(deps, caller, divisionId, finding.projectId),
    getInspection(deps.db, divisionId, finding.initialInspectionId),
  ]);
  return { finding, project, initial };
}

/**
 * Spec 002 §4: a completed finding's form is read-only; findings are read-only once the
 * inspection has a compliance date and every finding is completed; nothing changes in an
 * archived project.
 */
export function findingWriteRefusal(finding: FindingRecord, project: ProjectRecord): string | null {
  if (project.archivedAt) return INSPECTION_MESSAGES.archived;
  return finding.date_completed ? FINDING_MESSAGES.alreadyCompleted : null;
}

export function assertFindingWritable(finding: FindingRecord, project: ProjectRecord): void {
  const refusal = findingWriteRefusal(finding, project);
  if (refusal) throw new ConflictError(refusal);
}

export const findingLabel = (finding: Pick<FindingRecord, 'typeCode' | 'number'>) =>
  `Finding ${finding.typeCode} #${finding.number}`;

/**
 * The change-log entry of a write to a finding (or its photos, `entity` 'image'), as a step of the
 * writer's own transaction: logged on the finding's project under its label, at `deps.now()`.
 */
export function findingLogStep(
  deps: Pick<Deps, 'db' | 'now'>,
  actor: { id: string; name: string },
  finding: Pick<FindingRecord, 'divisionId' | 'projectId' | 'id' | 'typeCode' | 'number'>,
  action: string,
  changes: FieldChange[],
  entity: 'finding' | 'image' = 'finding',
): TransactionStep {
  return changeLogStep(
    deps.db,
    {
      divisionId: finding.divisionId,
      projectId: finding.projectId,
      actor,
      entity,
      entityId: finding.id,
      label: findingLabel(finding),
      action,
      changes,
    },
    deps.now(),
  );
}
