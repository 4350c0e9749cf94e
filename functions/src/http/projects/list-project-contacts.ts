import { projectsRoutes } from '@stormline/contract/areas/projects';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { readVisibleProject } from '../../lib/project-access';
import { projectContacts } from '../../lib/project-contacts';

const route = projectsRoutes.listProjectContacts;

/** The Contacts tab: the users given access to the project (a handful: read whole). */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await readVisibleProject(deps, caller, divisionId!, params.id);
  return projectContacts(deps, divisionId!, project.id);
}

export const handler = httpRoute(route, main);
