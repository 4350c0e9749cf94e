import type { Grants } from '@stormline/domain/permissions';
import type { RoleName } from '@stormline/domain/roles';
import { mayManageRole } from '@stormline/domain/user-rules';
import type { UserManager } from '@stormline/domain/user-rules';

/** Spec 001 §2: the roles an inspector opens on the edit page (everyone else on the profile card). */
export const INSPECTOR_EDITABLE_ROLES: readonly RoleName[] = ['BMP Contractor', 'Client User'];

export type UserOpening = 'edit' | 'card';

/**
 * The signed-in user as the server's rule of who manages whom sees them (mayManageUser in
 * @stormline/domain/user-rules, docs/decisions/0013): their role and their grants in force.
 */
export function managerOf(profile: {
  roleName: RoleName;
  isAdmin: boolean;
  permissions: readonly { perm: string; pageId: string }[];
}): UserManager {
  return {
    roleName: profile.roleName,
    grants: { isAdmin: profile.isAdmin, permissions: profile.permissions as Grants['permissions'] },
  };
}

/**
 * Spec 001 §2 "Opening a user": an inspector opens BMP Contractor and Client User on the edit
 * page and everyone else on the view-only profile card; a Client Manager edits the six roles of
 * CLIENT_MANAGER_EDITABLE_ROLES; others open the edit page for the roles whose permissions they
 * all hold themselves. A user the viewer may not manage (mayManageRole: an Admin for anyone but
 * an Admin, a role above the viewer's) opens on the card: the server would refuse every change the
 * edit page offers.
 */
export function openingOf(viewer: UserManager, targetRole: RoleName): UserOpening {
  if (viewer.roleName === 'Inspector') return INSPECTOR_EDITABLE_ROLES.includes(targetRole) ? 'edit' : 'card';
  return mayManageRole(viewer, targetRole) ? 'edit' : 'card';
}

export type StatusAction = 'deactivate' | 'activate' | 'reinvite';

/**
 * What the status control of a row offers the viewer (spec 001 §2, §4, §6): invited users are
 * re-invited (create on Admin, the route's own permission), active ones deactivated and inactive
 * ones activated (update or create on Admin); never on oneself, never on a user whose role the
 * viewer may not manage. Null: the status is shown, not changed.
 */
export function statusActionOf(
  viewer: UserManager & { id: string; canCreate: boolean; canUpdate: boolean },
  user: { id: string; roleName: RoleName; status: 'invited' | 'active' | 'inactive' },
): StatusAction | null {
  if (user.id === viewer.id || !mayManageRole(viewer, user.roleName)) return null;
  if (user.status === 'invited') return viewer.canCreate ? 'reinvite' : null;
  if (!viewer.canCreate && !viewer.canUpdate) return null;
  return user.status === 'active' ? 'deactivate' : 'activate';
}

/** Invitees have no name until they register: their email stands for it. */
export function displayName(user: { first_name: string; last_name: string; email: string }): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}
