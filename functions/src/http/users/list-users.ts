import { usersRoutes } from '@stormline/contract/areas/users';
import { countDivisionUsers, listDivisionUsers, searchDivisionUsers } from '@stormline/data/users';
import { searchQuery } from '@stormline/data/search-terms';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { pageOf } from '../../lib/page';
import { rowOf } from '../../lib/user-admin';

const route = usersRoutes.listUsers;

/** Spec 001 §2 users admin: the division's users by last name, or a search over names and email. */
export async function main({ query, divisionId, deps }: RouteRequest<typeof route>) {
  const division = divisionId!;
  const page = { pageSize: route.pageSize, cursor: query.cursor };
  const search = searchQuery(query.s);
  if (search) {
    const found = await searchDivisionUsers(deps.db, division, search, page);
    return pageOf(route, { ...found, items: found.items.map(rowOf) }, null);
  }
  const [users, total] = await Promise.all([
    listDivisionUsers(deps.db, division, page),
    countDivisionUsers(deps.db, division),
  ]);
  return pageOf(route, { ...users, items: users.items.map(rowOf) }, total);
}

export const handler = httpRoute(route, main);
