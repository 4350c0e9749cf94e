import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { countDivisions, listDivisions, searchDivisions } from '@stormline/data/divisions';
import { searchQuery } from '@stormline/data/search-terms';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { pageOf } from '../../lib/page';

const route = divisionsRoutes.listDivisions;

/** All divisions by name, or the ones a search matches; the total only when it is the counter's. */
export async function main({ query, deps }: RouteRequest<typeof route>) {
  const page = { pageSize: route.pageSize, cursor: query.cursor };
  // A search of nothing searchable ('#', spaces) lists everything, as an empty one does.
  const search = searchQuery(query.s);
  if (search) return pageOf(route, await searchDivisions(deps.db, search, page), null);
  const [divisions, total] = await Promise.all([listDivisions(deps.db, page), countDivisions(deps.db)]);
  return pageOf(route, divisions, total);
}

export const handler = httpRoute(route, main);
