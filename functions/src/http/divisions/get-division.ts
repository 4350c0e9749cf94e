import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { getDivision } from '@stormline/data/divisions';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = divisionsRoutes.getDivision;

export async function main({ params, deps }: RouteRequest<typeof route>) {
  return getDivision(deps.db, params.id);
}

export const handler = httpRoute(route, main);
