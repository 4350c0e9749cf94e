import { projectsRoutes } from '@stormline/contract/areas/projects';
import { documentView, listDocuments } from '@stormline/data/documents';
import { ValidationError } from '@stormline/domain/errors';
import { PROJECT_DOC_TYPES } from '@stormline/domain/project-rules';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { readVisibleProject } from '../../lib/project-access';

const route = projectsRoutes.listProjectDocs;

/** Spec 001 §2's first rows of a document list: more come one type at a time. */
const FIRST_ROWS = 15;

/**
 * The project's documents by its document types (spec 002 §2 tabs Project Documents and Active
 * Site Map), for whoever may see the project (published ones for the public account). One Query
 * per type the project keeps (at most the eight types), each a page in the list's order; with
 * docTypeId, that type's next page. Uploading and editing them is the site-map issue's.
 */
export async function main({ params, query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await readVisibleProject(deps, caller, divisionId!, params.id);
  const kept = PROJECT_DOC_TYPES.filter((t) => project.docTypes.includes(t.id));
  const wanted = query.docTypeId ? kept.filter((t) => t.id === query.docTypeId) : kept;
  // A cursor belongs to one type's list.
  if (query.cursor && !query.docTypeId)
    throw new ValidationError('Name the document type to page', [
      { path: 'docTypeId', message: 'Name the document type to page' },
    ]);
  if (query.docTypeId && wanted.length === 0)
    throw new ValidationError('Unknown document type', [
      { path: 'docTypeId', message: 'Unknown document type' },
    ]);
  const docTypes = await Promise.all(
    wanted.map(async (type) => {
      const page = await listDocuments(
        deps.db,
        { kind: 'project', divisionId: divisionId!, projectId: project.id, docTypeId: type.id },
        { pageSize: FIRST_ROWS, ...(query.cursor ? { cursor: query.cursor } : {}) },
      );
      return { ...type, documents: page.items.map(documentView), nextCursor: page.nextCursor };
    }),
  );
  return { docTypes };
}

export const handler = httpRoute(route, main);
