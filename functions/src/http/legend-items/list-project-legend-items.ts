import { legendItemsRoutes } from '@stormline/contract/areas/legend-items';
import { listProjectLegendItems, projectLegendItemView } from '@stormline/data/legend-items';
import { searchQuery } from '@stormline/data/search-terms';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { pageOf } from '../../lib/page';
import { readVisibleProject } from '../../lib/project-access';

const route = legendItemsRoutes.listProjectLegendItems;

/**
 * A project's own control measures and pollutants (spec 002 §3, §7; the map sidebar beside the
 * division's Map Legend), by type and name; `s` matches the start of the name.
 */
export async function main({ params, query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await readVisibleProject(deps, caller, divisionId!, params.id);
  const page = await listProjectLegendItems(
    deps.db,
    divisionId!,
    project.id,
    { type: query.type, search: searchQuery(query.s) },
    { pageSize: route.pageSize, ...(query.cursor ? { cursor: query.cursor } : {}) },
  );
  return pageOf(route, { items: page.items.map(projectLegendItemView), nextCursor: page.nextCursor }, null);
}

export const handler = httpRoute(route, main);
