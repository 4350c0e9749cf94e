import { mapRoutes } from '@stormline/contract/areas/map';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { saveMap, savedView } from '../../lib/map-save';
import { readMap } from '../../lib/site-map-editor';

const route = mapRoutes.updatePositionables;

/**
 * Save map edits in bulk (spec 002 §4 pending updates, §7; 0041): new, changed and removed features
 * for an inspection, all or nothing against the versions read; the earlier inspections' maps stay.
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const ctx = await readMap(deps, caller, divisionId!, params.targetId, params.inspectionId);
  const saved = await saveMap(deps, caller, ctx, params.targetType, body.items);
  return { items: await savedView(deps, ctx, saved), savedAt: deps.now().toISOString() };
}

export const handler = httpRoute(route, main);
