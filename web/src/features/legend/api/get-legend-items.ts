import { legendItemsRoutes } from '@stormline/contract/areas/legend-items';
import { callApi, type ApiResponse } from '../../../lib/api-client';
import { isResourceKey } from '../../../lib/cache-keys';
import { useDivisionId } from '../../../lib/division-context';
import { useServerList } from '../../../lib/list/server-list';

export type LegendRow = ApiResponse<typeof legendItemsRoutes.listLegendItems>['pageData'][number];

const LEGEND_LIST = 'legend/list';
export const isLegendListKey = isResourceKey(LEGEND_LIST);

/** /map-legend: the division's legend items by name; 'Search Map Legend' matches the start of the name. */
export function useLegendItemsList() {
  const divisionId = useDivisionId();
  return useServerList({
    resource: LEGEND_LIST,
    divisionId,
    load: ({ cursor, s }) => callApi(legendItemsRoutes.listLegendItems, { divisionId, query: { cursor, s } }),
  });
}
