import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { callApi } from '../../lib/api-client';
import type { DocumentRow } from './document-calls';

/**
 * The calls that name a document's owner: a regulation group's (the Regulations tab) or a legend
 * item's (the BMP tab and the legend item's modal). Renames, replaces and downloads go by GUID
 * and name no owner (document-calls.ts).
 */
export type DocumentOwner =
  | { kind: 'group'; groupId: string }
  | { kind: 'legend'; legendItemId: string; /** The BMP tab's group, when sorted there. */ groupId?: string };

/** Records a sent file as the owner's document, once the server has checked it. */
export function recordUpload(divisionId: string, owner: DocumentOwner, upload: string) {
  return owner.kind === 'group'
    ? callApi(uploadsRoutes.createGroupUpload, {
        divisionId,
        params: { id: owner.groupId },
        body: { upload },
      })
    : callApi(uploadsRoutes.createLegendItemUpload, {
        divisionId,
        params: { id: owner.legendItemId },
        body: { upload },
      });
}

/** PUT /api/documents/{group or legend}/sort: answers the owner's documents in their new order. */
export async function sortDocument(
  divisionId: string,
  owner: DocumentOwner,
  doc: DocumentRow,
  order: number,
): Promise<DocumentRow[]> {
  const answer =
    owner.kind === 'group'
      ? await callApi(uploadsRoutes.sortGroupDocuments, {
          divisionId,
          body: { id: doc.id, order, documentGroupId: owner.groupId },
        })
      : await callApi(uploadsRoutes.sortLegendDocuments, {
          divisionId,
          body: {
            id: doc.id,
            order,
            legendItemId: owner.legendItemId,
            ...(owner.groupId ? { documentGroupId: owner.groupId } : {}),
          },
        });
  return answer.documents;
}

/** Destroys the document and its file. */
export async function destroyDocument(divisionId: string, owner: DocumentOwner, doc: DocumentRow) {
  if (owner.kind === 'group')
    await callApi(uploadsRoutes.deleteGroupUpload, {
      divisionId,
      params: { id: owner.groupId, uploadId: doc.id },
    });
  else
    await callApi(uploadsRoutes.deleteLegendItemUpload, {
      divisionId,
      params: { id: owner.legendItemId, uploadId: doc.id },
    });
}

/** The list with one document moved to `order` (0 first): what a drag shows before the server answers. */
export function withDocumentMoved<T extends { id: string }>(
  list: readonly T[],
  id: string,
  order: number,
): T[] {
  const from = list.findIndex((item) => item.id === id);
  if (from < 0) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(order, next.length)), 0, moved!);
  return next;
}
