import { usersRoutes } from '@stormline/contract/areas/users';
import { getDivisions } from '@stormline/data/divisions';
import { issueLink } from '@stormline/data/invitations';
import { divisionIdsOf, getUserInDivision } from '@stormline/data/users';
import { ValidationError } from '@stormline/domain/errors';
import { INVITATION_LINK_SECONDS } from '@stormline/domain/user-rules';
import { sendInvitation } from '../../lib/accounts';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { newLinkToken } from '../../lib/tokens';
import { checkManageable, roleOfUser } from '../../lib/user-admin';

const route = usersRoutes.inviteUser;

/**
 * Spec 001 §2: an invited user can be re-invited. A new link is sent and the previous one stops
 * working (it is deleted in the same transaction), so only the latest e-mail registers.
 */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const user = await getUserInDivision(deps.db, divisionId!, params.id);
  const role = roleOfUser(user);
  checkManageable(caller, user);
  if (user.status !== 'invited')
    throw new ValidationError('This user has already registered; only invited users can be invited again');
  const now = deps.now();
  const { token, hash } = newLinkToken();
  await issueLink(deps.db, user, {
    hash,
    kind: 'INVITE',
    expiresAt: new Date(now.getTime() + INVITATION_LINK_SECONDS * 1000),
    invitedBy: caller.user.id,
  });
  const divisions = await getDivisions(deps.db, await divisionIdsOf(deps.db, user.id));
  await sendInvitation(user, {
    token,
    inviter: caller.user,
    roleName: role.name,
    divisionNames: divisions.map((d) => d.name),
    now,
  });
  return { message: `The invitation was sent again to ${user.email}` };
}

export const handler = httpRoute(route, main);
