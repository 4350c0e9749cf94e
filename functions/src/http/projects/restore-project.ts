import { projectsRoutes } from '@stormline/contract/areas/projects';
import { setProjectArchived } from '@stormline/data/projects';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { projectDetail, readVisibleProject } from '../../lib/project-access';
import { projectLogStep } from '../../lib/project-log';

const route = projectsRoutes.restoreProject;

/** Restore (update Project): the project is active and editable again. */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await readVisibleProject(deps, caller, divisionId!, params.projectId);
  const now = deps.now();
  const restored = await setProjectArchived(deps.db, divisionId!, project.id, false, now, [
    projectLogStep(
      deps,
      caller,
      project,
      'restored',
      [{ field: 'archivedAt', from: project.archivedAt, to: null }],
      now,
    ),
  ]);
  return projectDetail(deps, restored);
}

export const handler = httpRoute(route, main);
