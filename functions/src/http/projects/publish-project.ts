import { projectsRoutes } from '@stormline/contract/areas/projects';
import { updateProject } from '@stormline/data/projects';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { assertProjectWritable, projectDetail, readVisibleProject } from '../../lib/project-access';
import { projectLogStep } from '../../lib/project-log';

const route = projectsRoutes.publishProject;

/** Public View (all on QR Access): the project's read-only public view opens to the public account. */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await readVisibleProject(deps, caller, divisionId!, params.id);
  assertProjectWritable(project);
  const now = deps.now();
  const publishedAt = now.toISOString();
  if (((project.publishedAt ?? null) !== null) === (publishedAt !== null))
    return projectDetail(deps, project);
  const updated = await updateProject(deps.db, divisionId!, project.id, { publishedAt }, project.version, [
    projectLogStep(
      deps,
      caller,
      project,
      'published',
      [{ field: 'publishedAt', from: project.publishedAt ?? null, to: publishedAt }],
      now,
    ),
  ]);
  return projectDetail(deps, updated);
}

export const handler = httpRoute(route, main);
