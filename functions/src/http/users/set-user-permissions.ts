import { usersRoutes } from '@stormline/contract/areas/users';
import { divisionIdsOf, getUserInDivision, writeUser } from '@stormline/data/users';
import { ConflictError, ForbiddenError } from '@stormline/domain/errors';
import type { PermissionEntry } from '@stormline/domain/permissions';
import { firstUngrantable, normalizePermissions } from '@stormline/domain/user-rules';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { checkPermissionEditor, permissionsOf } from '../../lib/user-permissions';

const route = usersRoutes.setUserPermissions;

/**
 * Replaces a user's permission pairs (or goes back to the role's with null). The guard reads the
 * user's grants from their record on every request, so the change holds from the user's next
 * request on. Nobody hands out a pair they do not hold themselves, and nobody edits their own.
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const before = await getUserInDivision(deps.db, divisionId!, params.id);
  checkPermissionEditor(caller, before);
  if (before.id === caller.user.id) throw new ForbiddenError('You cannot change your own permissions');
  if (before.version !== body.version) throw new ConflictError();
  const permissions =
    body.permissions === null ? null : normalizePermissions(body.permissions as PermissionEntry[]);
  const refused = permissions && firstUngrantable(caller.grants, permissions);
  if (refused)
    throw new ForbiddenError(
      `You cannot give ${refused.perm} on ${refused.pageId}: you do not hold it yourself`,
    );
  const user = await writeUser(deps.db, {
    before,
    changes: { permissionsOverride: permissions },
    divisionsBefore: await divisionIdsOf(deps.db, before.id),
  });
  return permissionsOf(deps.db, user);
}

export const handler = httpRoute(route, main);
