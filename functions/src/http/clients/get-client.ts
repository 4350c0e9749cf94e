import { clientsRoutes } from '@stormline/contract/areas/clients';
import { getClientInDivision, listContacts } from '@stormline/data/clients';
import { clientView, contactView } from '../../lib/client-view';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = clientsRoutes.getClient;

/** The client page: the client (only if the division holds it) and its contacts in the division. */
export async function main({ params, divisionId, deps }: RouteRequest<typeof route>) {
  const client = await getClientInDivision(deps.db, divisionId!, params.id);
  const contacts = await listContacts(deps.db, divisionId!, client.id);
  return { ...clientView(client), users: contacts.map(contactView) };
}

export const handler = httpRoute(route, main);
