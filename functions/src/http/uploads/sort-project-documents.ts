import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { documentView, moveDocument, projectOwnerStep } from '@stormline/data/documents';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { projectOwnerOf, writableProject } from '../../lib/project-documents';

const route = uploadsRoutes.sortProjectDocuments;

/**
 * A document dragged to a new place in its project document type's list: update Documents (the
 * route's) and the project's own rules (visible, not archived, update Project). Answers the
 * type's documents in their new order.
 */
export async function main({ body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await writableProject(deps, caller, divisionId!, body.projectId);
  const owner = projectOwnerOf(project, body.project_doc_type_id);
  const documents = await moveDocument(
    deps.db,
    owner,
    body.id,
    body.order,
    deps.now(),
    projectOwnerStep(deps.db, owner.divisionId, owner.projectId),
  );
  return { documents: documents.map(documentView) };
}

export const handler = httpRoute(route, main);
