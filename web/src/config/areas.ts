import type { ResourceId } from '@stormline/domain/permissions';
import { paths } from './paths';

/**
 * The areas of the product as the shell shows them: the breadcrumb root (spec 001 §2), the page a
 * user needs in their profile to open the area (its navigation section), and the link of the root.
 */
export interface AreaInfo {
  label: string;
  /** The profile page (navigation section) that opens the area; null for pages every signed-in user has. */
  page: ResourceId | null;
  rootHref: (divisionId: string) => string | null;
}

export const AREA_INFO = {
  dashboard: { label: 'Dashboard', page: 'dashboard', rootHref: paths.app.dashboard.getHref },
  projects: { label: 'Projects', page: 'project', rootHref: paths.app.projects.getHref },
  inspection: { label: 'Inspections', page: 'project', rootHref: () => null },
  clients: { label: 'Clients', page: 'client', rootHref: paths.app.clients.getHref },
  groups: { label: 'Regulations', page: 'regulations', rootHref: paths.app.groups.getHref },
  'map-legend': { label: 'Legend Items', page: 'legend-item', rootHref: paths.app.mapLegend.getHref },
  admin: { label: 'Users', page: 'admin', rootHref: (id) => paths.app.admin.getHref(id) },
  'user-profiles': { label: 'Users', page: 'admin', rootHref: (id) => paths.app.admin.getHref(id) },
  divisions: { label: 'Divisions', page: 'divisions', rootHref: paths.app.divisions.getHref },
  'inspection-templates': {
    label: 'Inspection Templates',
    page: 'inspection-templates',
    rootHref: paths.app.inspectionTemplates.getHref,
  },
  // The compliance report reads division statistics; the server guards it with read Dashboard.
  reports: { label: 'Compliance Report', page: 'dashboard', rootHref: paths.app.reports.getHref },
  // Opened from a regulation group, a legend item or a project; the server decides who reads it.
  documents: { label: 'Documents', page: null, rootHref: () => null },
  'user-manuals': { label: 'User Manuals', page: null, rootHref: paths.app.userManuals.getHref },
  'my-profile': { label: 'My Profile', page: null, rootHref: paths.app.myProfile.getHref },
} satisfies Record<string, AreaInfo>;

export type AreaKey = keyof typeof AREA_INFO;

/** What the router attaches to each page route (read with usePageArea and usePageHandle, app/route-matches.tsx). */
export interface RouteHandle {
  area: AreaKey;
  /** Document title of the page; defaults to the area label. */
  title?: string;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'area' in value && typeof value.area === 'string';
}
