import { projectsRoutes } from '@stormline/contract/areas/projects';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { projectListPage } from '../../lib/project-list';

const route = projectsRoutes.listProjects;

/** The projects list ('Search Projects', paginated): the division's active projects the caller may see. */
export async function main({ query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  return projectListPage(deps, caller, divisionId!, 'ACTIVE', query, route.pageSize);
}

export const handler = httpRoute(route, main);
