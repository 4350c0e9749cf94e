import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { removeUsersFromDivision, usersLeaving } from '@stormline/data/divisions-resources';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { checkManageable } from '../../lib/user-admin';

const route = divisionsRoutes.removeUsers;

/**
 * Takes users out of the division: each must belong to it (404), be one the caller may manage
 * (403) and belong to another division too (409: a user always keeps a division), all checked
 * before the first leaves. Their records, clients and projects stay (docs/decisions/0016).
 */
export async function main({ params, body, caller, deps }: RouteRequest<typeof route>) {
  const leaving = await usersLeaving(deps.db, params.id, body.userIds);
  for (const { user } of leaving) checkManageable(caller, user);
  return { removed: await removeUsersFromDivision(deps.db, params.id, leaving), deleted: [] };
}

export const handler = httpRoute(route, main);
