import { mapRoutes } from '@stormline/contract/areas/map';
import { findStandingFeature } from '@stormline/data/map-features';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { saveMap } from '../../lib/map-save';
import { readMap } from '../../lib/site-map-editor';

const route = mapRoutes.deletePositionable;

/**
 * Remove a feature from the map from an inspection on (spec 002 §7; 0041): ended there, or deleted
 * outright when it was placed in that inspection; the earlier inspections' maps keep it.
 */
export async function main({ params, query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const feature = await findStandingFeature(deps.db, divisionId!, params.id);
  const ctx = await readMap(
    deps,
    caller,
    divisionId!,
    feature.siteMapId,
    query.inspectionId,
    feature.projectId,
  );
  await saveMap(deps, caller, ctx, feature.targetType, [
    {
      positionables_id: feature.id,
      positionable_id: feature.sourceId,
      positionable_type: feature.type,
      position_x: feature.position_x,
      position_y: feature.position_y,
      geometry: feature.geometry,
      version: Number(query.version),
      remove: true,
    },
  ]);
  return { id: feature.id };
}

export const handler = httpRoute(route, main);
