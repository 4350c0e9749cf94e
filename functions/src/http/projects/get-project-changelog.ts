import { projectsRoutes } from '@stormline/contract/areas/projects';
import { listChangeLog } from '@stormline/data/changelog';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { readVisibleProject } from '../../lib/project-access';

const route = projectsRoutes.getProjectChangelog;

/** The Log tab (spec 002 §2): the project's change log, newest first, a page at a time. */
export async function main({ params, query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await readVisibleProject(deps, caller, divisionId!, params.id);
  const page = await listChangeLog(deps.db, divisionId!, project.id, {
    pageSize: route.pageSize,
    cursor: query.cursor,
  });
  return {
    pageData: page.items.map((entry) => ({
      ...entry,
      changes: entry.changes.map((c) => ({
        field: c.field,
        from: JSON.stringify(c.from),
        to: JSON.stringify(c.to),
      })),
    })),
    paginationState: { pageSize: route.pageSize, numModels: null, nextCursor: page.nextCursor },
  };
}

export const handler = httpRoute(route, main);
