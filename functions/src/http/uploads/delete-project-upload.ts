import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { getProjectDocument, projectOwnerStep, removeDocument } from '@stormline/data/documents';
import { mapFeatureKeys } from '@stormline/data/map-features';
import type { TransactionStep } from '@stormline/data/transact';
import { ConflictError, ForbiddenError } from '@stormline/domain/errors';
import { MAP_MESSAGES } from '@stormline/domain/map-features';
import { mayDeleteProjectDocument, PROJECT_DOCUMENT_MESSAGES } from '@stormline/domain/project-rules';
import { fileStoreOf } from '../../lib/file-store';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { isSiteMap, writableProject } from '../../lib/project-documents';
import { siteMapRemoved } from '../../lib/site-map-hooks';

const route = uploadsRoutes.deleteProjectUpload;

/**
 * Destroys a document of a project: its records, then its file. The project's rules are those of
 * uploading (visible, not archived, update Project besides delete Documents), the document must be
 * that project's, and an active site map is not deleted by the roles spec 002 §6 hides its button
 * from. A site map's page images go with it (site-map-hooks.ts). A site map is not deleted while
 * features stand on any of its pages' maps (409): they would stand on a map no one can open (0041).
 * That is a condition of the delete's own transaction on the document's standing count, which every
 * map save moves in its transactions (and a save placing a feature checks the document is still
 * there in its own), so a save racing the delete cannot strand a feature.
 */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await writableProject(deps, caller, divisionId!, params.id);
  const doc = await getProjectDocument(deps.db, divisionId!, project.id, params.uploadId);
  if (!mayDeleteProjectDocument(caller.role.name, doc.owner.docTypeId))
    throw new ForbiddenError(PROJECT_DOCUMENT_MESSAGES.siteMapDelete);
  const nothingStanding: TransactionStep[] = isSiteMap(doc.owner)
    ? [
        {
          write: {
            ConditionCheck: {
              TableName: deps.db.tableName,
              Key: mapFeatureKeys.document(divisionId!, doc.id),
              ConditionExpression: 'attribute_not_exists(standing) OR standing <= :none',
              ExpressionAttributeValues: { ':none': 0 },
            },
          },
          onConditionFailed: () => new ConflictError(MAP_MESSAGES.featuresOnMap),
        },
      ]
    : [];
  const removed = await removeDocument(
    deps.db,
    doc.owner,
    doc.id,
    projectOwnerStep(deps.db, divisionId!, project.id),
    nothingStanding,
  );
  await fileStoreOf(deps).remove(removed.objectKey);
  if (isSiteMap(removed.owner)) await siteMapRemoved(deps, removed);
  return { id: removed.id };
}

export const handler = httpRoute(route, main);
