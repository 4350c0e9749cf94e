import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { groupOwnerStep, removeDocument } from '@stormline/data/documents';
import { getGroupInDivision } from '@stormline/data/regulations';
import { fileStoreOf } from '../../lib/file-store';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = uploadsRoutes.deleteGroupUpload;

/** Destroys a document of one of the division's groups: its records, then its file. */
export async function main({ params, divisionId, deps }: RouteRequest<typeof route>) {
  const group = await getGroupInDivision(deps.db, divisionId!, params.id);
  const doc = await removeDocument(
    deps.db,
    { kind: 'group', groupId: group.id },
    params.uploadId,
    groupOwnerStep(deps.db, group.id, deps.now()),
  );
  await fileStoreOf(deps).remove(doc.objectKey);
  return { id: doc.id };
}

export const handler = httpRoute(route, main);
