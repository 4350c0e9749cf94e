import type { Grants } from './permissions';
import { RESOURCES, canSeePage } from './permissions';
import type { RoleName } from './roles';
import { TEMPLATE_EDITOR_ROLES } from './roles';

export interface Page {
  id: string;
  label: string;
  route: string;
}

export interface NavigationEntry {
  label: string;
  icon: string;
  route: string;
}

/** The pages (navigation sections) a user may open: read on the page's resource, plus the role rule for templates. */
export function pagesFor(roleName: RoleName, grants: Grants): Page[] {
  return RESOURCES.flatMap((r) => {
    if (r.route === null) return [];
    if (!canSeePage(grants, r.label)) return [];
    if (r.label === 'Inspection Templates' && !TEMPLATE_EDITOR_ROLES.includes(roleName)) return [];
    return [{ id: r.id, label: r.label, route: r.route }];
  });
}

export function navigationFor(roleName: RoleName, grants: Grants): NavigationEntry[] {
  return pagesFor(roleName, grants).map((page) => ({
    label: page.label,
    icon: RESOURCES.find((r) => r.id === page.id)?.icon ?? 'circle',
    route: page.route,
  }));
}

/**
 * Spec 000 §2 route conventions. Paths whose first segment is one of these are outside division
 * scope; every other signed-in path lives under /divisions/{division_id}.
 */
export const NON_DIVISION_PREFIXES = [
  '/divisions',
  '/inspection',
  '/user-manuals',
  '/public/inspection',
] as const;

export function isNonDivisionPath(path: string): boolean {
  return NON_DIVISION_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
