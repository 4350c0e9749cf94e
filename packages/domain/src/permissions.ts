/**
 * Permissions are (action, resource) pairs, as in the spec: "update on Project", "all on Certify".
 * The resource catalogue doubles as the list of "pages" a user profile carries (spec 001 §3:
 * permissions are entries of perm and pageId; pages have id, label and route).
 */

export const ACTIONS = ['read', 'create', 'update', 'delete', 'all'] as const;
export type Action = (typeof ACTIONS)[number];

/** Every resource the three spec documents name, with the navigation route of those that are pages. */
export const RESOURCES = [
  { id: 'dashboard', label: 'Dashboard', route: 'dashboard', icon: 'dashboard' },
  { id: 'project', label: 'Project', route: 'projects', icon: 'building' },
  { id: 'client', label: 'Client', route: 'clients', icon: 'briefcase' },
  { id: 'regulations', label: 'Regulations', route: 'groups', icon: 'book' },
  { id: 'legend-item', label: 'Legend Item', route: 'map-legend', icon: 'map-pin' },
  { id: 'admin', label: 'Admin', route: 'admin', icon: 'users' },
  { id: 'divisions', label: 'Divisions', route: 'divisions', icon: 'sitemap' },
  {
    id: 'inspection-templates',
    label: 'Inspection Templates',
    route: 'inspection-templates',
    icon: 'template',
  },
  { id: 'inspection', label: 'Inspection', route: null, icon: null },
  { id: 'findings', label: 'Findings', route: null, icon: null },
  { id: 'close-findings', label: 'Close Findings', route: null, icon: null },
  { id: 'finding-images', label: 'Finding Images', route: null, icon: null },
  { id: 'certify', label: 'Certify', route: null, icon: null },
  { id: 'acknowledgement', label: 'Acknowledgement', route: null, icon: null },
  { id: 'sign-off', label: 'Sign Off', route: null, icon: null },
  { id: 'reopen-inspection', label: 'reopenInspection', route: null, icon: null },
  { id: 'reopen-finding', label: 'reopenFinding', route: null, icon: null },
  { id: 'map-drawing', label: 'Map Drawing', route: null, icon: null },
  { id: 'annotations', label: 'Annotations', route: null, icon: null },
  { id: 'finding-comments', label: 'finding_comments', route: null, icon: null },
  { id: 'inspection-notes', label: 'Inspection Notes', route: null, icon: null },
  { id: 'admin-inspection-notes', label: 'adminInspectionNotes', route: null, icon: null },
  { id: 'qr-access', label: 'QR Access', route: null, icon: null },
  { id: 'project-legend-item', label: 'Project Legend Item', route: null, icon: null },
  { id: 'uploads', label: 'Uploads', route: null, icon: null },
  { id: 'documents', label: 'Documents', route: null, icon: null },
] as const;

export type ResourceId = (typeof RESOURCES)[number]['id'];
export type ResourceLabel = (typeof RESOURCES)[number]['label'];
export type Resource = (typeof RESOURCES)[number];

export const RESOURCE_BY_LABEL = new Map<ResourceLabel, Resource>(RESOURCES.map((r) => [r.label, r]));

/** One granted permission, in the profile's wire shape: perm is the action, pageId the resource id. */
export interface PermissionEntry {
  perm: Action;
  pageId: ResourceId;
}

export interface Grants {
  isAdmin: boolean;
  permissions: readonly PermissionEntry[];
}

export function resourceId(label: ResourceLabel): ResourceId {
  const resource = RESOURCE_BY_LABEL.get(label);
  if (!resource) throw new Error(`Unknown resource: ${label}`);
  return resource.id;
}

/**
 * Does the holder have `action` on `resource`? 'all' on a resource grants every action on it;
 * a rule that asks for 'all' (Certify, reopenInspection, Map Drawing...) needs 'all' itself.
 */
export function can(grants: Grants, action: Action, resource: ResourceLabel): boolean {
  if (grants.isAdmin) return true;
  const id = resourceId(resource);
  return grants.permissions.some((p) => p.pageId === id && (p.perm === action || p.perm === 'all'));
}

/** "Signed-in users with any permission on a page see it in their navigation." */
export function canSeePage(grants: Grants, resource: ResourceLabel): boolean {
  return can(grants, 'read', resource);
}
