import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { documentView, findGuidKey, documentAt } from '@stormline/data/documents';
import { NotFoundError } from '@stormline/domain/errors';
import { annotateRefusal } from '../../lib/annotations';
import { readableDocument } from '../../lib/document-access';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = uploadsRoutes.getUpload;

/**
 * One document by GUID as the document viewer opens it: what it is, who holds it, and whether the
 * caller may annotate it, decided here as the 'xfdf' action decides it. Read as /dl reads: a
 * document the caller may not read is 404.
 */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const notFound = new NotFoundError('Document not found');
  const key = await findGuidKey(deps.db, params.id);
  if (!key || key.sk !== 'UPLOAD') throw notFound;
  const doc = await readableDocument(deps, caller, divisionId, await documentAt(deps.db, key));
  if (!doc) throw notFound;
  const { owner } = doc;
  const refusal = await annotateRefusal(deps, caller, doc);
  return {
    ...documentView(doc),
    owner: {
      kind: owner.kind,
      id:
        owner.kind === 'group'
          ? owner.groupId
          : owner.kind === 'legend'
            ? owner.legendItemId
            : owner.projectId,
    },
    projectId: owner.kind === 'project' ? owner.projectId : null,
    annotate: refusal === null,
    // A role without the right is simply not offered the tools; the other reasons are said.
    readOnlyReason: refusal && refusal.status !== 403 ? refusal.message : null,
  };
}

export const handler = httpRoute(route, main);
