import { projectsRoutes } from '@stormline/contract/areas/projects';
import { setProjectArchived } from '@stormline/data/projects';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { projectDetail, readVisibleProject } from '../../lib/project-access';
import { projectLogStep } from '../../lib/project-log';

const route = projectsRoutes.archiveProject;

/** Archive (update Project): the project leaves the active lists and searches and becomes read-only. */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await readVisibleProject(deps, caller, divisionId!, params.projectId);
  const now = deps.now();
  const archived = await setProjectArchived(deps.db, divisionId!, project.id, true, now, [
    projectLogStep(
      deps,
      caller,
      project,
      'archived',
      [{ field: 'archivedAt', from: null, to: now.toISOString() }],
      now,
    ),
  ]);
  return projectDetail(deps, archived);
}

export const handler = httpRoute(route, main);
