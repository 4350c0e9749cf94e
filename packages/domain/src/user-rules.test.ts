import { describe, expect, it } from 'vitest';
import { grantsOf, roleByName } from './roles';
import {
  firstUngrantable,
  managerRoleOf,
  mayChangeStatus,
  mayManageRole,
  normalizePermissions,
  statusChangeRefusal,
} from './user-rules';

describe('the manager hierarchy (spec 001 §5)', () => {
  it('Inspector reports to Area / Assistant Manager, who reports to Regional Manager; others keep no manager', () => {
    expect(managerRoleOf('Inspector')).toBe('Area / Assistant Manager');
    expect(managerRoleOf('Area / Assistant Manager')).toBe('Regional Manager');
    expect(managerRoleOf('Regional Manager')).toBeNull();
    expect(managerRoleOf('Client User')).toBeNull();
  });
});

describe('who manages whom (spec 001 §2)', () => {
  it('a Client Manager edits BMP Contractor, Regulator, Client User, Inspector, Client Manager and Client Inspector only', () => {
    const allowed = [
      'BMP Contractor',
      'Regulator',
      'Client User',
      'Inspector',
      'Client Manager',
      'Client Inspector',
    ] as const;
    for (const role of allowed) expect(mayManageRole('Client Manager', role), role).toBe(true);
    for (const role of ['Admin', 'Regional Manager', 'SWMP Admin', 'Regulator - With Photos'] as const)
      expect(mayManageRole('Client Manager', role), role).toBe(false);
  });

  it('only an Admin manages an Admin; nobody manages the Public account here', () => {
    expect(mayManageRole('Admin', 'Admin')).toBe(true);
    expect(mayManageRole('Divisions Admin', 'Admin')).toBe(false);
    expect(mayManageRole('Divisions Admin', 'Inspector')).toBe(true);
    expect(mayManageRole('Admin', 'Public')).toBe(false);
  });
});

describe('status changes (spec 001 §2, §4)', () => {
  it('deactivates active users, activates inactive ones, re-invites invited ones', () => {
    expect(statusChangeRefusal('active', 'inactive')).toBeNull();
    expect(statusChangeRefusal('inactive', 'active')).toBeNull();
    expect(statusChangeRefusal('active', 'active')).toBe('This user is already active');
    expect(statusChangeRefusal('invited', 'active')).toMatch(/send the invitation again/);
  });

  it('needs update or create on Admin', () => {
    expect(mayChangeStatus(grantsOf(roleByName('Client Manager')))).toBe(true);
    expect(mayChangeStatus(grantsOf(roleByName('Area / Assistant Manager')))).toBe(false);
    expect(mayChangeStatus({ isAdmin: false, permissions: [{ perm: 'create', pageId: 'admin' }] })).toBe(
      true,
    );
  });
});

describe('the Permissions modal', () => {
  it('gives only pairs the editor holds, unless the editor is an Admin', () => {
    const clientManager = grantsOf(roleByName('Client Manager'));
    expect(firstUngrantable(clientManager, [{ perm: 'read', pageId: 'client' }])).toBeNull();
    expect(firstUngrantable(clientManager, [{ perm: 'all', pageId: 'divisions' }])).toEqual({
      perm: 'all',
      pageId: 'divisions',
    });
    expect(
      firstUngrantable(grantsOf(roleByName('Admin')), [{ perm: 'all', pageId: 'divisions' }]),
    ).toBeNull();
  });

  it('stores pairs once, in the catalogue order', () => {
    expect(
      normalizePermissions([
        { perm: 'update', pageId: 'client' },
        { perm: 'read', pageId: 'dashboard' },
        { perm: 'read', pageId: 'client' },
        { perm: 'update', pageId: 'client' },
      ]),
    ).toEqual([
      { perm: 'read', pageId: 'dashboard' },
      { perm: 'read', pageId: 'client' },
      { perm: 'update', pageId: 'client' },
    ]);
  });
});
