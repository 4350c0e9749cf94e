import { publicRoutes } from '@stormline/contract/areas/public';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { readVisibleProject } from '../../lib/project-access';
import { publicProjectHeader } from '../../lib/public-view';

const route = publicRoutes.getPublicProjectHeader;

/**
 * The public project view (spec 002 §2 Public read-only views): for the public account only a
 * published project (else 404, checked on the server), for staff the same as they may see.
 */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  return publicProjectHeader(deps, await readVisibleProject(deps, caller, divisionId!, params.id));
}

export const handler = httpRoute(route, main);
