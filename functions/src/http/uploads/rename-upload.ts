import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import {
  documentView,
  getDocumentByGuidInDivision,
  ownerStepOf,
  renameDocument,
} from '@stormline/data/documents';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = uploadsRoutes.renameUpload;

/** Renames a document of the division, by GUID, at the version read (409 when stale). */
export async function main({ params, body, divisionId, deps }: RouteRequest<typeof route>) {
  const doc = await getDocumentByGuidInDivision(deps.db, params.id, divisionId!);
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
