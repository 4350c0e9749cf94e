import { usersRoutes } from '@stormline/contract/areas/users';
import { clientOptionsFor } from '@stormline/data/user-assignments';
import { getUserInDivision } from '@stormline/data/users';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { checkManageable } from '../../lib/user-admin';

const route = usersRoutes.getUserClientOptions;

/** How many clients one search offers (the multi-select narrows as the user types). */
const OPTIONS = 25;

/** Spec 001 §2 and §5: what 'Add Clients' offers for a user of the division. */
export async function main({ params, query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const user = await getUserInDivision(deps.db, divisionId!, params.id);
  checkManageable(caller, user);
  return clientOptionsFor(deps.db, user.id, divisionId!, query.s, OPTIONS);
}

export const handler = httpRoute(route, main);
