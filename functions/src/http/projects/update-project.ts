import { isDeepStrictEqual } from 'node:util';
import { projectsRoutes } from '@stormline/contract/areas/projects';
import {
  hasProjectAccess,
  PROJECT_STALE,
  projectAccessSteps,
  readProjectReferences,
  updateProject,
} from '@stormline/data/projects';
import type { ProjectRecord } from '@stormline/data/projects';
import { ConflictError, ForbiddenError } from '@stormline/domain/errors';
import { can } from '@stormline/domain/permissions';
import { normalizedPermit, PERMIT_CHANGE_REFUSED, projectPermit } from '@stormline/domain/permit-rules';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { assertProjectWritable, projectDetail, readVisibleProject } from '../../lib/project-access';
import { assertInspectorAssignable, projectFormFields } from '../../lib/project-form';
import { fieldChanges, projectLogStep } from '../../lib/project-log';

const route = projectsRoutes.updateProject;

const LOGGED: (keyof ProjectRecord)[] = [
  'name',
  'inspector_user_id',
  'permittee',
  'address',
  'timezone',
  'start_date',
  'end_date',
  'next_inspection_date',
  'routine_interval',
  'isCcrProject',
  'inspection_compliance_required',
  'findingComplianceRequired',
  'cgp_tracking_id',
  'permit',
  'permit_number',
  'docTypes',
  'notes',
];

/**
 * Edit Project (update Project): the create modal's rules (spec 001 §5) on what can change, the
 * client, form type and regulations staying; not while archived; at the version read (stale: 409);
 * the change log names each field changed. A next inspection date left as it was is not held to
 * "not before today" (it may have passed since).
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await readVisibleProject(deps, caller, divisionId!, params.id);
  assertProjectWritable(project);
  // A form read before someone else's save is stale whatever it changes: said first, so a changed
  // inspector reads as "changed meanwhile", not as a refusal.
  if (body.version !== project.version) throw new ConflictError(PROJECT_STALE);
  // Choosing who inspects is for those who create projects (0018, as setInspector): the others
  // edit the project with its inspector as it is, and the inspector kept is not checked again
  // (one who has since left the division does not stop the project being edited).
  const changesInspector = body.inspector_user_id !== project.inspector_user_id;
  if (changesInspector && !can(caller.grants, 'create', 'Project'))
    throw new ForbiddenError('Your role does not allow changing the inspector');
  // So is the permit, which decides when inspections fall due: an inspector or a client's user
  // could otherwise switch a site off its post-storm rule (0049).
  const changesPermit =
    body.permit !== undefined &&
    !isDeepStrictEqual(normalizedPermit(body.permit), normalizedPermit(projectPermit(project)));
  if (changesPermit && !can(caller.grants, 'create', 'Project'))
    throw new ForbiddenError(PERMIT_CHANGE_REFUSED);
  const { template, inspector } = await readProjectReferences(deps.db, divisionId!, {
    clientId: project.client_id,
    templateId: project.inspection_template_id ?? '',
    groupId: project.document_group_id ?? '',
    inspectorId: changesInspector ? body.inspector_user_id : null,
  });
  if (changesInspector) assertInspectorAssignable(inspector);
  // The inspector is one of the project's contacts, as at creation: a client-side inspector sees
  // only the projects given so, and the Team Management widget reads each inspector's projects there.
  const needsAccess =
    inspector !== null && !(await hasProjectAccess(deps.db, divisionId!, project.id, inspector.id));
  const nextChanged = (body.next_inspection_date ?? null) !== project.next_inspection_date;
  const fields = projectFormFields(deps, body, template.options, nextChanged);
  const now = deps.now();
  // A project saved before permits reads as the fixed interval: choosing it again is no change.
  const withPermit = (p: ProjectRecord) => ({ ...p, permit: projectPermit(p) });
  const changes = fieldChanges(withPermit(project), withPermit({ ...project, ...fields }), LOGGED);
  const updated = await updateProject(deps.db, divisionId!, project.id, fields, body.version, [
    ...(changes.length > 0 ? [projectLogStep(deps, caller, project, 'updated', changes, now)] : []),
    ...(needsAccess ? projectAccessSteps(deps.db, project, [inspector!.id], now) : []),
  ]);
  return projectDetail(deps, updated);
}

export const handler = httpRoute(route, main);
