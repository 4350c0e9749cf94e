import { describe, expect, it } from 'vitest';
import { CLIENT_MANAGER_EDITABLE_ROLES } from '@stormline/domain/user-rules';
import { grantsOf, ROLE_NAMES, roleByName } from '@stormline/domain/roles';
import type { RoleName } from '@stormline/domain/roles';
import { displayName, managerOf, openingOf, statusActionOf } from './user-admin-rules';

/** A signed-in user of the role, as the profile shows them (role, isAdmin, permissions). */
const as = (role: RoleName) => {
  const grants = grantsOf(roleByName(role));
  return managerOf({ roleName: role, isAdmin: grants.isAdmin, permissions: grants.permissions });
};

describe('opening a user (spec 001 §2)', () => {
  it('an inspector edits BMP Contractor and Client User and sees everyone else on the card', () => {
    expect(openingOf(as('Inspector'), 'BMP Contractor')).toBe('edit');
    expect(openingOf(as('Inspector'), 'Client User')).toBe('edit');
    expect(openingOf(as('Inspector'), 'Inspector')).toBe('card');
    expect(openingOf(as('Inspector'), 'Regional Manager')).toBe('card');
  });

  it('a Client Manager edits the six roles of the spec, and sees the others on the card', () => {
    for (const role of ROLE_NAMES.filter((r) => r !== 'Public'))
      expect(openingOf(as('Client Manager'), role)).toBe(
        CLIENT_MANAGER_EDITABLE_ROLES.includes(role) ? 'edit' : 'card',
      );
  });

  it('others open the edit page for roles whose every permission they hold, the card for the rest', () => {
    expect(openingOf(as('Admin'), 'Admin')).toBe('edit');
    expect(openingOf(as('Regional Manager'), 'Inspector')).toBe('edit');
    expect(openingOf(as('Area / Assistant Manager'), 'Client User')).toBe('edit');
    expect(openingOf(as('Regional Manager'), 'Admin')).toBe('card');
    // Above the viewer: the server refuses every change, so the row opens the profile card.
    expect(openingOf(as('Regional Manager (External)'), 'Divisions Admin')).toBe('card');
    expect(openingOf(as('Regional Manager (External)'), 'Regional Manager')).toBe('card');
    expect(openingOf(as('SWMP Admin'), 'Divisions Admin')).toBe('card');
    expect(openingOf(as('SWMP Admin'), 'Regional Manager')).toBe('edit');
  });
});

describe('the status control (spec 001 §2, §4, §6)', () => {
  const admin = { id: 'me', ...as('Admin'), canCreate: true, canUpdate: true };
  const user = (status: 'invited' | 'active' | 'inactive') => ({
    id: 'u1',
    roleName: 'Inspector' as const,
    status,
  });

  it('re-invites the invited, deactivates the active, activates the inactive', () => {
    expect(statusActionOf(admin, user('invited'))).toBe('reinvite');
    expect(statusActionOf(admin, user('active'))).toBe('deactivate');
    expect(statusActionOf(admin, user('inactive'))).toBe('activate');
  });

  it('needs update or create on Admin (re-invite: create), never on oneself or a role not managed', () => {
    const updateOnly = { ...admin, ...as('Regional Manager'), canCreate: false };
    expect(statusActionOf(updateOnly, user('active'))).toBe('deactivate');
    expect(statusActionOf(updateOnly, user('invited'))).toBeNull();
    expect(statusActionOf({ ...updateOnly, canUpdate: false }, user('active'))).toBeNull();
    expect(statusActionOf(admin, { ...user('active'), id: 'me' })).toBeNull();
    expect(
      statusActionOf({ ...admin, ...as('Client Manager') }, { ...user('active'), roleName: 'Admin' }),
    ).toBeNull();
    // A role above the viewer's: no status control, no re-invite.
    const external = { ...admin, ...as('Regional Manager (External)') };
    expect(statusActionOf(external, { ...user('active'), roleName: 'Divisions Admin' })).toBeNull();
    expect(statusActionOf(external, { ...user('invited'), roleName: 'SWMP Admin' })).toBeNull();
    expect(statusActionOf(external, user('invited'))).toBe('reinvite');
  });

  it('names an invitee by their email', () => {
    expect(displayName({ first_name: '', last_name: '', email: 'ann@example.com' })).toBe('ann@example.com');
    expect(displayName({ first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com' })).toBe('Ann Lee');
  });
});
