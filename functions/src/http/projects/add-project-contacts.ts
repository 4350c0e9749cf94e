import { projectsRoutes } from '@stormline/contract/areas/projects';
import { projectAccessSteps } from '@stormline/data/projects';
import { transact } from '@stormline/data/transact';
import { getUsers, membersOfDivision } from '@stormline/data/users';
import { ValidationError } from '@stormline/domain/errors';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { assertProjectWritable, readVisibleProject } from '../../lib/project-access';
import { projectContacts } from '../../lib/project-contacts';
import { projectLogStep } from '../../lib/project-log';

const route = projectsRoutes.addProjectContacts;

const PROJECT_CONTACT_OUTSIDER = 'Only users of this division can be contacts of its projects';

/** Adds contacts (update Project): users of the division given access to the project, logged. */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await readVisibleProject(deps, caller, divisionId!, params.id);
  assertProjectWritable(project);
  const ids = [...new Set(body.userIds)];
  const [users, members] = await Promise.all([
    getUsers(deps.db, ids),
    membersOfDivision(deps.db, divisionId!, ids),
  ]);
  // A contact is told of the project's inspections: only the division's own people.
  const outsiders = ids.filter((id) => !members.has(id));
  if (outsiders.length > 0)
    throw new ValidationError(PROJECT_CONTACT_OUTSIDER, [
      { path: 'userIds', message: `User ${outsiders[0]} is not a user of this division` },
    ]);
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
