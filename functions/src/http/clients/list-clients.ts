import { clientsRoutes } from '@stormline/contract/areas/clients';
import { countClients, getClientsInDivision, listClients, searchClients } from '@stormline/data/clients';
import { searchQuery } from '@stormline/data/search-terms';
import { clientView } from '../../lib/client-view';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { pageOf } from '../../lib/page';

const route = clientsRoutes.listClients;

/**
 * The division's clients by name, those a search matches, or those named by clientIds (spec 001
 * §7 "optional clientIds"); the total only when it is the division's counter.
 */
export async function main({ query, divisionId, deps }: RouteRequest<typeof route>) {
  const division = divisionId!;
  if (query.clientIds) {
    const clients = await getClientsInDivision(deps.db, division, query.clientIds.split(','));
    return pageOf(route, { items: clients.map(clientView), nextCursor: null }, null);
  }
  const page = { pageSize: route.pageSize, cursor: query.cursor };
  const search = searchQuery(query.s);
  if (search) {
    const found = await searchClients(deps.db, division, search, page);
    return pageOf(route, { ...found, items: found.items.map(clientView) }, null);
  }
  const [clients, total] = await Promise.all([
    listClients(deps.db, division, page),
    countClients(deps.db, division),
  ]);
  return pageOf(route, { ...clients, items: clients.items.map(clientView) }, total);
}

export const handler = httpRoute(route, main);
