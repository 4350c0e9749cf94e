import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { renameDivision } from '@stormline/data/divisions';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = divisionsRoutes.updateDivision;

export async function main({ params, body, deps }: RouteRequest<typeof route>) {
  return renameDivision(deps.db, params.id, body.name, body.version);
}

export const handler = httpRoute(route, main);
