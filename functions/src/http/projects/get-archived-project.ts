import { projectsRoutes } from '@stormline/contract/areas/projects';
import { NotFoundError } from '@stormline/domain/errors';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { projectDetail, readVisibleProject } from '../../lib/project-access';

const route = projectsRoutes.getArchivedProject;

/** An archived project (/projects/archive/{id}); an active one is not found here. */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await readVisibleProject(deps, caller, divisionId!, params.projectId);
  if (!project.archivedAt) throw new NotFoundError('Project not found');
  return projectDetail(deps, project);
}

export const handler = httpRoute(route, main);
