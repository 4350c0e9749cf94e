import { describe, expect, it } from 'vitest';
import { can } from './permissions';
import { ROLES, ROLE_NAMES, grantsOf, roleByName } from './roles';
import type { RoleName } from './roles';

const allowed = (
  role: RoleName,
  ...check: Parameters<typeof can> extends [unknown, ...infer R] ? R : never
) => can(grantsOf(roleByName(role)), ...check);

describe('roles', () => {
  it('defines every role of spec 001 §1 and the Public account', () => {
    expect(ROLES.map((r) => r.name)).toEqual([...ROLE_NAMES]);
    expect(ROLE_NAMES).toHaveLength(16);
  });

  it('flags only Admin as isAdmin and only Public as read-only', () => {
    expect(ROLES.filter((r) => r.isAdmin).map((r) => r.name)).toEqual(['Admin']);
    expect(ROLES.filter((r) => r.isReadOnly).map((r) => r.name)).toEqual(['Public']);
  });

  it('gives the Public account nothing but read', () => {
    expect(roleByName('Public').permissions.every((p) => p.perm === 'read')).toBe(true);
  });

  it('matches the capability tables of spec 000 §6 and 002 §6', () => {
    expect(allowed('Inspector', 'create', 'Inspection')).toBe(true);
    expect(allowed('Inspector', 'all', 'Certify')).toBe(true);
    expect(allowed('Inspector', 'all', 'reopenInspection')).toBe(false);
    expect(allowed('Regional Manager', 'all', 'reopenInspection')).toBe(true);
    expect(allowed('BMP Contractor', 'update', 'Close Findings')).toBe(true);
    expect(allowed('BMP Contractor', 'create', 'Findings')).toBe(false);
    expect(allowed('Regulator', 'read', 'Finding Images')).toBe(false);
    expect(allowed('Regulator - With Photos', 'read', 'Finding Images')).toBe(true);
    expect(allowed('Client User', 'all', 'Acknowledgement')).toBe(true);
    expect(allowed('Client Manager', 'update', 'Admin')).toBe(true);
    expect(allowed('Inspector', 'read', 'Admin')).toBe(false);
  });

  it("needs 'all' itself where the spec asks for all", () => {
    const grants = {
      isAdmin: false,
      permissions: [{ perm: 'update' as const, pageId: 'map-drawing' as const }],
    };
    expect(can(grants, 'all', 'Map Drawing')).toBe(false);
    expect(can(grants, 'update', 'Map Drawing')).toBe(true);
  });
});
