import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { groupOwnerStep, removeDocument } from '@stormline/data/documents';
import { getGroupInDivision } from '@stormline/data/regulations';
import { requireOwnerUpdate } from '../../lib/document-owner';
import { fileStoreOf } from '../../lib/file-store';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = uploadsRoutes.deleteGroupUpload;

/**
 * Destroys a document of one of the division's groups: its records, then its file. Like upload,
 * rename and replace, it changes the group's list: update Regulations too.
 */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const group = await getGroupInDivision(deps.db, divisionId!, params.id);
  const owner = { kind: 'group', groupId: group.id } as const;
  requireOwnerUpdate(caller, owner);
  const doc = await removeDocument(
    deps.db,
    owner,
    params.uploadId,
    groupOwnerStep(deps.db, group.id, deps.now()),
  );
  await fileStoreOf(deps).remove(doc.objectKey);
  return { id: doc.id };
}

export const handler = httpRoute(route, main);
