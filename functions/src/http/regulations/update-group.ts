import { regulationsRoutes } from '@stormline/contract/areas/regulations';
import { groupView, renameGroup } from '@stormline/data/regulations';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = regulationsRoutes.updateGroup;

export async function main({ params, body, divisionId, deps }: RouteRequest<typeof route>) {
  return groupView(await renameGroup(deps.db, divisionId!, params.id, body.name, body.version, deps.now()));
}

export const handler = httpRoute(route, main);
