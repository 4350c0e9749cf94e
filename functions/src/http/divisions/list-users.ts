import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { getDivision } from '@stormline/data/divisions';
import { listCompanyMembers, listDivisionMembers } from '@stormline/data/divisions-resources';
import { mayOpenRows, userRows } from '../../lib/division-resources';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { pageOf } from '../../lib/page';

const route = divisionsRoutes.listUsers;

/**
 * The division's Users tab (spec 001 §2: First Name, Last Name, Email, Role; s searches names and
 * email), or with scope=company the company's users by last name with whether each belongs to
 * the division (the rows 'Add Users' offers).
 */
export async function main({ params, query, caller, deps }: RouteRequest<typeof route>) {
  const page = { pageSize: route.pageSize, cursor: query.cursor };
  const [, mayOpen] = await Promise.all([
    getDivision(deps.db, params.id),
    mayOpenRows(deps.db, caller, 'users', params.id),
  ]);
  if (query.scope === 'company') {
    const found = await listCompanyMembers(deps.db, params.id, page, query.s);
    return pageOf(route, userRows(found, mayOpen), null);
  }
  const found = await listDivisionMembers(deps.db, params.id, page, query.s);
  return pageOf(route, userRows(found.page, mayOpen), found.total);
}

export const handler = httpRoute(route, main);
