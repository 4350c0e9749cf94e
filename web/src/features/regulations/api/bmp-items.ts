import useSWR, { mutate } from 'swr';
import { legendItemsRoutes } from '@stormline/contract/areas/legend-items';
import type { DocumentRow } from '../../../components/documents/document-calls';
import {
  destroyDocument,
  recordUpload,
  sortDocument,
  withDocumentMoved,
  type DocumentOwner,
} from '../../../components/documents/owner-calls';
import { callApi, type ApiResponse } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';
import { useDivisionId } from '../../../lib/division-context';
import { useServerList } from '../../../lib/list/server-list';

export type BmpItem = ApiResponse<typeof legendItemsRoutes.listLegendItems>['pageData'][number];

/** The BMP tab: the division's legend items that list this group, a page at a time. */
export function useBmpItems(groupId: string) {
  const divisionId = useDivisionId();
  return useServerList({
    resource: 'groups/bmp-items',
    divisionId,
    load: ({ cursor, s }) =>
      callApi(legendItemsRoutes.listLegendItems, {
        divisionId,
        query: { cursor, s, documentGroupId: groupId },
      }),
  });
}

type DocumentsByItem = Record<string, DocumentRow[]>;

const bmpDocumentsKey = (divisionId: string, groupId: string, itemIds: readonly string[]) =>
  cacheKey(divisionId, 'groups/bmp-documents', groupId, itemIds.join(','));

/** GET /api/legend-items/group/{id}/uploads?LegendItemIds=: the documents of the page's items, each in order. */
export function useBmpDocuments(groupId: string, itemIds: readonly string[]) {
  const divisionId = useDivisionId();
  return useSWR(itemIds.length > 0 ? bmpDocumentsKey(divisionId, groupId, itemIds) : null, async () => {
    const answer = await callApi(legendItemsRoutes.listGroupLegendItemUploads, {
      divisionId,
      params: { id: groupId },
      query: { LegendItemIds: itemIds.join(',') },
    });
    return Object.fromEntries(
      answer.items.map((item) => [item.legendItemId, item.uploads]),
    ) as DocumentsByItem;
  });
}

/** One BMP item's document writes, kept in the tab's answer for all the page's items. */
export function useBmpDocumentActions(groupId: string, itemIds: readonly string[], legendItemId: string) {
  const divisionId = useDivisionId();
  const key = bmpDocumentsKey(divisionId, groupId, itemIds);
  const owner: DocumentOwner = { kind: 'legend', legendItemId, groupId };
  const refresh = () => mutate(key);
  return {
    refresh,
    record: (upload: string) => recordUpload(divisionId, owner, upload),
    move: (doc: DocumentRow, order: number) =>
      mutate(
        key,
        async (current: DocumentsByItem | undefined) => ({
          ...current,
          [legendItemId]: await sortDocument(divisionId, owner, doc, order),
        }),
        {
          optimisticData: (current: DocumentsByItem | undefined) => ({
            ...current,
            [legendItemId]: withDocumentMoved(current?.[legendItemId] ?? [], doc.id, order),
          }),
          rollbackOnError: true,
          populateCache: true,
          revalidate: false,
        },
      ),
    destroy: async (doc: DocumentRow) => {
      await destroyDocument(divisionId, owner, doc);
      await refresh();
    },
  };
}
