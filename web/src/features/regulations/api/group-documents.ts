import useSWR, { mutate } from 'swr';
import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import type { DocumentRow } from '../../../components/documents/document-calls';
import {
  destroyDocument,
  recordUpload,
  sortDocument,
  withDocumentMoved,
  type DocumentOwner,
} from '../../../components/documents/owner-calls';
import { callApi } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';
import { useDivisionId } from '../../../lib/division-context';
import { refreshGroups } from './refresh-groups';

export const groupDocumentsKey = (divisionId: string, groupId: string) =>
  cacheKey(divisionId, 'groups/documents', groupId);

/**
 * GET /api/groups/{id}/uploads, every page: a group holds at most 200 documents (ADR 0015), so the
 * list is read whole (pages of 50) and the screen shows 15 rows before Show More; a drag then
 * places a document in the whole list.
 */
async function getGroupDocuments(divisionId: string, groupId: string): Promise<DocumentRow[]> {
  const documents: DocumentRow[] = [];
  let cursor: string | undefined;
  do {
    const page = await callApi(uploadsRoutes.listGroupUploads, {
      divisionId,
      params: { id: groupId },
      query: { cursor },
    });
    documents.push(...page.pageData);
    cursor = page.paginationState.nextCursor ?? undefined;
  } while (cursor);
  return documents;
}

export function useGroupDocuments(groupId: string) {
  const divisionId = useDivisionId();
  return useSWR(groupDocumentsKey(divisionId, groupId), () => getGroupDocuments(divisionId, groupId));
}

/** The Regulations tab's writes: each reads the tab, the group and the lists again. */
export function useGroupDocumentActions(groupId: string) {
  const divisionId = useDivisionId();
  const key = groupDocumentsKey(divisionId, groupId);
  const owner: DocumentOwner = { kind: 'group', groupId };
  const refresh = () => Promise.all([mutate(key), refreshGroups(divisionId, groupId)]);
  return {
    refresh,
    record: (upload: string) => recordUpload(divisionId, owner, upload),
    // Moved at once on screen; the server's order replaces it, or the old order comes back.
    move: (doc: DocumentRow, order: number) =>
      mutate(key, () => sortDocument(divisionId, owner, doc, order), {
        optimisticData: (current: DocumentRow[] | undefined) =>
          withDocumentMoved(current ?? [], doc.id, order),
        rollbackOnError: true,
        populateCache: true,
        revalidate: false,
      }),
    destroy: async (doc: DocumentRow) => {
      await destroyDocument(divisionId, owner, doc);
      await refresh();
    },
  };
}
