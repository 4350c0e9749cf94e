import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { addClientsToDivision } from '@stormline/data/divisions-resources';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = divisionsRoutes.addClients;

/** Adds clients of the company to the division (a shared client: one record, a link per division). */
export async function main({ params, body, deps }: RouteRequest<typeof route>) {
  return { added: await addClientsToDivision(deps.db, params.id, body.clientIds) };
}

export const handler = httpRoute(route, main);
