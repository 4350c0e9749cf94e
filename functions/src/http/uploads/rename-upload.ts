import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import {
  documentView,
  getDocumentByGuidInDivision,
  ownerStepOf,
  renameDocument,
} from '@stormline/data/documents';
import { requireOwnerUpdate } from '../../lib/document-owner';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = uploadsRoutes.renameUpload;

/**
 * Renames a document of the division, by GUID, at the version read (409 when stale). Besides
 * update Documents (the route's) the caller needs update on the document's owner (Regulations or
 * Legend Item), as uploading and sorting do.
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const doc = await getDocumentByGuidInDivision(deps.db, params.id, divisionId!);
  requireOwnerUpdate(caller, doc.owner);
  const now = deps.now();
  const renamed = await renameDocument(
    deps.db,
    doc,
    body.name,
    body.version,
    now,
    ownerStepOf(deps.db, doc.owner, now),
  );
  return documentView(renamed);
}

export const handler = httpRoute(route, main);
