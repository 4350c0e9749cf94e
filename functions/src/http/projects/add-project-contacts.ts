import { projectsRoutes } from '@stormline/contract/areas/projects';
import { projectAccessSteps } from '@stormline/data/projects';
import { transact } from '@stormline/data/transact';
import { getUsers } from '@stormline/data/users';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { assertProjectWritable, readVisibleProject } from '../../lib/project-access';
import { projectContacts } from '../../lib/project-contacts';
import { projectLogStep } from '../../lib/project-log';

const route = projectsRoutes.addProjectContacts;

/** Adds contacts (update Project): users of the division given access to the project, logged. */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await readVisibleProject(deps, caller, divisionId!, params.id);
  assertProjectWritable(project);
  const ids = [...new Set(body.userIds)];
  const users = await getUsers(deps.db, ids);
  const now = deps.now();
  await transact(deps.db, [
    ...projectAccessSteps(deps.db, project, ids, now),
    projectLogStep(
      deps,
      caller,
      project,
      'contacts added',
      users.map((u) => ({ field: 'contact', from: null, to: u.email })),
      now,
    ),
  ]);
  return { status: 201, body: await projectContacts(deps, divisionId!, project.id) };
}

export const handler = httpRoute(route, main);
