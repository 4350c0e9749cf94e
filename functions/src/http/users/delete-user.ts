import { usersRoutes } from '@stormline/contract/areas/users';
import { userLinkDeletes } from '@stormline/data/invitations';
import { allAssignmentDeletes } from '@stormline/data/user-assignments';
import { deleteUser, divisionIdsOf, getUserInDivision, purgeUserPartition } from '@stormline/data/users';
import { ForbiddenError } from '@stormline/domain/errors';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { closeUserConnections } from '../../lib/sessions';
import { checkManageable } from '../../lib/user-admin';

const route = usersRoutes.deleteUser;

/**
 * Spec 001 §2 Edit User, Delete User. The account goes with its email claim, memberships, links
 * and assignments in one write; its sessions end at once (no record, no session) and its
 * WebSockets close. A user who also belongs to a division the caller is not in is not the
 * caller's to delete (docs/decisions/0013): they are taken out of this division in Edit User.
 */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  if (params.id === caller.user.id) throw new ForbiddenError('You cannot delete yourself');
  const user = await getUserInDivision(deps.db, divisionId!, params.id);
  checkManageable(caller, user);
  const [divisionIds, own] = await Promise.all([
    divisionIdsOf(deps.db, user.id),
    divisionIdsOf(deps.db, caller.user.id),
  ]);
  if (divisionIds.some((d) => !own.includes(d)))
    throw new ForbiddenError(
      'This user also belongs to divisions you do not belong to; remove them from this division in Edit User instead',
    );
  const assignments = await allAssignmentDeletes(deps.db, user.id, divisionIds);
  await deleteUser(deps.db, user, divisionIds, [...userLinkDeletes(deps.db, user), ...assignments]);
  await closeUserConnections(deps, user.id);
  await purgeUserPartition(deps.db, user.id);
  return { message: `${user.email} was deleted` };
}

export const handler = httpRoute(route, main);
