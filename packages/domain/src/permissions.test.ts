import { describe, expect, it } from 'vitest';
import { can } from './permissions';
import { roleByName, grantsOf } from './roles';

describe('can', () => {
  it('grants every action with all on a resource', () => {
    const grants = { isAdmin: false, permissions: [{ perm: 'all' as const, pageId: 'certify' as const }] };
    expect(can(grants, 'create', 'Certify')).toBe(true);
    expect(can(grants, 'read', 'Project')).toBe(false);
  });
  it('Admin holds everything', () => {
    expect(can(grantsOf(roleByName('Admin')), 'delete', 'Divisions')).toBe(true);
  });
});
