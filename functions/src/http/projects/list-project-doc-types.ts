import { projectsRoutes } from '@stormline/contract/areas/projects';
import { PROJECT_DOC_TYPES } from '@stormline/domain/project-rules';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { readVisibleProject } from '../../lib/project-access';
import { docTypesOf } from '../../lib/project-view';

const route = projectsRoutes.listProjectDocTypes;

/**
 * The project document types: the catalogue (the Create project modal's choices), or with
 * `projectId` that project's own (another division's project, or for the public view one not
 * published, is not found); `name` narrows to the type of that name ('Active Site Maps').
 */
export async function main({ query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  let types = PROJECT_DOC_TYPES.map((t) => ({ ...t }));
  if (query.projectId) {
    const project = await readVisibleProject(deps, caller, divisionId!, query.projectId);
    types = docTypesOf(project.docTypes ?? []);
  }
  const name = query.name?.trim().toLowerCase();
  return name ? types.filter((t) => t.name.toLowerCase() === name) : types;
}

export const handler = httpRoute(route, main);
