import { projectsRoutes } from '@stormline/contract/areas/projects';
import { listAssignableInspectors } from '@stormline/data/projects';
import { searchDivisionUsers } from '@stormline/data/users';
import { roleById } from '@stormline/domain/roles';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { mayInspect } from '../../lib/assignable';
import { pageOf } from '../../lib/page';

const route = projectsRoutes.listAssignableInspectors;

/**
 * The Inspector selects (Create project, Change Inspector): the division's users they may assign.
 * With s, the division's user search, keeping the assignable and active ones: a division of
 * hundreds of users finds its inspector by name, not in the first page of the list.
 */
export async function main({ query, divisionId, deps }: RouteRequest<typeof route>) {
  const paging = { pageSize: route.pageSize, cursor: query.cursor };
  const page = query.s?.trim()
    ? await searchDivisionUsers(deps.db, divisionId!, query.s, paging, mayInspect)
    : await listAssignableInspectors(deps.db, divisionId!, paging);
  const items = page.items.map((u) => ({
    id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    // An invited user has no name yet: the selects show their e-mail instead of a blank.
    name: `${u.first_name} ${u.last_name}`.trim() || u.email,
    email: u.email,
    roleName: roleById(u.roleId)?.name ?? u.roleId,
  }));
  return pageOf(route, { items, nextCursor: page.nextCursor }, null);
}

export const handler = httpRoute(route, main);
