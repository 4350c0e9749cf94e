import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { projectOwnerStep } from '@stormline/data/documents';
import { recordUploadedDocument } from '../../lib/document-upload';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { isSiteMap, limitsFor, projectOwnerOf, writableProject } from '../../lib/project-documents';
import { siteMapStored } from '../../lib/site-map-hooks';

const route = uploadsRoutes.createProjectUpload;

/**
 * Adds the file of an upload to one of a project's document types (spec 002 §7): the project must
 * be one the caller sees in this division, not archived, the caller may change it (update
 * Project), and the type one the project keeps. The file is checked in storage before anything is
 * recorded (an Active Site Map: png, jpeg or pdf, images at least 1000x1000; other types a
 * document list's limits), and a refused one is deleted. A recorded site map goes to the
 * conversion job (site-map-hooks.ts).
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await writableProject(deps, caller, divisionId!, params.id);
  const owner = projectOwnerOf(project, body.project_doc_type_id);
  return recordUploadedDocument(
    deps,
    caller,
    divisionId!,
    body,
    owner,
    () => projectOwnerStep(deps.db, owner.divisionId, owner.projectId),
    {
      limits: limitsFor(owner, false),
      onRecorded: isSiteMap(owner) ? (doc) => siteMapStored(deps, doc, caller) : undefined,
    },
  );
}

export const handler = httpRoute(route, main);
