import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { getProjectDocument, projectOwnerStep, removeDocument } from '@stormline/data/documents';
import { ForbiddenError } from '@stormline/domain/errors';
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
 * from. A site map's page images go with it (site-map-hooks.ts).
 */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await writableProject(deps, caller, divisionId!, params.id);
  const doc = await getProjectDocument(deps.db, divisionId!, project.id, params.uploadId);
  if (!mayDeleteProjectDocument(caller.role.name, doc.owner.docTypeId))
    throw new ForbiddenError(PROJECT_DOCUMENT_MESSAGES.siteMapDelete);
  const removed = await removeDocument(
    deps.db,
    doc.owner,
    doc.id,
    projectOwnerStep(deps.db, divisionId!, project.id),
  );
  await fileStoreOf(deps).remove(removed.objectKey);
  if (isSiteMap(removed.owner)) await siteMapRemoved(deps, removed);
  return { id: removed.id };
}

export const handler = httpRoute(route, main);
