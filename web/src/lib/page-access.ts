import type { Profile } from '@stormline/contract/areas/profile';
import {
  can,
  type Action,
  type Grants,
  type ResourceId,
  type ResourceLabel,
} from '@stormline/domain/permissions';
import { TEMPLATE_EDITOR_ROLES } from '@stormline/domain/roles';
import { paths } from '../config/paths';

type Session = Pick<Profile, 'isAdmin' | 'permissions' | 'pages' | 'navigation' | 'roleName' | 'divisions'>;

/** The UI mirror of the server's rule (spec 000 §2): Inspection Templates only for these roles. */
function roleMaySee(profile: Session, pageId: string): boolean {
  return pageId !== 'inspection-templates' || TEMPLATE_EDITOR_ROLES.includes(profile.roleName);
}

/** A user may open a page only when the server listed it in the profile's pages. */
export function canOpenPage(profile: Session, pageId: ResourceId | null): boolean {
  if (pageId === null) return true;
  return roleMaySee(profile, pageId) && profile.pages.some((page) => page.id === pageId);
}

/** The side navigation: the profile's entries, with the template rule applied once more. */
export function visibleNavigation(profile: Session): Profile['navigation'] {
  return profile.navigation.filter((entry) => roleMaySee(profile, entry.route));
}

/** The permission check the UI uses to show or hide actions (the server checks again). */
export function hasPermission(profile: Session, action: Action, resource: ResourceLabel): boolean {
  return can(
    { isAdmin: profile.isAdmin, permissions: profile.permissions as Grants['permissions'] },
    action,
    resource,
  );
}

/** Where a signed-in user lands: the dashboard, else the first page they may open, else their profile. */
export function landingHref(profile: Session, divisionId: string | null): string {
  if (!divisionId)
    return canOpenPage(profile, 'divisions') ? paths.app.divisions.getHref() : paths.app.noDivision.getHref();
  if (canOpenPage(profile, 'dashboard')) return paths.app.dashboard.getHref(divisionId);
  const first = visibleNavigation(profile)[0];
  if (first) return navigationHref(first.route, divisionId);
  return paths.app.myProfile.getHref(divisionId);
}

/** A navigation entry's link: 'divisions' is outside division scope, the rest live under the division. */
export function navigationHref(route: string, divisionId: string): string {
  const clean = route.replace(/^\/+/, '');
  return clean === 'divisions'
    ? paths.app.divisions.getHref()
    : `/divisions/${encodeURIComponent(divisionId)}/${clean}`;
}
