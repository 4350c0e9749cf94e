import { projectsRoutes } from '@stormline/contract/areas/projects';
import { deleteProject } from '@stormline/data/projects';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { readVisibleProject } from '../../lib/project-access';

const route = projectsRoutes.deleteProject;

/** Delete (delete Project): refused while the project holds inspections; archived ones may go. */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await readVisibleProject(deps, caller, divisionId!, params.id);
  await deleteProject(deps.db, divisionId!, project.id);
  return { id: project.id };
}

export const handler = httpRoute(route, main);
