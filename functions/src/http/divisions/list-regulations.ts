import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { getDivision } from '@stormline/data/divisions';
import { listCompanyNamed, listDivisionNamed } from '@stormline/data/divisions-resources';
import { mayOpenRows, namedRows } from '../../lib/division-resources';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { pageOf } from '../../lib/page';

const route = divisionsRoutes.listRegulations;

/**
 * The division's regulations tab (spec 001 §2), or with scope=company the company's regulations with
 * whether the division holds each (the rows 'Add' offers); each row says whether the caller may
 * open it.
 */
export async function main({ params, query, caller, deps }: RouteRequest<typeof route>) {
  const page = { pageSize: route.pageSize, cursor: query.cursor };
  const [, mayOpen] = await Promise.all([
    getDivision(deps.db, params.id),
    mayOpenRows(deps.db, caller, 'regulations', params.id),
  ]);
  if (query.scope === 'company') {
    const found = await listCompanyNamed(deps.db, 'regulations', params.id, page, query.s);
    return pageOf(route, namedRows(found, mayOpen), null);
  }
  const found = await listDivisionNamed(deps.db, 'regulations', params.id, page, query.s);
  return pageOf(route, namedRows(found.page, mayOpen), found.total);
}

export const handler = httpRoute(route, main);
