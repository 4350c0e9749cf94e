import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { createDivision } from '@stormline/data/divisions';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = divisionsRoutes.createDivision;

export async function main({ body, deps }: RouteRequest<typeof route>) {
  return { status: 201, body: await createDivision(deps.db, { name: body.name, now: deps.now() }) };
}

export const handler = httpRoute(route, main);
