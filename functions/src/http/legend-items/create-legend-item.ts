import { legendItemsRoutes } from '@stormline/contract/areas/legend-items';
import { createLegendItem, heldGroupsOf, legendItemView } from '@stormline/data/legend-items';
import { completeMapSymbol } from '@stormline/domain/map-symbol';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = legendItemsRoutes.createLegendItem;

/** A legend item of the division; its regulations must be groups the division holds. */
export async function main({ body, divisionId, deps }: RouteRequest<typeof route>) {
  const item = await createLegendItem(
    deps.db,
    divisionId!,
    {
      name: body.name,
      type: body.type,
      groupIds: body.groups ?? [],
      mapSymbol: completeMapSymbol(body.type, body.map_symbol),
    },
    deps.now(),
  );
  return { status: 201, body: legendItemView(item, await heldGroupsOf(deps.db, divisionId!, [item])) };
}

export const handler = httpRoute(route, main);
