import { mutate } from 'swr';
import type { DocumentRow } from '../../../components/documents/document-calls';
import {
  destroyDocument,
  recordUpload,
  sortDocument,
  withDocumentMoved,
  type DocumentOwner,
} from '../../../components/documents/owner-calls';
import { useDivisionId } from '../../../lib/division-context';
import { legendItemKey, type LegendItemDetail } from './get-legend-item';

/** A legend item's document writes, kept in its cached detail (GET /api/legend-items/{id} carries the documents). */
export function useLegendDocumentActions(legendItemId: string) {
  const divisionId = useDivisionId();
  const key = legendItemKey(divisionId, legendItemId);
  const owner: DocumentOwner = { kind: 'legend', legendItemId };
  const refresh = () => mutate(key);
  return {
    refresh,
    record: (upload: string) => recordUpload(divisionId, owner, upload),
    move: (doc: DocumentRow, order: number) =>
      mutate(
        key,
        async (current: LegendItemDetail | undefined) => {
          const uploads = await sortDocument(divisionId, owner, doc, order);
          return current ? { ...current, uploads } : current;
        },
        {
          optimisticData: (current: LegendItemDetail | undefined) =>
            current ? { ...current, uploads: withDocumentMoved(current.uploads, doc.id, order) } : current!,
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
