import { usersRoutes } from '@stormline/contract/areas/users';
import { getUserInDivision } from '@stormline/data/users';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { checkPermissionEditor, permissionsOf } from '../../lib/user-permissions';

const route = usersRoutes.getUserPermissions;

/** The Permissions modal of Edit User: the user's pairs and the role's (Admin and Client Manager only). */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const user = await getUserInDivision(deps.db, divisionId!, params.id);
  checkPermissionEditor(caller, user);
  return permissionsOf(deps.db, user);
}

export const handler = httpRoute(route, main);
