import { usersRoutes } from '@stormline/contract/areas/users';
import {
  countDivisionPublicAccounts,
  countDivisionUsers,
  listDivisionUsers,
  listedInUsersAdmin,
  searchDivisionUsers,
} from '@stormline/data/users';
import { searchQuery } from '@stormline/data/search-terms';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { pageOf } from '../../lib/page';
import { rowOf } from '../../lib/user-admin';

const route = usersRoutes.listUsers;

/**
 * Spec 001 §2 users admin: the division's users by last name, or a search over names and email.
 * The read-only Public account (spec 001 §1) is no one's colleague: it is left out of the rows,
 * inside the read so the page fills up, and out of the count.
 */
export async function main({ query, divisionId, deps }: RouteRequest<typeof route>) {
  const division = divisionId!;
  const page = { pageSize: route.pageSize, cursor: query.cursor };
  const search = searchQuery(query.s);
  if (search) {
    const found = await searchDivisionUsers(deps.db, division, search, page, listedInUsersAdmin);
    return pageOf(route, { ...found, items: found.items.map(rowOf) }, null);
  }
  const [users, total, publicAccounts] = await Promise.all([
    listDivisionUsers(deps.db, division, page, listedInUsersAdmin),
    countDivisionUsers(deps.db, division),
    countDivisionPublicAccounts(deps.db, division),
  ]);
  return pageOf(route, { ...users, items: users.items.map(rowOf) }, Math.max(0, total - publicAccounts));
}

export const handler = httpRoute(route, main);
