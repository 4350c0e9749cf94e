import { mapRoutes } from '@stormline/contract/areas/map';
import { listMapNotes, mapNoteView } from '@stormline/data/map-notes';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { pageOf } from '../../lib/page';
import { readVisibleProject } from '../../lib/project-access';

const route = mapRoutes.listMapNotes;

/** The map sidebar's Notes (spec 002 §2, §3): the project's map notes, newest first. */
export async function main({ params, query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await readVisibleProject(deps, caller, divisionId!, params.id);
  const page = await listMapNotes(deps.db, divisionId!, project.id, {
    pageSize: route.pageSize,
    ...(query.cursor ? { cursor: query.cursor } : {}),
  });
  return pageOf(route, { items: page.items.map(mapNoteView), nextCursor: page.nextCursor }, null);
}

export const handler = httpRoute(route, main);
