import { legendItemsRoutes } from '@stormline/contract/areas/legend-items';
import { createProjectLegendItem, projectLegendItemView } from '@stormline/data/legend-items';
import { projectLiveCheck } from '@stormline/data/projects';
import { completeMapSymbol } from '@stormline/domain/map-symbol';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { assertProjectWritable, readVisibleProject } from '../../lib/project-access';

const route = legendItemsRoutes.createProjectLegendItem;

/** A control measure or pollutant of the project's own; its map symbol completed from the defaults. */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await readVisibleProject(deps, caller, divisionId!, params.id);
  assertProjectWritable(project);
  const item = await createProjectLegendItem(
    deps.db,
    { divisionId: divisionId!, projectId: project.id },
    { name: body.name, type: body.type, mapSymbol: completeMapSymbol(body.type, body.map_symbol) },
    [projectLiveCheck(deps.db, project)],
    deps.now(),
  );
  return { status: 201, body: projectLegendItemView(item) };
}

export const handler = httpRoute(route, main);
