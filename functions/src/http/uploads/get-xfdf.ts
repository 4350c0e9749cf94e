import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { documentXfdf, readableDocumentById } from '../../lib/annotations';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = uploadsRoutes.getXfdf;

/**
 * A document's PDF annotations as one XFDF file: for whoever may read the document (its owner's
 * read right and division, a project's visibility), annotating or not, so a Client User and the
 * public view see the marks they cannot change (docs/decisions/0039).
 */
export async function main({ params, query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const doc = await readableDocumentById(deps, caller, divisionId!, params.uploadId, query.projectId);
  return { uploadId: doc.id, xfdf: await documentXfdf(deps, doc) };
}

export const handler = httpRoute(route, main);
