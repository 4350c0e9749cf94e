import { projectsRoutes } from '@stormline/contract/areas/projects';
import { listProjectFindings } from '@stormline/data/findings';
import { controlMeasureNames, findingView } from '../../lib/finding-view';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { readVisibleProject } from '../../lib/project-access';

const route = projectsRoutes.listProjectFindings;

/** The project's Findings tab (spec 002 §2): its findings, open first, then completed, by number. */
export async function main({ params, query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await readVisibleProject(deps, caller, divisionId!, params.id);
  const page = await listProjectFindings(deps.db, divisionId!, project.id, {
    pageSize: route.pageSize,
    cursor: query.cursor,
  });
  const names = await controlMeasureNames(deps, divisionId!, page.items);
  return {
    pageData: page.items.map((f) => findingView(f, names)),
    paginationState: { pageSize: route.pageSize, numModels: null, nextCursor: page.nextCursor },
  };
}

export const handler = httpRoute(route, main);
