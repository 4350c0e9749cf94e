import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { addGroupsToDivision } from '@stormline/data/divisions-resources';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = divisionsRoutes.addRegulations;

/** Adds regulation groups of the company to the division (shared: one group, a link per division). */
export async function main({ params, body, deps }: RouteRequest<typeof route>) {
  return { added: await addGroupsToDivision(deps.db, params.id, body.regulationIds) };
}

export const handler = httpRoute(route, main);
