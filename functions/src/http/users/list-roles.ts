import { usersRoutes } from '@stormline/contract/areas/users';
import { ROLES } from '@stormline/domain/roles';
import { httpRoute } from '../../lib/http-route';

const route = usersRoutes.listRoles;

export async function main() {
  return ROLES.map(({ id, name, isAdmin, permissions }) => ({ id, name, isAdmin, permissions }));
}

export const handler = httpRoute(route, main);
