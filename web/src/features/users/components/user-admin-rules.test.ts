import { describe, expect, it } from 'vitest';
import { CLIENT_MANAGER_EDITABLE_ROLES } from '@stormline/domain/user-rules';
import { ROLE_NAMES } from '@stormline/domain/roles';
import { displayName, openingOf, statusActionOf } from './user-admin-rules';

describe('opening a user (spec 001 §2)', () => {
  it('an inspector edits BMP Contractor and Client User and sees everyone else on the card', () => {
    expect(openingOf('Inspector', 'BMP Contractor')).toBe('edit');
    expect(openingOf('Inspector', 'Client User')).toBe('edit');
    expect(openingOf('Inspector', 'Inspector')).toBe('card');
    expect(openingOf('Inspector', 'Regional Manager')).toBe('card');
  });

  it('a Client Manager edits the six roles of the spec, and sees the others on the card', () => {
    for (const role of ROLE_NAMES.filter((r) => r !== 'Public'))
      expect(openingOf('Client Manager', role)).toBe(
        CLIENT_MANAGER_EDITABLE_ROLES.includes(role) ? 'edit' : 'card',
      );
  });

  it('others open the edit page, except an Admin for anyone but an Admin', () => {
    expect(openingOf('Admin', 'Admin')).toBe('edit');
    expect(openingOf('Regional Manager', 'Inspector')).toBe('edit');
    expect(openingOf('Area / Assistant Manager', 'Client User')).toBe('edit');
    expect(openingOf('Regional Manager', 'Admin')).toBe('card');
  });
});

describe('the status control (spec 001 §2, §4, §6)', () => {
  const admin = { id: 'me', roleName: 'Admin' as const, canCreate: true, canUpdate: true };
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
    const updateOnly = { ...admin, roleName: 'Regional Manager' as const, canCreate: false };
    expect(statusActionOf(updateOnly, user('active'))).toBe('deactivate');
    expect(statusActionOf(updateOnly, user('invited'))).toBeNull();
    expect(statusActionOf({ ...updateOnly, canUpdate: false }, user('active'))).toBeNull();
    expect(statusActionOf(admin, { ...user('active'), id: 'me' })).toBeNull();
    expect(
      statusActionOf({ ...admin, roleName: 'Client Manager' }, { ...user('active'), roleName: 'Admin' }),
    ).toBeNull();
  });

  it('names an invitee by their email', () => {
    expect(displayName({ first_name: '', last_name: '', email: 'ann@example.com' })).toBe('ann@example.com');
    expect(displayName({ first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com' })).toBe('Ann Lee');
  });
});
