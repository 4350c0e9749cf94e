import { legendItemsRoutes } from '@stormline/contract/areas/legend-items';
import {
  heldGroupsOf,
  legendItemView,
  listLegendItems,
  listLegendItemsOfGroup,
} from '@stormline/data/legend-items';
import { getGroupInDivision } from '@stormline/data/regulations';
import { searchQuery } from '@stormline/data/search-terms';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { pageOf } from '../../lib/page';

const route = legendItemsRoutes.listLegendItems;

/**
 * The Map Legend list (Name, Map Symbol; 'Search Map Legend' matches the start of the name), one
 * type's items, or a group's BMP tab (documentGroupId).
 */
export async function main({ query, divisionId, deps }: RouteRequest<typeof route>) {
  const division = divisionId!;
  const page = { pageSize: route.pageSize, cursor: query.cursor };
  const filter = { type: query.type, search: searchQuery(query.s) };
  const items = query.documentGroupId
    ? await listLegendItemsOfGroup(
        deps.db,
        division,
        (await getGroupInDivision(deps.db, division, query.documentGroupId)).id,
        filter,
        page,
      )
    : await listLegendItems(deps.db, division, filter, page);
  const groups = await heldGroupsOf(deps.db, division, items.items);
  return pageOf(
    route,
    { items: items.items.map((i) => legendItemView(i, groups)), nextCursor: items.nextCursor },
    null,
  );
}

export const handler = httpRoute(route, main);
