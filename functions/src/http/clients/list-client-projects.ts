import { clientsRoutes } from '@stormline/contract/areas/clients';
import { listClientProjects } from '@stormline/data/clients';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { pageOf } from '../../lib/page';

const route = clientsRoutes.listClientProjects;

/** The client page's Projects tab: the client's projects in the division, active ones first. */
export async function main({ params, query, divisionId, deps }: RouteRequest<typeof route>) {
  const { page, total } = await listClientProjects(deps.db, divisionId!, params.id, {
    pageSize: route.pageSize,
    cursor: query.cursor,
  });
  const items = page.items.map(({ divisionId: division_id, ...project }) => ({
    ...project,
    divisionProject: { division_id },
  }));
  return pageOf(route, { items, nextCursor: page.nextCursor }, total);
}

export const handler = httpRoute(route, main);
