import { changeLogStep } from '@stormline/data/changelog';
import type { FieldChange } from '@stormline/data/changelog';
import { getClientInDivision } from '@stormline/data/clients';
import { getInspection } from '@stormline/data/inspections';
import type { InspectionRecord } from '@stormline/data/inspections';
import type { ProjectRecord } from '@stormline/data/projects';
import type { TransactionStep } from '@stormline/data/transact';
import { getUsers } from '@stormline/data/users';
import { ConflictError } from '@stormline/domain/errors';
import { inspectionWriteRefusal } from '@stormline/domain/inspection-rules';
import type { Caller } from './authenticate';
import type { Deps } from './deps';
import { findingStatsOf } from './finding-stats';
import { inspectionDetailView } from './inspection-view';
import { readVisibleProject } from './project-access';

/**
 * An inspection as a request may see it: of the request's division, in a project the caller may
 * see (the public account: a published one), else not found (docs/decisions/0018).
 */
export async function readInspection(
  deps: Deps,
  caller: Caller,
  divisionId: string,
  inspectionId: string,
): Promise<{ inspection: InspectionRecord; project: ProjectRecord }> {
  const inspection = await getInspection(deps.db, divisionId, inspectionId);
  const project = await readVisibleProject(deps, caller, divisionId, inspection.projectId);
  return { inspection, project };
}

/** Refuses a write to an inspection that is read-only (certified) or whose project is archived. */
export function assertInspectionWritable(inspection: InspectionRecord, project: ProjectRecord): void {
  const refusal = inspectionWriteRefusal(inspection, project);
  if (refusal) throw new ConflictError(refusal);
}

/** Users' display names by id ('First Last'), for the ids a page names. */
export async function userNames(deps: Deps, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const users = await getUsers(deps.db, wanted);
  return new Map(users.map((u) => [u.id, `${u.first_name} ${u.last_name}`.trim() || u.email]));
}

/** The detail answer: the inspection with its project, client and inspector's name. */
export async function inspectionDetail(
  deps: Deps,
  caller: Caller,
  inspection: InspectionRecord,
  project: ProjectRecord,
) {
  const [client, names, stats] = await Promise.all([
    getClientInDivision(deps.db, project.divisionId, project.client_id),
    userNames(deps, [inspection.inspectorId]),
    findingStatsOf(deps, [inspection]),
  ]);
  return inspectionDetailView(inspection, project, client, caller, {
    inspectorName: inspection.inspectorId ? (names.get(inspection.inspectorId) ?? null) : null,
    stats: stats.get(inspection.id)!,
  });
}

/** Who did it, as the change log keeps it (the name at the time). */
export function actorOf(caller: Caller): { id: string; name: string } {
  const name = `${caller.user.first_name} ${caller.user.last_name}`.trim();
  return { id: caller.user.id, name: name || caller.user.email };
}

export const inspectionLabel = (inspection: Pick<InspectionRecord, 'number'>) =>
  `Inspection #${inspection.number}`;

/**
 * The change log entry of a write to an inspection (its record, or its answers), as a step of the
 * writer's own transaction: logged if and only if the write happens.
 */
export function inspectionLogStep(
  deps: Pick<Deps, 'db' | 'now'>,
  actor: { id: string; name: string },
  inspection: Pick<InspectionRecord, 'divisionId' | 'projectId' | 'id' | 'number'>,
  action: string,
  changes: FieldChange[],
  entity: 'inspection' | 'answers' = 'inspection',
): TransactionStep {
  return changeLogStep(
    deps.db,
    {
      divisionId: inspection.divisionId,
      projectId: inspection.projectId,
      actor,
      entity,
      entityId: inspection.id,
      label: inspectionLabel(inspection),
      action,
      changes,
    },
    deps.now(),
  );
}
