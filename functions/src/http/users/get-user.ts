import { usersRoutes } from '@stormline/contract/areas/users';
import { getUserInDivision } from '@stormline/data/users';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { detailOf } from '../../lib/user-admin';

const route = usersRoutes.getUser;

/** Edit User: a user of the division (another division's user is not found). */
export async function main({ params, divisionId, deps }: RouteRequest<typeof route>) {
  const user = await getUserInDivision(deps.db, divisionId!, params.id);
  return detailOf(deps.db, user, divisionId!);
}

export const handler = httpRoute(route, main);
