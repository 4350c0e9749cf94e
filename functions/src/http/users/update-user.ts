import { usersRoutes } from '@stormline/contract/areas/users';
import { assignmentSteps, readAssignments } from '@stormline/data/user-assignments';
import type { Db } from '@stormline/data/dynamo';
import { userLinkDeletes } from '@stormline/data/invitations';
import { divisionIdsOf, getUserInDivision, writeUser } from '@stormline/data/users';
import type { UserRecord } from '@stormline/data/users';
import { ConflictError, ForbiddenError, ValidationError } from '@stormline/domain/errors';
import { blankToNull, phoneIssues } from '@stormline/domain/region';
import { sendEmailChangedNotice } from '../../lib/accounts';
import type { Caller } from '../../lib/authenticate';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { closeUserConnections } from '../../lib/sessions';
import {
  checkAssignableRole,
  checkDivisionChange,
  checkedManager,
  checkManageable,
  detailOf,
  requestedRole,
} from '../../lib/user-admin';

const route = usersRoutes.updateUser;

/**
 * Spec 001 §2 Edit User, Save: the form (role, divisions, manager), and the user's clients and
 * projects of this division, in one write at the version read. The manager link is cleared unless
 * the role is 'Area / Assistant Manager' or 'Inspector' (spec 001 §5). A role change ends the
 * user's sessions (docs/decisions/0009): they sign in again under the new role. An email change
 * (docs/decisions/0013 "Who may manage whom") is refused for a user who also belongs to a division
 * the caller is not in; otherwise it ends the user's sessions, voids their live invitation and
 * reset links, and tells the old address.
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const division = divisionId!;
  const now = deps.now();
  const before = await getUserInDivision(deps.db, division, params.id);
  checkManageable(caller, before);
  const role = requestedRole(body.roleId);
  checkAssignableRole(caller, role.name);
  const roleChanged = role.id !== before.roleId;
  if (roleChanged && before.id === caller.user.id)
    throw new ForbiddenError('You cannot change your own role');
  if (before.version !== body.version) throw new ConflictError();
  const phone = phoneIssues(deps.region, body.phone);
  if (phone.length > 0) throw new ValidationError(phone[0]!.message, phone);

  const email = body.email.trim().toLowerCase();
  const emailChanged = email !== before.email;
  const divisionsBefore = await divisionIdsOf(deps.db, before.id);
  if (emailChanged) await checkEmailChange(deps.db, caller, divisionsBefore);
  const [divisionsAfter, managerUserId] = await Promise.all([
    checkDivisionChange(deps.db, caller, divisionsBefore, body.divisionIds),
    checkedManager(deps.db, division, role.name, body.managerUserId),
  ]);
  let steps: Awaited<ReturnType<typeof assignmentSteps>> = [];
  if (body.clients !== undefined || body.projects !== undefined) {
    const current = await readAssignments(deps.db, before.id, division);
    steps = await assignmentSteps(
      deps.db,
      before.id,
      division,
      current,
      {
        clients: body.clients ?? current.clients.map((c) => c.id),
        projects: body.projects ?? current.projects.map((p) => p.id),
      },
      now,
    );
  }
  const user = await writeUser(deps.db, {
    before,
    changes: {
      first_name: body.first_name,
      last_name: body.last_name,
      email,
      phone: blankToNull(body.phone),
      phone_ext: blankToNull(body.phone_ext),
      position: blankToNull(body.position),
      roleId: role.id,
      ccrNumber: blankToNull(body.ccrNumber),
      peNumber: blankToNull(body.peNumber),
      managerUserId,
      ...(roleChanged || emailChanged ? { sessionsValidAfter: now.getTime() / 1000 } : {}),
      // A new address voids the links sent to the old one (an invitation, a password reset).
      ...(emailChanged ? { inviteLinkHash: null, resetLinkHash: null } : {}),
    },
    divisionsBefore,
    divisionsAfter,
    steps: [...steps, ...(emailChanged ? userLinkDeletes(deps.db, before) : [])],
  });
  if (roleChanged || emailChanged) await closeUserConnections(deps, user.id);
  if (emailChanged) await noticeToOldAddress(before, user, caller, now);
  return detailOf(deps.db, user, division);
}

/**
 * The sign-in email is the key to the account (a reset link goes to it): only someone who is in
 * every division of the user may change it, as only they may delete the user.
 */
async function checkEmailChange(db: Db, caller: Caller, divisionsOfUser: readonly string[]): Promise<void> {
  const own = await divisionIdsOf(db, caller.user.id);
  if (divisionsOfUser.some((d) => !own.includes(d)))
    throw new ForbiddenError(
      'This user also belongs to divisions you do not belong to; you cannot change their email',
    );
}

/**
 * The old address hears of the change (a takeover would otherwise go unnoticed). The user's write
 * has been made: a failure to send is logged, not answered as a failed save.
 */
async function noticeToOldAddress(before: UserRecord, after: UserRecord, caller: Caller, now: Date) {
  try {
    await sendEmailChangedNotice(before, { newEmail: after.email, changedBy: caller.user, now });
  } catch (error) {
    console.error(
      JSON.stringify({
        level: 'error',
        route: route.key,
        message: 'The email-changed notice was not sent',
        userId: before.id,
        error:
          error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : error,
      }),
    );
  }
}

export const handler = httpRoute(route, main);
