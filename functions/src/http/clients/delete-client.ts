import { clientsRoutes } from '@stormline/contract/areas/clients';
import { deleteClientFromDivision } from '@stormline/data/clients';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = clientsRoutes.deleteClient;

/**
 * Deletes the client from the division, refused with the reason while it has projects there
 * (the client page shows the server's message, spec 001 §8).
 */
export async function main({ params, divisionId, deps }: RouteRequest<typeof route>) {
  await deleteClientFromDivision(deps.db, divisionId!, params.id);
  return { id: params.id };
}

export const handler = httpRoute(route, main);
