import { mapRoutes } from '@stormline/contract/areas/map';
import { listProjectInspections } from '@stormline/data/inspections';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { pageOf } from '../../lib/page';
import { inspectionMapEditable, inspectionsUsingMap, readMap, siteMapIdOf } from '../../lib/site-map-editor';

const route = mapRoutes.listSiteMapInspections;

/**
 * The map editor's inspection selector (spec 002 §2): the project's inspections newest first that
 * the map stood for (0038's rule; short pages), each with its number, date and type, and whether
 * its map may still change (not once certified, archived, or a later inspection started).
 */
export async function main({ params, query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const id = await siteMapIdOf(deps, divisionId!, params.sitemapId);
  const ctx = await readMap(deps, caller, divisionId!, id, null, params.id);
  const page = await listProjectInspections(deps.db, divisionId!, ctx.project.id, {
    pageSize: route.pageSize,
    ...(query.cursor ? { cursor: query.cursor } : {}),
  });
  // By date, newest first; two on one day (the list's key then orders by id) by number.
  const newestFirst = [...page.items].sort(
    (a, b) => b.created_date.localeCompare(a.created_date) || b.number - a.number,
  );
  const using = await inspectionsUsingMap(deps, ctx, newestFirst);
  return pageOf(
    route,
    {
      items: using.map((i) => ({
        id: i.id,
        number: i.number,
        date: i.created_date.slice(0, 10),
        type: i.type,
        editable: inspectionMapEditable(i, ctx.project),
      })),
      nextCursor: page.nextCursor,
    },
    null,
  );
}

export const handler = httpRoute(route, main);
