import { mapRoutes } from '@stormline/contract/areas/map';
import { listMapFeatures } from '@stormline/data/map-features';
import { CONTEXT_TYPES } from '@stormline/domain/map-features';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { pageOf } from '../../lib/page';
import { featureSources, positionableView, readMap } from '../../lib/site-map-editor';

const route = mapRoutes.listPositionables;

/**
 * The features a map shows for an inspection (or the baseline), spec 002 §7: those standing then
 * (0041), of the context's types (and query type), each with what it shows joined from its source.
 */
export async function main({ params, query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const ctx = await readMap(deps, caller, divisionId!, params.targetId, params.inspectionId);
  const types = CONTEXT_TYPES[params.context].filter((t) => !query.type || t === query.type);
  const page = await listMapFeatures(deps.db, divisionId!, ctx.siteMapId, ctx.n, types, {
    pageSize: route.pageSize,
    ...(query.cursor ? { cursor: query.cursor } : {}),
  });
  const sourceOf = await featureSources(deps, ctx.project, page.items);
  return pageOf(
    route,
    { items: page.items.map((f) => positionableView(f, sourceOf(f))), nextCursor: page.nextCursor },
    null,
  );
}

export const handler = httpRoute(route, main);
