import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { listInspectionNotes } from '@stormline/data/inspection-notes';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { readInspection, userNames } from '../../lib/inspection-context';
import { inspectionNoteView } from '../../lib/note-view';

const route = inspectionsRoutes.listInspectionNotes;

/** An inspection's notes, newest first, each saying whether the caller may edit it. */
export async function main({ params, query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { inspection, project } = await readInspection(deps, caller, divisionId!, params.id);
  const page = await listInspectionNotes(deps.db, divisionId!, inspection.id, {
    pageSize: route.pageSize,
    cursor: query.cursor,
  });
  const names = await userNames(
    deps,
    page.items.map((n) => n.authorId),
  );
  return {
    pageData: page.items.map((n) =>
      inspectionNoteView(n, names.get(n.authorId) ?? 'Former user', caller, project),
    ),
    paginationState: { pageSize: route.pageSize, numModels: null, nextCursor: page.nextCursor },
  };
}

export const handler = httpRoute(route, main);
