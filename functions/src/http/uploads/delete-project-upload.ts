import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { getProjectDocument, projectOwnerStep, removeDocument } from '@stormline/data/documents';
import { getMapStates } from '@stormline/data/map-features';
import { ConflictError, ForbiddenError } from '@stormline/domain/errors';
import { MAP_MESSAGES, siteMapId } from '@stormline/domain/map-features';
import { mayDeleteProjectDocument, PROJECT_DOCUMENT_MESSAGES } from '@stormline/domain/project-rules';
import { fileStoreOf } from '../../lib/file-store';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { isSiteMap, writableProject } from '../../lib/project-documents';
import { pagesEver } from '../../lib/site-map-editor';
import { siteMapRemoved } from '../../lib/site-map-hooks';

const route = uploadsRoutes.deleteProjectUpload;

/**
 * Destroys a document of a project: its records, then its file. The project's rules are those of
 * uploading (visible, not archived, update Project besides delete Documents), the document must be
 * that project's, and an active site map is not deleted by the roles spec 002 §6 hides its button
 * from. A site map's page images go with it (site-map-hooks.ts). A site map is not deleted while
 * features stand on any of its pages' maps (409): they would stand on a map no one can open (0041).
 */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await writableProject(deps, caller, divisionId!, params.id);
  const doc = await getProjectDocument(deps.db, divisionId!, project.id, params.uploadId);
  if (!mayDeleteProjectDocument(caller.role.name, doc.owner.docTypeId))
    throw new ForbiddenError(PROJECT_DOCUMENT_MESSAGES.siteMapDelete);
  if (isSiteMap(doc.owner)) {
    const pages = new Set((await pagesEver(deps, divisionId!, doc.id)).map((p) => p.page));
    const maps = await getMapStates(
      deps.db,
      divisionId!,
      [...pages].map((page) => siteMapId(doc.id, page)),
    );
    if ([...maps.values()].some((m) => m.standing > 0)) throw new ConflictError(MAP_MESSAGES.featuresOnMap);
  }
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
