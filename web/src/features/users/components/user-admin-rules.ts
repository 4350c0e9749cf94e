import type { RoleName } from '@stormline/domain/roles';
import { mayManageRole } from '@stormline/domain/user-rules';

/** Spec 001 §2: the roles an inspector opens on the edit page (everyone else on the profile card). */
export const INSPECTOR_EDITABLE_ROLES: readonly RoleName[] = ['BMP Contractor', 'Client User'];

export type UserOpening = 'edit' | 'card';

/**
 * Spec 001 §2 "Opening a user": an inspector opens BMP Contractor and Client User on the edit
 * page and everyone else on the view-only profile card; a Client Manager edits the six roles of
 * CLIENT_MANAGER_EDITABLE_ROLES; others open the edit page. A user the viewer's role may not
 * manage at all (an Admin for anyone but an Admin, mayManageRole) opens on the card too: the
 * server would refuse every change the edit page offers.
 */
export function openingOf(viewerRole: RoleName, targetRole: RoleName): UserOpening {
  if (viewerRole === 'Inspector') return INSPECTOR_EDITABLE_ROLES.includes(targetRole) ? 'edit' : 'card';
  return mayManageRole(viewerRole, targetRole) ? 'edit' : 'card';
}

export type StatusAction = 'deactivate' | 'activate' | 'reinvite';

/**
 * What the status control of a row offers the viewer (spec 001 §2, §4, §6): invited users are
 * re-invited (create on Admin, the route's own permission), active ones deactivated and inactive
 * ones activated (update or create on Admin); never on oneself, never on a user whose role the
 * viewer may not manage. Null: the status is shown, not changed.
 */
export function statusActionOf(
  viewer: { id: string; roleName: RoleName; canCreate: boolean; canUpdate: boolean },
  user: { id: string; roleName: RoleName; status: 'invited' | 'active' | 'inactive' },
): StatusAction | null {
  if (user.id === viewer.id || !mayManageRole(viewer.roleName, user.roleName)) return null;
  if (user.status === 'invited') return viewer.canCreate ? 'reinvite' : null;
  if (!viewer.canCreate && !viewer.canUpdate) return null;
  return user.status === 'active' ? 'deactivate' : 'activate';
}

/** Invitees have no name until they register: their email stands for it. */
export function displayName(user: { first_name: string; last_name: string; email: string }): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}
