import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { callApi } from '../../lib/api-client';
import type { DocumentRow } from './document-calls';

/**
 * The calls that name a document's owner: a regulation group's (the Regulations tab), a legend
 * item's (the BMP tab and the legend item's modal) or one of a project's document types (Project
 * Documents, Active Site Map). Renames, replaces and downloads go by GUID and name no owner
 * (document-calls.ts).
 */
export type DocumentOwner =
  | { kind: 'group'; groupId: string }
  | { kind: 'legend'; legendItemId: string; /** The BMP tab's group, when sorted there. */ groupId?: string }
  | { kind: 'project'; projectId: string; docTypeId: string };

/** Records a sent file as the owner's document, once the server has checked it. */
export function recordUpload(divisionId: string, owner: DocumentOwner, upload: string) {
  if (owner.kind === 'project')
    return callApi(uploadsRoutes.createProjectUpload, {
      divisionId,
      params: { id: owner.projectId },
      body: { upload, project_doc_type_id: owner.docTypeId },
    });
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

/** PUT /api/documents/{group, legend or project}/sort: answers the owner's documents in their new order. */
export async function sortDocument(
  divisionId: string,
  owner: DocumentOwner,
  doc: DocumentRow,
  order: number,
): Promise<DocumentRow[]> {
  if (owner.kind === 'project')
    return (
      await callApi(uploadsRoutes.sortProjectDocuments, {
        divisionId,
        body: { id: doc.id, order, projectId: owner.projectId, project_doc_type_id: owner.docTypeId },
      })
    ).documents;
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
  if (owner.kind === 'project')
    await callApi(uploadsRoutes.deleteProjectUpload, {
      divisionId,
      params: { id: owner.projectId, uploadId: doc.id },
    });
  else if (owner.kind === 'group')
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
