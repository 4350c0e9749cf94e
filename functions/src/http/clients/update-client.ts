import { clientsRoutes } from '@stormline/contract/areas/clients';
import { listContacts, updateClient } from '@stormline/data/clients';
import { clientFields, clientView, contactView } from '../../lib/client-view';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = clientsRoutes.updateClient;

/** Saves the client form at the version read (409 when stale); a rename reaches every division's copies. */
export async function main({ params, body, divisionId, deps }: RouteRequest<typeof route>) {
  const { version, ...input } = body;
  const client = await updateClient(
    deps.db,
    divisionId!,
    params.id,
    clientFields(deps.region, input),
    version,
  );
  const contacts = await listContacts(deps.db, divisionId!, client.id);
  return { ...clientView(client), users: contacts.map(contactView) };
}

export const handler = httpRoute(route, main);
