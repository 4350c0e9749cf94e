import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { legendOwnerStep, removeDocument } from '@stormline/data/documents';
import { getLegendItem } from '@stormline/data/legend-items';
import { requireOwnerUpdate } from '../../lib/document-owner';
import { fileStoreOf } from '../../lib/file-store';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = uploadsRoutes.deleteLegendItemUpload;

/**
 * Destroys a document of one of the division's legend items: its records, then its file. Like
 * upload, rename and replace, it changes the item's list: update Legend Item too.
 */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const item = await getLegendItem(deps.db, divisionId!, params.id);
  const owner = { kind: 'legend', divisionId: divisionId!, legendItemId: item.id } as const;
  requireOwnerUpdate(caller, owner);
  const doc = await removeDocument(
    deps.db,
    owner,
    params.uploadId,
    legendOwnerStep(deps.db, divisionId!, item.id),
  );
  await fileStoreOf(deps).remove(doc.objectKey);
  return { id: doc.id };
}

export const handler = httpRoute(route, main);
