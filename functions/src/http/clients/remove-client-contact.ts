import { clientsRoutes } from '@stormline/contract/areas/clients';
import { listContacts, removeContact } from '@stormline/data/clients';
import { contactRemovalRefusal } from '@stormline/domain/client-rules';
import { ForbiddenError } from '@stormline/domain/errors';
import { contactView } from '../../lib/client-view';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = clientsRoutes.removeClientContact;

/** Removes a contact of the client; nobody removes themself (spec 001 §6). Answers the contacts now. */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const refusal = contactRemovalRefusal(caller.user.id, params.userId);
  if (refusal) throw new ForbiddenError(refusal);
  await removeContact(deps.db, divisionId!, params.id, params.userId);
  return { users: (await listContacts(deps.db, divisionId!, params.id)).map(contactView) };
}

export const handler = httpRoute(route, main);
