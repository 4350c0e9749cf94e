import { usersRoutes } from '@stormline/contract/areas/users';
import { assignmentSteps, readAssignments } from '@stormline/data/user-assignments';
import { divisionIdsOf, getUserInDivision, writeUser } from '@stormline/data/users';
import { ConflictError, ForbiddenError, ValidationError } from '@stormline/domain/errors';
import { blankToNull, phoneIssues } from '@stormline/domain/region';
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
  roleOfUser,
} from '../../lib/user-admin';

const route = usersRoutes.updateUser;

/**
 * Spec 001 §2 Edit User, Save: the form (role, divisions, manager), and the user's clients and
 * projects of this division, in one write at the version read. The manager link is cleared unless
 * the role is 'Area / Assistant Manager' or 'Inspector' (spec 001 §5). A role change ends the
 * user's sessions (docs/decisions/0009): they sign in again under the new role.
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const division = divisionId!;
  const before = await getUserInDivision(deps.db, division, params.id);
  checkManageable(caller, roleOfUser(before).name);
  const role = requestedRole(body.roleId);
  checkAssignableRole(caller, role.name);
  const roleChanged = role.id !== before.roleId;
  if (roleChanged && before.id === caller.user.id)
    throw new ForbiddenError('You cannot change your own role');
  if (before.version !== body.version) throw new ConflictError();
  const phone = phoneIssues(deps.region, body.phone);
  if (phone.length > 0) throw new ValidationError(phone[0]!.message, phone);

  const divisionsBefore = await divisionIdsOf(deps.db, before.id);
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
      deps.now(),
    );
  }
  const user = await writeUser(deps.db, {
    before,
    changes: {
      first_name: body.first_name,
      last_name: body.last_name,
      email: body.email,
      phone: blankToNull(body.phone),
      phone_ext: blankToNull(body.phone_ext),
      position: blankToNull(body.position),
      roleId: role.id,
      ccrNumber: blankToNull(body.ccrNumber),
      peNumber: blankToNull(body.peNumber),
      managerUserId,
      ...(roleChanged ? { sessionsValidAfter: deps.now().getTime() / 1000 } : {}),
    },
    divisionsBefore,
    divisionsAfter,
    steps,
  });
  if (roleChanged) await closeUserConnections(deps, user.id);
  return detailOf(deps.db, user, division);
}

export const handler = httpRoute(route, main);
