import { describe, expect, it } from 'vitest';
import { grantsOf, ROLE_NAMES, roleByName } from './roles';
import type { RoleName } from './roles';
import {
  firstUngrantable,
  managerRoleOf,
  mayChangeStatus,
  mayManageRole,
  mayManageUser,
  normalizePermissions,
  statusChangeRefusal,
} from './user-rules';
import type { UserManager } from './user-rules';

describe('the manager hierarchy (spec 001 §5)', () => {
  it('Inspector reports to Area / Assistant Manager, who reports to Regional Manager; others keep no manager', () => {
    expect(managerRoleOf('Inspector')).toBe('Area / Assistant Manager');
    expect(managerRoleOf('Area / Assistant Manager')).toBe('Regional Manager');
    expect(managerRoleOf('Regional Manager')).toBeNull();
    expect(managerRoleOf('Client User')).toBeNull();
  });
});

describe('who manages whom (spec 001 §2, docs/decisions/0013)', () => {
  const as = (role: RoleName): UserManager => ({ roleName: role, grants: grantsOf(roleByName(role)) });
  const manageable = (role: RoleName) =>
    ROLE_NAMES.filter((target) => mayManageRole(as(role), target)).sort();

  it('a Client Manager edits BMP Contractor, Regulator, Client User, Inspector, Client Manager and Client Inspector only', () => {
    expect(manageable('Client Manager')).toEqual(
      [
        'BMP Contractor',
        'Client Inspector',
        'Client Manager',
        'Client User',
        'Inspector',
        'Regulator',
      ].sort(),
    );
  });

  it('only an Admin manages an Admin; nobody manages the Public account here; an Admin manages the rest', () => {
    expect(manageable('Admin')).toEqual(ROLE_NAMES.filter((r) => r !== 'Public').sort());
    expect(mayManageRole(as('Divisions Admin'), 'Admin')).toBe(false);
    expect(mayManageRole(as('Divisions Admin'), 'Inspector')).toBe(true);
    expect(mayManageRole(as('Admin'), 'Public')).toBe(false);
  });

  it('anyone else manages only the roles whose every permission they hold', () => {
    const everyoneBut = (...roles: RoleName[]) =>
      ROLE_NAMES.filter((r) => r !== 'Public' && r !== 'Admin' && !roles.includes(r)).sort();
    // Divisions Admin holds every pair; SWMP Admin all but Divisions'.
    expect(manageable('Divisions Admin')).toEqual(everyoneBut());
    expect(manageable('SWMP Admin')).toEqual(everyoneBut('Divisions Admin'));
    // Regional Manager lacks 'all' on Admin, Client, Regulations, Templates (SWMP Admin's).
    expect(manageable('Regional Manager')).toEqual(everyoneBut('Divisions Admin', 'SWMP Admin'));
    // The external one lacks the templates and regulations a Regional Manager edits, too.
    expect(manageable('Regional Manager (External)')).toEqual(
      everyoneBut('Divisions Admin', 'SWMP Admin', 'Regional Manager'),
    );
    expect(mayManageRole(as('Regional Manager (External)'), 'Inspector')).toBe(true);
    expect(mayManageRole(as('Regional Manager (External)'), 'Area / Assistant Manager')).toBe(true);
  });

  it("counts a user's override: a pair the manager lacks puts the user out of reach", () => {
    const inspector = roleByName('Inspector').permissions;
    const withTemplates = [...inspector, { perm: 'all', pageId: 'inspection-templates' } as const];
    expect(mayManageUser(as('Regional Manager (External)'), { roleName: 'Inspector' })).toBe(true);
    expect(
      mayManageUser(as('Regional Manager (External)'), { roleName: 'Inspector', permissions: withTemplates }),
    ).toBe(false);
    expect(mayManageUser(as('Admin'), { roleName: 'Inspector', permissions: withTemplates })).toBe(true);
    // A lowered override does not bring a higher role within reach: the role's defaults count too.
    expect(
      mayManageUser(as('Regional Manager (External)'), { roleName: 'Divisions Admin', permissions: [] }),
    ).toBe(false);
  });

  it("a Client Manager's six roles stand for their defaults; what an override adds must be the Client Manager's own", () => {
    const cm = as('Client Manager');
    const inspector = roleByName('Inspector').permissions;
    // Certify, Map Drawing, Annotations, QR Access: the Inspector's, not the Client Manager's.
    expect(mayManageUser(cm, { roleName: 'Inspector', permissions: inspector })).toBe(true);
    expect(
      mayManageUser(cm, {
        roleName: 'Inspector',
        permissions: [...inspector, { perm: 'create', pageId: 'admin' }],
      }),
    ).toBe(true);
    expect(
      mayManageUser(cm, {
        roleName: 'Client User',
        permissions: [{ perm: 'delete', pageId: 'project' }],
      }),
    ).toBe(false);
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
