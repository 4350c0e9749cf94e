import type { Action, Grants, PermissionEntry, ResourceLabel } from './permissions';
import { RESOURCES, resourceId } from './permissions';

/** The roles of spec 001 §1, plus the Public account. Ids are stable: users store them. */
export const ROLE_NAMES = [
  'Admin',
  'Divisions Admin',
  'SWMP Admin',
  'Regional Manager',
  'Regional Manager (External)',
  'Area / Assistant Manager',
  'Inspector',
  'Client Manager',
  'Client Inspector',
  'Client User',
  'BMP Contractor',
  'Regulator',
  'Regulator - With Photos',
  'CDOT PE/Designee',
  'Supervising Engineer',
  'Public',
] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export interface Role {
  id: string;
  name: RoleName;
  isAdmin: boolean;
  /** The Public account: every write is refused on the server whatever its permissions say. */
  isReadOnly: boolean;
  permissions: PermissionEntry[];
}

type Grant = readonly [actions: string, resources: readonly ResourceLabel[]];

function expand(grants: readonly Grant[]): PermissionEntry[] {
  const seen = new Set<string>();
  const entries: PermissionEntry[] = [];
  for (const [actions, resources] of grants) {
    for (const action of actions.split(' ') as Action[]) {
      for (const resource of resources) {
        const key = `${action}:${resource}`;
        if (seen.has(key)) continue;
        seen.add(key);
        entries.push({ perm: action, pageId: resourceId(resource) });
      }
    }
  }
  return entries;
}

// Reusable bundles, named for the job they describe.
const FIELD_WORK: Grant[] = [
  ['read', ['Dashboard', 'Client', 'Regulations', 'Legend Item']],
  ['read update', ['Project']],
  ['read create update', ['Inspection', 'Findings', 'Finding Images', 'Project Legend Item']],
  ['update', ['Close Findings', 'Documents']],
  ['create', ['Uploads']],
  ['all', ['Certify', 'Map Drawing', 'Annotations', 'QR Access']],
  ['read create update delete', ['finding_comments', 'Inspection Notes']],
];

const MANAGEMENT: Grant[] = [
  ...FIELD_WORK,
  ['read create update delete', ['Project', 'Inspection', 'Findings', 'Finding Images', 'Documents']],
  ['read create update', ['Client', 'Legend Item']],
  ['all', ['reopenInspection', 'reopenFinding', 'adminInspectionNotes', 'Acknowledgement', 'Sign Off']],
  ['read create update', ['Admin']],
];

const EVERY_RESOURCE = /* @__PURE__ */ RESOURCES.map((r) => r.label);

const READ_ONLY_SITE: Grant[] = [['read', ['Dashboard', 'Project', 'Inspection', 'Findings', 'Regulations']]];

const ROLE_GRANTS: Record<RoleName, readonly Grant[]> = {
  Admin: [['all', EVERY_RESOURCE]],
  'Divisions Admin': [['all', EVERY_RESOURCE]],
  'SWMP Admin': [
    ...MANAGEMENT,
    ['all', ['Client', 'Regulations', 'Legend Item', 'Inspection Templates', 'Uploads', 'Admin']],
    ['read', ['Divisions']],
  ],
  'Regional Manager': [...MANAGEMENT, ['read create update delete', ['Inspection Templates', 'Regulations']]],
  'Regional Manager (External)': [...MANAGEMENT],
  'Area / Assistant Manager': [...MANAGEMENT.filter(([, r]) => !r.includes('Admin')), ['read', ['Admin']]],
  Inspector: FIELD_WORK,
  'Client Manager': [
    ['read', ['Dashboard', 'Inspection', 'Findings', 'Finding Images', 'Regulations', 'Legend Item']],
    ['read update', ['Client', 'Project']],
    ['update', ['Close Findings']],
    ['create', ['Finding Images', 'Uploads']],
    ['all', ['Acknowledgement', 'Sign Off']],
    ['read create update', ['Admin', 'finding_comments', 'Inspection Notes']],
  ],
  'Client Inspector': [...FIELD_WORK, ['all', ['Acknowledgement']]],
  'Client User': [
    ['read', ['Dashboard', 'Project', 'Inspection', 'Findings', 'Finding Images', 'Regulations']],
    ['update', ['Close Findings']],
    ['create', ['Finding Images']],
    ['all', ['Acknowledgement']],
    ['read create', ['finding_comments']],
  ],
  'BMP Contractor': [
    ['read', ['Dashboard', 'Project', 'Inspection', 'Findings', 'Finding Images']],
    ['update', ['Close Findings']],
    ['create', ['Finding Images']],
    ['read create', ['finding_comments']],
  ],
  Regulator: READ_ONLY_SITE,
  'Regulator - With Photos': [...READ_ONLY_SITE, ['read', ['Finding Images']]],
  'CDOT PE/Designee': [...FIELD_WORK, ['all', ['Sign Off', 'Acknowledgement']]],
  'Supervising Engineer': [...FIELD_WORK, ['all', ['Sign Off', 'reopenFinding']]],
  Public: [['read', ['Project', 'Inspection', 'Findings', 'Finding Images', 'Regulations', 'Certify']]],
};

function roleId(name: RoleName): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

// Pure: a bundle that reads only the role names (the SPA's first load) leaves the table out.
export const ROLES: readonly Role[] = /* @__PURE__ */ ROLE_NAMES.map((name) => ({
  id: roleId(name),
  name,
  isAdmin: name === 'Admin',
  isReadOnly: name === 'Public',
  permissions: expand(ROLE_GRANTS[name]),
}));

const ROLE_BY_ID = /* @__PURE__ */ new Map(ROLES.map((r) => [r.id, r]));
const ROLE_BY_NAME = /* @__PURE__ */ new Map(ROLES.map((r) => [r.name, r]));

export function roleById(id: string): Role | undefined {
  return ROLE_BY_ID.get(id);
}

export function roleByName(name: RoleName): Role {
  const role = ROLE_BY_NAME.get(name);
  if (!role) throw new Error(`Unknown role: ${name}`);
  return role;
}

/** A user's grants: the role's defaults unless the Permissions modal stored an override. */
export function grantsOf(role: Role, override?: readonly PermissionEntry[] | null): Grants {
  return { isAdmin: role.isAdmin, permissions: override ?? role.permissions };
}

/** Spec 000 §2: Inspection Templates navigation is shown only to these roles. */
export const TEMPLATE_EDITOR_ROLES: readonly RoleName[] = ['Admin', 'Divisions Admin', 'Regional Manager'];

/** Spec 000 §2: the template editor's message to a role that may not open it (its calls answer 403). */
export const TEMPLATE_EDITOR_REFUSAL =
  'Inspection Templates are open to Admins, Divisions Admins and Regional Managers only';

/** Spec 001 §2: roles a project's inspector may hold. */
export const ASSIGNABLE_INSPECTOR_ROLES: readonly RoleName[] = [
  'Admin',
  'Inspector',
  'Area / Assistant Manager',
  'Regional Manager',
  'SWMP Admin',
  'CDOT PE/Designee',
  'Supervising Engineer',
  'Client Inspector',
  'Client Manager',
  'Regional Manager (External)',
];
