import { legendItemsRoutes } from '@stormline/contract/areas/legend-items';
import { heldGroupsOf, legendItemView, updateLegendItem } from '@stormline/data/legend-items';
import { completeMapSymbol } from '@stormline/domain/map-symbol';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = legendItemsRoutes.updateLegendItem;

export async function main({ params, body, divisionId, deps }: RouteRequest<typeof route>) {
  const item = await updateLegendItem(
    deps.db,
    divisionId!,
    params.id,
    {
      name: body.name,
      type: body.type,
      groupIds: body.groups,
      mapSymbol: completeMapSymbol(body.type, body.map_symbol),
    },
    body.version,
    deps.now(),
  );
  return legendItemView(item, await heldGroupsOf(deps.db, divisionId!, [item]));
}

export const handler = httpRoute(route, main);
