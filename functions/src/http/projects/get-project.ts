import { projectsRoutes } from '@stormline/contract/areas/projects';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { projectDetail, readVisibleProject } from '../../lib/project-access';

const route = projectsRoutes.getProject;

/** The project detail's header and settings, for a project the caller may see. */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  return projectDetail(deps, await readVisibleProject(deps, caller, divisionId!, params.id));
}

export const handler = httpRoute(route, main);
