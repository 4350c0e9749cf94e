import { projectsRoutes } from '@stormline/contract/areas/projects';
import { listAssignableInspectors } from '@stormline/data/projects';
import { roleById } from '@stormline/domain/roles';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { pageOf } from '../../lib/page';

const route = projectsRoutes.listAssignableInspectors;

/** The Create project modal's Inspector select: the division's users it may assign. */
export async function main({ query, divisionId, deps }: RouteRequest<typeof route>) {
  const page = await listAssignableInspectors(deps.db, divisionId!, {
    pageSize: route.pageSize,
    cursor: query.cursor,
  });
  const items = page.items.map((u) => ({
    id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    name: `${u.first_name} ${u.last_name}`.trim(),
    email: u.email,
    roleName: roleById(u.roleId)?.name ?? u.roleId,
  }));
  return pageOf(route, { items, nextCursor: page.nextCursor }, null);
}

export const handler = httpRoute(route, main);
