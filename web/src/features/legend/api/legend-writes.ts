import useSWRMutation from 'swr/mutation';
import { mutate } from 'swr';
import { legendItemsRoutes } from '@stormline/contract/areas/legend-items';
import { callApi, type ApiBody } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';
import { refetchOnConflict } from '../../../lib/conflict';
import { useDivisionId } from '../../../lib/division-context';
import { isLegendListKey } from './get-legend-items';
import { legendItemKey, type LegendItemDetail } from './get-legend-item';

export type CreateLegendItemInput = ApiBody<typeof legendItemsRoutes.createLegendItem>;
export type UpdateLegendItemInput = ApiBody<typeof legendItemsRoutes.updateLegendItem>;

const refreshLists = () => mutate(isLegendListKey);

/** POST /api/legend-items: the new item is cached (with no documents yet) and the lists are read again. */
export function useCreateLegendItem() {
  const divisionId = useDivisionId();
  return useSWRMutation(
    cacheKey(divisionId, 'legend/create'),
    async (_key: unknown, { arg }: { arg: CreateLegendItemInput }) => {
      const item = await callApi(legendItemsRoutes.createLegendItem, { divisionId, body: arg });
      const detail: LegendItemDetail = { ...item, uploads: [] };
      await mutate(legendItemKey(divisionId, item.id), detail, { revalidate: false });
      return detail;
    },
    { throwOnError: true, onSuccess: () => void refreshLists() },
  );
}

/** PUT /api/legend-items/{id} with the version read; 409 reads the item again. */
export function useUpdateLegendItem(id: string) {
  const divisionId = useDivisionId();
  const key = legendItemKey(divisionId, id);
  return useSWRMutation(
    key,
    (_key: unknown, { arg }: { arg: UpdateLegendItemInput }) =>
      callApi(legendItemsRoutes.updateLegendItem, { divisionId, params: { id }, body: arg }),
    {
      throwOnError: true,
      revalidate: false,
      // The answer has no documents: the ones on show stay.
      populateCache: (item, current?: LegendItemDetail): LegendItemDetail => ({
        ...item,
        uploads: current?.uploads ?? [],
      }),
      onSuccess: () => void refreshLists(),
      onError: (error) => refetchOnConflict(error, key),
    },
  );
}

/** DELETE /api/legend-items/{id}: the item and its documents go. */
export function useDeleteLegendItem() {
  const divisionId = useDivisionId();
  return useSWRMutation(
    cacheKey(divisionId, 'legend/delete'),
    async (_key: unknown, { arg: id }: { arg: string }) => {
      await callApi(legendItemsRoutes.deleteLegendItem, { divisionId, params: { id } });
      await mutate(legendItemKey(divisionId, id), undefined, { revalidate: false });
    },
    { throwOnError: true, onSuccess: () => void refreshLists() },
  );
}
