import { describe, expect, it } from 'vitest';
import { isNonDivisionPath, navigationFor } from './navigation';
import { grantsOf, roleByName } from './roles';
import type { RoleName } from './roles';

const labels = (role: RoleName) => navigationFor(role, grantsOf(roleByName(role))).map((n) => n.label);

describe('navigation', () => {
  it('shows Inspection Templates only to Admin, Divisions Admin and Regional Manager', () => {
    expect(labels('Admin')).toContain('Inspection Templates');
    expect(labels('Divisions Admin')).toContain('Inspection Templates');
    expect(labels('Regional Manager')).toContain('Inspection Templates');
    // SWMP Admin holds every Inspection Templates permission, but the role rule still hides the entry.
    expect(labels('SWMP Admin')).not.toContain('Inspection Templates');
    expect(labels('Inspector')).not.toContain('Inspection Templates');
  });

  it('lists only the pages a role may read', () => {
    expect(labels('Inspector')).toEqual(['Dashboard', 'Project', 'Client', 'Regulations', 'Legend Item']);
    expect(labels('BMP Contractor')).toEqual(['Dashboard', 'Project']);
    expect(labels('Public')).toEqual(['Project', 'Regulations']);
  });
});

describe('route conventions (spec 000 §2)', () => {
  it('keeps /divisions, /inspection, /user-manuals and /public/inspection out of division scope', () => {
    expect(isNonDivisionPath('/divisions')).toBe(true);
    expect(isNonDivisionPath('/inspection/42/questionnaire')).toBe(true);
    expect(isNonDivisionPath('/user-manuals/getting-started')).toBe(true);
    expect(isNonDivisionPath('/public/inspection/42')).toBe(true);
    expect(isNonDivisionPath('/projects')).toBe(false);
    expect(isNonDivisionPath('/inspections')).toBe(false);
  });
});
