import { clientsRoutes } from '@stormline/contract/areas/clients';
import { addContacts, listContacts } from '@stormline/data/clients';
import { contactView } from '../../lib/client-view';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = clientsRoutes.addClientContacts;

/** Add Contact: users of the division become contacts of its client; answers the contacts now. */
export async function main({ params, body, divisionId, deps }: RouteRequest<typeof route>) {
  await addContacts(deps.db, divisionId!, params.id, body.userIds, deps.now());
  return { users: (await listContacts(deps.db, divisionId!, params.id)).map(contactView) };
}

export const handler = httpRoute(route, main);
