import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { hasProjectAccess, projectAccessSteps, projectInspectorStep } from '@stormline/data/projects';
import { transact } from '@stormline/data/transact';
import { getUserInDivision } from '@stormline/data/users';
import { ForbiddenError, ValidationError } from '@stormline/domain/errors';
import { can } from '@stormline/domain/permissions';
import { inspectorRefusal } from '@stormline/domain/project-rules';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { assertProjectWritable, readVisibleProject } from '../../lib/project-access';
import { projectLogStep } from '../../lib/project-log';

const route = inspectionsRoutes.reassignInspections;

/**
 * Re-assign from Team Management (spec 000 §2, §7): the chosen projects' due inspections go to
 * another inspector, that is each project's inspector changes, with Edit Project's rules (an
 * active, assignable member of the division; projects the caller sees and not archived; for those
 * who choose inspectors, 0018). All the projects change in one transaction, or none.
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  if (!can(caller.grants, 'create', 'Project'))
    throw new ForbiddenError('Your role does not allow changing the inspector');
  // REASSIGN_MAX in the contract bounds the list: each project is the project, its log and maybe
  // an access row, in one transaction.
  const ids = [...new Set(body.projectIds)];
  const target = await getUserInDivision(deps.db, divisionId!, params.userId).catch(() => null);
  const refusal = inspectorRefusal(target);
  if (refusal || !target)
    throw new ValidationError(refusal ?? 'The inspector must be a user of this division');
  const projects = await Promise.all(ids.map((id) => readVisibleProject(deps, caller, divisionId!, id)));
  projects.forEach(assertProjectWritable);
  const moving = projects.filter((p) => p.inspector_user_id !== target.id);
  const now = deps.now();
  const name = `${target.first_name} ${target.last_name}`.trim() || target.email;
  const steps = await Promise.all(
    moving.map(async (project) => [
      projectInspectorStep(deps.db, project, target.id),
      projectLogStep(
        deps,
        caller,
        project,
        'inspector changed',
        [{ field: 'inspector', from: project.inspector_user_id, to: name }],
        now,
      ),
      ...((await hasProjectAccess(deps.db, divisionId!, project.id, target.id))
        ? []
        : projectAccessSteps(deps.db, project, [target.id], now)),
    ]),
  );
  await transact(deps.db, steps.flat());
  return { reassigned: moving.map((p) => p.id) };
}

export const handler = httpRoute(route, main);
