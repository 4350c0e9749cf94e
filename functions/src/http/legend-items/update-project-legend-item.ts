import { legendItemsRoutes } from '@stormline/contract/areas/legend-items';
import {
  getProjectLegendItem,
  projectLegendItemView,
  updateProjectLegendItem,
} from '@stormline/data/legend-items';
import { projectLiveCheck } from '@stormline/data/projects';
import { completeMapSymbol } from '@stormline/domain/map-symbol';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { assertProjectWritable, readVisibleProject } from '../../lib/project-access';

const route = legendItemsRoutes.updateProjectLegendItem;

/** A project legend item's name, type and symbol at the version read (409 when stale). */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await readVisibleProject(deps, caller, divisionId!, params.id);
  const before = await getProjectLegendItem(deps.db, divisionId!, project.id, params.legendItemId);
  assertProjectWritable(project);
  const item = await updateProjectLegendItem(
    deps.db,
    before,
    { name: body.name, type: body.type, mapSymbol: completeMapSymbol(body.type, body.map_symbol) },
    body.version,
    [projectLiveCheck(deps.db, project)],
    deps.now(),
  );
  return projectLegendItemView(item);
}

export const handler = httpRoute(route, main);
