import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import {
  documentView,
  getDocumentByGuidInDivision,
  ownerStepOf,
  renameDocument,
} from '@stormline/data/documents';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { requireDocumentWritable } from '../../lib/project-documents';

const route = uploadsRoutes.renameUpload;

/**
 * Renames a document of the division, by GUID, at the version read (409 when stale). Besides
 * update Documents (the route's) the caller needs update on the document's owner (Regulations or
 * Legend Item; a project's document: update Project on a project the caller sees, not archived),
 * as uploading and sorting do.
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const doc = await getDocumentByGuidInDivision(deps.db, params.id, divisionId!);
  await requireDocumentWritable(deps, caller, doc.owner);
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
