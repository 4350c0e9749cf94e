import type { UserDetail, UserRow } from '@stormline/contract/areas/users';
import { getDivisions } from '@stormline/data/divisions';
import type { Db } from '@stormline/data/dynamo';
import { readAssignments } from '@stormline/data/user-assignments';
import { divisionIdsOf, getUserInDivision } from '@stormline/data/users';
import type { UserRecord } from '@stormline/data/users';
import { ForbiddenError, NotFoundError, ValidationError } from '@stormline/domain/errors';
import { grantsOf, roleById } from '@stormline/domain/roles';
import type { Role, RoleName } from '@stormline/domain/roles';
import { managerRoleOf, mayManageRole, mayManageUser } from '@stormline/domain/user-rules';
import type { UserManager } from '@stormline/domain/user-rules';
import type { Caller } from './authenticate';

/** The role a stored user holds (a user always has a known role; a stale id is a server fault). */
export function roleOfUser(user: Pick<UserRecord, 'roleId'>): Role {
  const role = roleById(user.roleId);
  if (!role) throw new Error(`User has an unknown role ${user.roleId}`);
  return role;
}

/** A role the request names: one of the roles list, else 400. */
export function requestedRole(roleId: string): Role {
  const role = roleById(roleId);
  if (!role)
    throw new ValidationError('Please choose a role from the list', [
      { path: 'roleId', message: 'Please choose a role from the list' },
    ]);
  return role;
}

export function rowOf(user: UserRecord): UserRow {
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    roleId: user.roleId,
    roleName: roleOfUser(user).name,
    status: user.status,
  };
}

/** The caller as the rule of who manages whom sees them: their role and grants in force. */
export function managerOf(caller: Caller): UserManager {
  return { roleName: caller.role.name, grants: caller.grants };
}

/**
 * The caller may act on this user (docs/decisions/0013 "Who may manage whom"): they hold every
 * pair of the user's role and of the user's grants in force, an override included; a Client
 * Manager keeps to the roles spec 001 §2 lists; only an Admin acts on an Admin; the public account
 * is never acted on here.
 */
export function checkManageable(
  caller: Caller,
  user: Pick<UserRecord, 'roleId' | 'permissionsOverride'>,
): void {
  const role = roleOfUser(user);
  if (!mayManageRole(managerOf(caller), role.name))
    throw new ForbiddenError(`Your role cannot manage users with the role ${role.name}`);
  const permissions = grantsOf(role, user.permissionsOverride).permissions;
  if (!mayManageUser(managerOf(caller), { roleName: role.name, permissions }))
    throw new ForbiddenError('You cannot manage this user: they hold permissions you do not hold yourself');
}

/** The caller may give this role: they hold every pair of its defaults (same rule as editing its users). */
export function checkAssignableRole(caller: Caller, role: RoleName): void {
  if (!mayManageRole(managerOf(caller), role))
    throw new ForbiddenError(`Your role cannot give the role ${role}`);
}

/**
 * Spec 001 §5: the manager link is kept only for 'Area / Assistant Manager' and 'Inspector', and
 * the manager holds the role above (Inspector -> Area / Assistant Manager -> Regional Manager), in
 * the division the request works in. Answers the link to store.
 */
export async function checkedManager(
  db: Db,
  divisionId: string,
  role: RoleName,
  managerUserId: string | null | undefined,
): Promise<string | null> {
  const needed = managerRoleOf(role);
  if (!needed || !managerUserId) return null;
  const manager = await getUserInDivision(db, divisionId, managerUserId).catch((error: unknown) => {
    if (error instanceof NotFoundError)
      throw new ValidationError('The manager must be a user of this division', [
        { path: 'managerUserId', message: 'The manager must be a user of this division' },
      ]);
    throw error;
  });
  if (roleOfUser(manager).name !== needed) {
    const message = `The manager of a user with the role ${role} must hold the role ${needed}`;
    throw new ValidationError(message, [{ path: 'managerUserId', message }]);
  }
  return manager.id;
}

/**
 * Divisions the caller may put a user in or take them out of: their own. A user's divisions the
 * caller is not in stay as they are, whatever the request says about them.
 */
export async function checkDivisionChange(
  db: Db,
  caller: Caller,
  before: readonly string[],
  wanted: readonly string[],
): Promise<string[]> {
  const own = new Set(await divisionIdsOf(db, caller.user.id));
  if (wanted.some((d) => !own.has(d) && !before.includes(d)))
    throw new ForbiddenError('You can only add users to divisions you belong to');
  const hidden = before.filter((d) => !own.has(d));
  const after = [...new Set([...hidden, ...wanted.filter((d) => own.has(d))])];
  if (after.length === 0)
    throw new ValidationError('Divisions is required', [
      { path: 'divisionIds', message: 'Divisions is required' },
    ]);
  return after;
}

/** The Edit User payload (spec 001 §3) of a user of the division. */
export async function detailOf(db: Db, user: UserRecord, divisionId: string): Promise<UserDetail> {
  const role = roleOfUser(user);
  const [divisionIds, assignments] = await Promise.all([
    divisionIdsOf(db, user.id),
    readAssignments(db, user.id, divisionId),
  ]);
  const divisions = await getDivisions(db, divisionIds);
  const grants = grantsOf(role, user.permissionsOverride);
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    name: `${user.first_name} ${user.last_name}`.trim(),
    email: user.email,
    position: user.position,
    address: { phone: user.phone, phone_ext: user.phone_ext },
    roleId: role.id,
    roleName: role.name,
    ccrNumber: user.ccrNumber,
    peNumber: user.peNumber,
    status: user.status,
    divisionIds,
    divisions: divisions.map((d) => ({ id: d.id, name: d.name })),
    managerUserId: user.managerUserId,
    permissions: [...grants.permissions],
    permissionsOverridden: user.permissionsOverride !== null,
    clients: assignments.clients,
    projects: assignments.projects,
    version: user.version,
  };
}
