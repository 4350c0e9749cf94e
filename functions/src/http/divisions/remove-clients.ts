import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { removeClientFromDivision } from '@stormline/data/clients';
import { checkClientsRemovable, readHeldResources } from '@stormline/data/divisions-resources';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = divisionsRoutes.removeClients;

/**
 * Takes clients out of the division with the client page's rule (docs/decisions/0014): refused
 * (409, naming the client) while the division has projects of one, checked for all before any
 * goes; a client no other division holds is deleted with its contacts, and is named in `deleted`.
 */
export async function main({ params, body, deps }: RouteRequest<typeof route>) {
  const found = await readHeldResources(deps.db, 'clients', params.id, body.clientIds);
  checkClientsRemovable(found);
  const deleted: string[] = [];
  for (const { id } of found) {
    const { removedEverywhere } = await removeClientFromDivision(deps.db, params.id, id);
    if (removedEverywhere) deleted.push(id);
  }
  return { removed: found.map((r) => r.id), deleted };
}

export const handler = httpRoute(route, main);
