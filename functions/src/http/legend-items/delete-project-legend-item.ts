import { legendItemsRoutes } from '@stormline/contract/areas/legend-items';
import { deleteProjectLegendItem, getProjectLegendItem } from '@stormline/data/legend-items';
import { isSourcePlaced } from '@stormline/data/map-features';
import { projectLiveCheck } from '@stormline/data/projects';
import { ConflictError } from '@stormline/domain/errors';
import { MAP_MESSAGES } from '@stormline/domain/map-features';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { assertProjectWritable, readVisibleProject } from '../../lib/project-access';

const route = legendItemsRoutes.deleteProjectLegendItem;

/**
 * Destroys a project legend item: refused (409) while it stands on a map now (remove it from the
 * map first); the earlier inspections' maps it stood on show it as deleted.
 */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await readVisibleProject(deps, caller, divisionId!, params.id);
  const item = await getProjectLegendItem(deps.db, divisionId!, project.id, params.legendItemId);
  assertProjectWritable(project);
  if (await isSourcePlaced(deps.db, divisionId!, item.id)) throw new ConflictError(MAP_MESSAGES.standsOnMap);
  await deleteProjectLegendItem(deps.db, item, [projectLiveCheck(deps.db, project)]);
  return { id: item.id };
}

export const handler = httpRoute(route, main);
