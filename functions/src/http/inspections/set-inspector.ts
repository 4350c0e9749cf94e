import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { inspectionKeys, inspectionUpdateStep } from '@stormline/data/inspections';
import {
  hasProjectAccess,
  projectAccessSteps,
  projectLiveCheck,
  stillMemberCheck,
} from '@stormline/data/projects';
import { transact } from '@stormline/data/transact';
import { getUserInDivision } from '@stormline/data/users';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@stormline/domain/errors';
import { can } from '@stormline/domain/permissions';
import { INSPECTION_MESSAGES, isInspectionEditable } from '@stormline/domain/inspection-rules';
import { inspectorRefusal, PROJECT_MESSAGES, seesEveryProject } from '@stormline/domain/project-rules';
import { roleById } from '@stormline/domain/roles';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import {
  actorOf,
  inspectionDetail,
  inspectionLogStep,
  readInspection,
  userNames,
} from '../../lib/inspection-context';
import { assertProjectWritable } from '../../lib/project-access';

const route = inspectionsRoutes.setInspector;

const refuse = (message: string) => new ValidationError(message, [{ path: 'userId', message }]);

/**
 * Sets who inspects (spec 000 §7; 0018 "setInspector"): the same rules as the project's inspector
 * (a user of this division, active, with an assignable role), only while the inspection is
 * editable and its project not archived. projectId must be the inspection's own project, so a
 * stale screen cannot move the wrong inspection. The inspector's index moves with the record, and
 * the change log says who changed it from whom, in the same write.
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  // Choosing who inspects is the project managers' (0018): the ones who may create projects,
  // whose the assignable-inspector list is; update Inspection alone edits the inspection.
  if (!can(caller.grants, 'create', 'Project'))
    throw new ForbiddenError('Your role does not allow changing the inspector');
  const { inspection, project } = await readInspection(deps, caller, divisionId!, params.id);
  if (body.projectId !== project.id) throw new NotFoundError('Inspection not found');
  assertProjectWritable(project);
  if (!isInspectionEditable(inspection, project)) throw new ConflictError(INSPECTION_MESSAGES.readOnly);
  const inspector = await getUserInDivision(deps.db, divisionId!, params.userId).catch(() => null);
  const refusal = inspectorRefusal(inspector);
  if (refusal || !inspector) throw refuse(refusal ?? PROJECT_MESSAGES.inspectorNotMember);
  const role = roleById(inspector.roleId)!;
  if (inspector.id === inspection.inspectorId) return inspectionDetail(deps, caller, inspection, project);

  const next = { ...inspection, inspectorId: inspector.id, version: inspection.version + 1 };
  // The log reads as people, by name: ids mean nothing to whoever reads the project's history.
  const before = (await userNames(deps, [inspection.inspectorId])).get(inspection.inspectorId ?? '') ?? null;
  // A client-side inspector sees only the projects given to them: the inspection would be theirs
  // yet out of their sight, so they are given the project as its creation gives its inspector.
  const needsAccess =
    !seesEveryProject(role.name) && !(await hasProjectAccess(deps.db, divisionId!, project.id, inspector.id));
  await transact(deps.db, [
    // Archiving the project, or the inspector leaving the division, meanwhile refuses the change.
    projectLiveCheck(deps.db, project),
    ...(needsAccess
      ? projectAccessSteps(deps.db, project, [inspector.id], deps.now())
      : [stillMemberCheck(deps.db, divisionId!, inspector.id, 'userId')]),
    inspectionUpdateStep(deps.db, inspection, {
      inspectorId: inspector.id,
      // The inspector's own list of inspections (byRelation) follows the new inspector.
      gsi2pk: inspectionKeys.ofInspector(divisionId!, inspector.id),
      gsi2sk: `${inspection.created_date}#${inspection.id}`,
    }),
    inspectionLogStep(deps, actorOf(caller), inspection, 'inspector changed', [
      { field: 'inspector', from: before, to: `${inspector.first_name} ${inspector.last_name}`.trim() },
    ]),
  ]);
  return inspectionDetail(deps, caller, next, project);
}

export const handler = httpRoute(route, main);
