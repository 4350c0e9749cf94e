import { projectsRoutes } from '@stormline/contract/areas/projects';
import { updateProject } from '@stormline/data/projects';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { projectDetail, readVisibleProject } from '../../lib/project-access';
import { projectLogStep } from '../../lib/project-log';

const route = projectsRoutes.unpublishProject;

/** Withdraws the project from the public view (all on QR Access). */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await readVisibleProject(deps, caller, divisionId!, params.id);
  // Allowed on an archived project too (0018): taking a project out of public sight changes
  // nothing of what it records, and should not wait for a restore.
  const now = deps.now();
  const publishedAt = null;
  if (((project.publishedAt ?? null) !== null) === (publishedAt !== null))
    return projectDetail(deps, project);
  const updated = await updateProject(deps.db, divisionId!, project.id, { publishedAt }, project.version, [
    projectLogStep(
      deps,
      caller,
      project,
      'withdrawn from the public view',
      [{ field: 'publishedAt', from: project.publishedAt ?? null, to: publishedAt }],
      now,
    ),
  ]);
  return projectDetail(deps, updated);
}

export const handler = httpRoute(route, main);
