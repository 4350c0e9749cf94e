import { regulationsRoutes } from '@stormline/contract/areas/regulations';
import { getGroupInDivision, groupView } from '@stormline/data/regulations';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = regulationsRoutes.getGroup;

export async function main({ params, divisionId, deps }: RouteRequest<typeof route>) {
  return groupView(await getGroupInDivision(deps.db, divisionId!, params.id));
}

export const handler = httpRoute(route, main);
