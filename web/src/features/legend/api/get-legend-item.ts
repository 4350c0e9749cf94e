import useSWR from 'swr';
import { legendItemsRoutes } from '@stormline/contract/areas/legend-items';
import { callApi, type ApiResponse } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';
import { useDivisionId } from '../../../lib/division-context';

export type LegendItemDetail = ApiResponse<typeof legendItemsRoutes.getLegendItem>;

export const legendItemKey = (divisionId: string, id: string) => cacheKey(divisionId, 'legend/one', id);

/** GET /api/legend-items/{id}: the item with its symbol, regulations, documents and version. */
export function useLegendItem(id: string | null) {
  const divisionId = useDivisionId();
  return useSWR(id ? legendItemKey(divisionId, id) : null, () =>
    callApi(legendItemsRoutes.getLegendItem, { divisionId, params: { id: id! } }),
  );
}
