import { usersRoutes } from '@stormline/contract/areas/users';
import { getUserInDivision } from '@stormline/data/users';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { roleOfUser } from '../../lib/user-admin';

const route = usersRoutes.getUserProfileCard;

/** Spec 001 §2: the view-only profile card of a user of the division. */
export async function main({ params, divisionId, deps }: RouteRequest<typeof route>) {
  const user = await getUserInDivision(deps.db, divisionId!, params.id);
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    name: `${user.first_name} ${user.last_name}`.trim(),
    email: user.email,
    position: user.position,
    address: { phone: user.phone, phone_ext: user.phone_ext },
    roleName: roleOfUser(user).name,
    status: user.status,
  };
}

export const handler = httpRoute(route, main);
