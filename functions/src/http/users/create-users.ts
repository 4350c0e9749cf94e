import { randomUUID } from 'node:crypto';
import { usersRoutes } from '@stormline/contract/areas/users';
import { getDivisions } from '@stormline/data/divisions';
import { linkSteps } from '@stormline/data/invitations';
import { assignmentSteps } from '@stormline/data/user-assignments';
import { createUser, divisionIdsOf, takenEmails } from '@stormline/data/users';
import { DuplicateError, ForbiddenError } from '@stormline/domain/errors';
import { INVITATION_LINK_SECONDS } from '@stormline/domain/user-rules';
import { sendInvitation } from '../../lib/accounts';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { newLinkToken } from '../../lib/tokens';
import { checkAssignableRole, checkedManager, requestedRole, rowOf } from '../../lib/user-admin';

const route = usersRoutes.createUsers;

/**
 * Spec 001 §2 Add Users: each email becomes an invited user of the divisions chosen, with the
 * clients and projects of step 2, and gets an invitation e-mail with a single-use link. Everything
 * that can refuse the request is checked before the first user is written: the role the caller
 * may give, divisions the caller belongs to, a manager of the right role, clients and projects of
 * the division, emails not taken.
 */
export async function main({ body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const division = divisionId!;
  const role = requestedRole(body.roleId);
  checkAssignableRole(caller, role.name);
  const own = new Set(await divisionIdsOf(deps.db, caller.user.id));
  if (body.divisionIds.some((d) => !own.has(d)))
    throw new ForbiddenError('You can only add users to divisions you belong to');
  const divisionIds = [...new Set(body.divisionIds)];
  const [managerUserId, taken, divisions] = await Promise.all([
    checkedManager(deps.db, division, role.name, body.managerUserId),
    takenEmails(deps.db, body.emails),
    getDivisions(deps.db, divisionIds),
  ]);
  if (taken.length > 0)
    throw new DuplicateError(
      taken.length === 1
        ? `A user with the email ${taken[0]} already exists`
        : `Users with these emails already exist: ${taken.join(', ')}`,
    );
  const wanted = { clients: body.clients ?? [], projects: body.projects ?? [] };
  const none = { clients: [], projects: [] };

  const now = deps.now();
  const invited = [];
  const notSent: string[] = [];
  for (const email of body.emails) {
    const { token, hash } = newLinkToken();
    const expiresAt = new Date(now.getTime() + INVITATION_LINK_SECONDS * 1000);
    const id = randomUUID();
    // Checked (and refused, if need be) before the first invitee is written: the ids are the same for all.
    const assignments = await assignmentSteps(deps.db, id, division, none, wanted, now);
    const user = await createUser(
      deps.db,
      {
        id,
        email,
        first_name: '',
        last_name: '',
        position: body.position || null,
        phone: null,
        phone_ext: null,
        roleId: role.id,
        status: 'invited',
        passwordHash: null,
        permissionsOverride: null,
        electronicSignatureAuthorization: false,
        dataPolicySignature: false,
        managerUserId,
        inviteLinkHash: hash,
        invitedBy: caller.user.id,
        divisionIds,
      },
      now,
      // The link and the assignments hold or fall with the user.
      () => [...linkSteps(deps.db, id, { hash, kind: 'INVITE', expiresAt }), ...assignments],
    );
    invited.push(rowOf(user));
    try {
      await sendInvitation(user, {
        token,
        inviter: caller.user,
        roleName: role.name,
        divisionNames: divisions.map((d) => d.name),
        now,
      });
    } catch (error) {
      // The user stays, invited, and can be re-invited from the list; the others are still tried,
      // and the answer says exactly whose e-mail did not go (the mail service may be failing).
      console.error(
        JSON.stringify({
          level: 'error',
          route: route.key,
          message: 'The invitation e-mail was not sent',
          userId: user.id,
          error:
            error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : error,
        }),
      );
      notSent.push(email);
    }
  }
  return { status: 201, body: { users: invited, notSent } };
}

export const handler = httpRoute(route, main);
