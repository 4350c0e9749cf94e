import { describe, expect, it } from 'vitest';
import { navigationFor, pagesFor } from '@stormline/domain/navigation';
import { grantsOf, roleByName, type RoleName } from '@stormline/domain/roles';
import { canOpenPage, landingHref, navigationHref, visibleNavigation } from './page-access';

function sessionOf(roleName: RoleName) {
  const role = roleByName(roleName);
  const grants = grantsOf(role);
  return {
    roleName,
    isAdmin: role.isAdmin,
    permissions: [...grants.permissions],
    pages: pagesFor(roleName, grants),
    navigation: navigationFor(roleName, grants),
    divisions: [{ id: 'north-region', name: 'North Region' }],
  };
}

describe('page access mirrors the server (spec 000 §2, §6)', () => {
  it('shows Inspection Templates only to Admin, Divisions Admin and Regional Manager', () => {
    for (const role of ['Admin', 'Divisions Admin', 'Regional Manager'] as const) {
      expect(visibleNavigation(sessionOf(role)).map((e) => e.route)).toContain('inspection-templates');
    }
    const swmp = sessionOf('SWMP Admin');
    expect(visibleNavigation(swmp).map((e) => e.route)).not.toContain('inspection-templates');
    // Even if a profile listed it, the role rule hides it.
    const tampered = {
      ...swmp,
      pages: [...swmp.pages, { id: 'inspection-templates', label: 'x', route: 'x' }],
    };
    expect(canOpenPage(tampered, 'inspection-templates')).toBe(false);
  });

  it('does not let an inspector open Divisions', () => {
    expect(canOpenPage(sessionOf('Inspector'), 'divisions')).toBe(false);
    expect(canOpenPage(sessionOf('Inspector'), 'project')).toBe(true);
    expect(canOpenPage(sessionOf('Inspector'), null)).toBe(true);
  });

  it('lands on the dashboard, or the first page a role may open', () => {
    expect(landingHref(sessionOf('Inspector'), 'north-region')).toBe('/divisions/north-region/dashboard');
    expect(landingHref(sessionOf('Public'), 'north-region')).toBe('/divisions/north-region/projects');
  });

  it('links Divisions outside division scope and the rest inside it', () => {
    expect(navigationHref('divisions', 'north-region')).toBe('/divisions');
    expect(navigationHref('map-legend', 'north-region')).toBe('/divisions/north-region/map-legend');
  });
});
