import type { Grants, PermissionEntry } from './permissions';
import { can, RESOURCES } from './permissions';
import { roleByName } from './roles';
import type { RoleName } from './roles';

/**
 * The rules of user administration (spec 001 §2, §4, §5), shared by the server that enforces
 * them and the screens that follow them.
 */

export type UserStatus = 'invited' | 'active' | 'inactive';

/** An invitation link works for 7 days, a password-reset link for 1 hour (docs/decisions/0013). */
export const INVITATION_LINK_SECONDS = 7 * 24 * 60 * 60;
export const RESET_LINK_SECONDS = 60 * 60;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/**
 * Spec 001 §5: "Hierarchy: Inspector reports to Area / Assistant Manager, who reports to Regional
 * Manager." The role a user's manager must hold, or null when the role keeps no manager (its
 * manager link is cleared on save).
 */
export function managerRoleOf(role: RoleName): RoleName | null {
  if (role === 'Inspector') return 'Area / Assistant Manager';
  if (role === 'Area / Assistant Manager') return 'Regional Manager';
  return null;
}

/** Spec 001 §2: the roles a Client Manager may open for editing (and so give). */
export const CLIENT_MANAGER_EDITABLE_ROLES: readonly RoleName[] = [
  'BMP Contractor',
  'Regulator',
  'Client User',
  'Inspector',
  'Client Manager',
  'Client Inspector',
];

/** Spec 001 §2: the Permissions button of Edit User is shown to these roles only. */
export const PERMISSION_EDITOR_ROLES: readonly RoleName[] = ['Admin', 'Client Manager'];

/** Who acts on a user in the users screens: their role and their grants in force. */
export interface UserManager {
  roleName: RoleName;
  grants: Grants;
}

/** The user acted on: their role and, for an existing user, their grants in force (an override). */
export interface ManagedUser {
  roleName: RoleName;
  /** The user's permissions in force; left out (a role to give, a list row), the role's defaults. */
  permissions?: readonly PermissionEntry[];
}

const samePair = (a: PermissionEntry, b: PermissionEntry) => a.perm === b.perm && a.pageId === b.pageId;

/**
 * Who may manage whom (docs/decisions/0013 "Who may manage whom"): give a role, edit, change the
 * status of, delete or re-invite a user. Nobody raises anyone above themselves, so a caller
 * manages a user only if they hold every pair of the role's defaults and of the user's grants in
 * force (an override included), the Permissions modal's rule (firstUngrantable). An Admin manages
 * everyone; only an Admin manages an Admin; the Public account is the system's, never managed
 * here. A Client Manager keeps to the six roles spec 001 §2 lists, Inspector and Client Inspector
 * included although they hold field-work pairs a Client Manager lacks (the spec's list is
 * explicit); what an override adds beyond those roles' defaults must still be the Client Manager's
 * own.
 */
export function mayManageUser(manager: UserManager, target: ManagedUser): boolean {
  if (target.roleName === 'Public') return false;
  if (manager.grants.isAdmin) return true;
  if (target.roleName === 'Admin') return false;
  const defaults = roleByName(target.roleName).permissions;
  const inForce = target.permissions ?? defaults;
  if (manager.roleName === 'Client Manager') {
    if (!CLIENT_MANAGER_EDITABLE_ROLES.includes(target.roleName)) return false;
    const added = inForce.filter((p) => !defaults.some((d) => samePair(d, p)));
    return firstUngrantable(manager.grants, added) === null;
  }
  return firstUngrantable(manager.grants, [...defaults, ...inForce]) === null;
}

/** Whether the manager may give this role (or act on a user holding its defaults). */
export function mayManageRole(manager: UserManager, targetRole: RoleName): boolean {
  return mayManageUser(manager, { roleName: targetRole });
}

/**
 * Spec 001 §2 and §4: invited users are re-invited, active ones deactivated, inactive ones
 * activated. Answers the reason a change is refused, or null when it is allowed.
 */
export function statusChangeRefusal(from: UserStatus, to: 'active' | 'inactive'): string | null {
  if (from === 'invited') return 'This user has not registered yet; send the invitation again instead';
  if (from === to) return to === 'active' ? 'This user is already active' : 'This user is already inactive';
  return null;
}

/** Spec 001 §6: status changes need update or create on Admin. */
export function mayChangeStatus(grants: Grants): boolean {
  return can(grants, 'update', 'Admin') || can(grants, 'create', 'Admin');
}

/**
 * The permission pairs a caller may hand out in the Permissions modal: an Admin any; anyone else
 * only pairs they hold themselves, so the modal can never raise a user above the one editing them.
 * Answers the first pair refused, or null.
 */
export function firstUngrantable(caller: Grants, wanted: readonly PermissionEntry[]): PermissionEntry | null {
  if (caller.isAdmin) return null;
  for (const entry of wanted) {
    const label = RESOURCES.find((r) => r.id === entry.pageId)?.label;
    if (!label || !can(caller, entry.perm, label)) return entry;
  }
  return null;
}

/** Pairs in a stable order without repeats, as they are stored. */
export function normalizePermissions(entries: readonly PermissionEntry[]): PermissionEntry[] {
  const order = new Map<string, number>(RESOURCES.map((r, i) => [r.id, i]));
  const actions = ['read', 'create', 'update', 'delete', 'all'];
  const seen = new Set<string>();
  return [...entries]
    .filter((e) => {
      const key = `${e.perm}:${e.pageId}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort(
      (a, b) =>
        (order.get(a.pageId) ?? 0) - (order.get(b.pageId) ?? 0) ||
        actions.indexOf(a.perm) - actions.indexOf(b.perm),
    );
}
