import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { addUsersToDivision, readResources } from '@stormline/data/divisions-resources';
import { getUsers } from '@stormline/data/users';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { checkManageable } from '../../lib/user-admin';

const route = divisionsRoutes.addUsers;

/**
 * Adds users of the company to the division (their memberships, through the user's one writer).
 * Each must exist (404) and be one the caller may manage (403: only an Admin moves an Admin; the
 * public account is the system's), all checked before the first is added.
 */
export async function main({ params, body, caller, deps }: RouteRequest<typeof route>) {
  await readResources(deps.db, 'users', params.id, body.userIds);
  const users = await getUsers(deps.db, body.userIds);
  for (const user of users) checkManageable(caller, user);
  return { added: await addUsersToDivision(deps.db, params.id, users) };
}

export const handler = httpRoute(route, main);
