import { isIsoDate, localDate } from './local-date';
import type { FieldIssue } from './region';
import { APPENDIX_DOC_TYPE_IDS, APPENDIX_GROUPS } from './appendix-groups';
import { ASSIGNABLE_INSPECTOR_ROLES, roleById } from './roles';
import type { RoleName } from './roles';

/**
 * The rules of the Create project modal (spec 001 §2 and §5), shared by the server that enforces
 * them and the modal that follows them (docs/decisions/0014).
 */

export const PROJECT_NAME_MAX_LENGTH = 355;
/** Spec 001 §9: "interval max 3 chars". */
export const ROUTINE_INTERVAL_MAX = 999;
export const COORDINATE_DECIMALS = 6;

export const PROJECT_MESSAGES = {
  latitudeRange: 'Latitude must be between -90 and 90',
  longitudeRange: 'Longitude must be between -180 and 180',
  coordinateDecimals: (label: string) => `${label} can have at most ${COORDINATE_DECIMALS} decimal places`,
  intervalRange: `Routine inspection interval must be between 1 and ${ROUTINE_INTERVAL_MAX} days`,
  nextBeforeToday: 'Next inspection date cannot be before today',
  endBeforeStart: 'End date cannot be before the start date',
  dateFormat: 'Please enter a valid date',
  ccrNotApplicable: 'CCR applies only to inspection form types on the CCR list',
  complianceNotApplicable:
    'The compliance signature option applies only to inspection form types whose compliance is optional',
  findingsNotApplicable:
    'The completed findings option applies only when compliance is required on an inspection form type whose compliance is optional',
  cgpRequired: 'CGP tracking ID is required',
  templateUnpublished:
    'This inspection form type has no published version yet: publish it in the template editor first',
  cgpNotApplicable: 'A CGP tracking ID applies only to inspection form types on the CGP list',
  inspectorNotMember: 'The inspector must be a user of this division',
  inspectorRole: `The inspector must hold one of these roles: ${ASSIGNABLE_INSPECTOR_ROLES.join(', ')}`,
  inspectorInactive: 'The inspector’s account is inactive',
  unknownDocType: 'Please select document types from the list',
} as const;

/** Spec 001 §5: "Interval rounded up to an integer on submit" (7.2 days is 8). */
export function routineIntervalDays(value: number): number {
  return Math.ceil(value);
}

/** A latitude or longitude: in range, and "decimal, up to 6 places". */
export function coordinateIssues(latitude: number, longitude: number): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const decimalsOk = (v: number) => Number(v.toFixed(COORDINATE_DECIMALS)) === v;
  if (latitude < -90 || latitude > 90)
    issues.push({ path: 'latitude', message: PROJECT_MESSAGES.latitudeRange });
  else if (!decimalsOk(latitude))
    issues.push({ path: 'latitude', message: PROJECT_MESSAGES.coordinateDecimals('Latitude') });
  if (longitude < -180 || longitude > 180)
    issues.push({ path: 'longitude', message: PROJECT_MESSAGES.longitudeRange });
  else if (!decimalsOk(longitude))
    issues.push({ path: 'longitude', message: PROJECT_MESSAGES.coordinateDecimals('Longitude') });
  return issues;
}

export function routineIntervalIssues(value: number): FieldIssue[] {
  const days = routineIntervalDays(value);
  return days >= 1 && days <= ROUTINE_INTERVAL_MAX
    ? []
    : [{ path: 'routine_interval', message: PROJECT_MESSAGES.intervalRange }];
}

/**
 * The project's dates: real calendar dates, the end not before the start, and the next inspection
 * "not before today" in the project's own time zone (a Denver site's today, not the server's).
 */
export function projectDateIssues(
  dates: { start_date?: string | null; end_date?: string | null; next_inspection_date?: string | null },
  timeZone: string,
  now: Date,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const field of ['start_date', 'end_date', 'next_inspection_date'] as const) {
    const value = dates[field];
    if (value && !isIsoDate(value)) issues.push({ path: field, message: PROJECT_MESSAGES.dateFormat });
  }
  if (issues.length > 0) return issues;
  if (dates.start_date && dates.end_date && dates.end_date < dates.start_date)
    issues.push({ path: 'end_date', message: PROJECT_MESSAGES.endBeforeStart });
  if (dates.next_inspection_date && dates.next_inspection_date < localDate(timeZone, now))
    issues.push({ path: 'next_inspection_date', message: PROJECT_MESSAGES.nextBeforeToday });
  return issues;
}

/**
 * What an inspection template says about the projects that use it. The spec's front end kept
 * these as lists of template names ('Delaware' is on the CCR list, 000 §9); here each template
 * carries them as data, so a new state's template needs no release (docs/decisions/0014).
 */
export interface TemplateProjectOptions {
  /** The template has a compliance certification (spec 000 §3 has_compliance_cert). */
  hasComplianceCert: boolean;
  /** On the CCR list: its projects may be CCR projects. */
  ccr: boolean;
  /** On the optional-compliance list: each project chooses whether compliance is signed. */
  optionalCompliance: boolean;
  /** On the CGP list: its projects carry a CGP tracking ID. */
  cgp: boolean;
}

/** Which of the modal's conditional options a template (and the compliance choice) shows. */
export function projectOptionFields(template: TemplateProjectOptions, complianceRequired: boolean) {
  return {
    isCcrProject: template.ccr,
    inspection_compliance_required: template.optionalCompliance,
    findingComplianceRequired: template.optionalCompliance && complianceRequired,
    cgp_tracking_id: template.cgp,
  };
}

export interface ProjectOptionsInput {
  isCcrProject?: boolean;
  inspection_compliance_required?: boolean;
  findingComplianceRequired?: boolean;
  cgp_tracking_id?: string | null;
}

export interface ProjectOptions {
  isCcrProject: boolean;
  inspection_compliance_required: boolean;
  findingComplianceRequired: boolean;
  cgp_tracking_id: string | null;
}

/**
 * Spec 001 §5: "CCR number only for templates in the CCR list; compliance signature only for
 * optional-compliance templates; completed-findings-required option only when compliance is
 * enabled for such a template; CGP tracking ID only for templates in the CGP list", "cgp_tracking_id
 * required when shown", "Default project compliance options are true". An option sent for a
 * template it does not apply to is refused; one left out takes its default. A template whose
 * compliance is not optional decides it: required when it has a compliance certificate.
 */
export function resolveProjectOptions(
  template: TemplateProjectOptions,
  input: ProjectOptionsInput,
): { options: ProjectOptions; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const cgp = input.cgp_tracking_id?.trim() || null;
  if (input.isCcrProject !== undefined && !template.ccr)
    issues.push({ path: 'isCcrProject', message: PROJECT_MESSAGES.ccrNotApplicable });
  if (input.inspection_compliance_required !== undefined && !template.optionalCompliance)
    issues.push({
      path: 'inspection_compliance_required',
      message: PROJECT_MESSAGES.complianceNotApplicable,
    });
  const complianceRequired = template.optionalCompliance
    ? (input.inspection_compliance_required ?? true)
    : template.hasComplianceCert;
  const shown = projectOptionFields(template, complianceRequired);
  if (input.findingComplianceRequired !== undefined && !shown.findingComplianceRequired)
    issues.push({ path: 'findingComplianceRequired', message: PROJECT_MESSAGES.findingsNotApplicable });
  if (template.cgp && cgp === null)
    issues.push({ path: 'cgp_tracking_id', message: PROJECT_MESSAGES.cgpRequired });
  if (!template.cgp && cgp !== null)
    issues.push({ path: 'cgp_tracking_id', message: PROJECT_MESSAGES.cgpNotApplicable });
  return {
    issues,
    options: {
      isCcrProject: template.ccr ? (input.isCcrProject ?? false) : false,
      inspection_compliance_required: complianceRequired,
      findingComplianceRequired: shown.findingComplianceRequired
        ? (input.findingComplianceRequired ?? true)
        : complianceRequired,
      cgp_tracking_id: template.cgp ? cgp : null,
    },
  };
}

/** Spec 001 §2: "Assignable inspectors must hold one of" the listed roles. */
export function isAssignableInspector(role: RoleName): boolean {
  return ASSIGNABLE_INSPECTOR_ROLES.includes(role);
}

/**
 * Why a user may not be made the inspector of a project or an inspection, or null if they may:
 * a member of the division (`null` when not found there), of an assignable role, active.
 */
export function inspectorRefusal(user: { roleId: string; status: string } | null): string | null {
  if (!user) return PROJECT_MESSAGES.inspectorNotMember;
  const role = roleById(user.roleId);
  if (!role || !isAssignableInspector(role.name)) return PROJECT_MESSAGES.inspectorRole;
  if (user.status === 'inactive') return PROJECT_MESSAGES.inspectorInactive;
  return null;
}

export interface ProjectDocType {
  id: string;
  name: string;
}

/**
 * The project document types (GET /api/projects/docTypes): the folders of Project Documents.
 * 'Active Site Maps' is the site-map type (spec 002 §7) and every project has it.
 */
/** The types every project may keep, by id: what a route that only checks a type reads. */
const BASE_DOC_TYPE_IDS = [
  'active-site-maps',
  'archived-site-maps',
  'swmp',
  'permits',
  'inspection-reports',
  'correspondence',
  'site-photos',
  'other-documents',
] as const;
const BASE_DOC_TYPE_NAMES: Record<(typeof BASE_DOC_TYPE_IDS)[number], string> = {
  'active-site-maps': 'Active Site Maps',
  'archived-site-maps': 'Archived Site Maps',
  swmp: 'SWMP',
  permits: 'Permits',
  'inspection-reports': 'Inspection Reports',
  correspondence: 'Correspondence',
  'site-photos': 'Site Photos',
  'other-documents': 'Other Documents',
};

/**
 * Every project document type's id, the base types then Print SWMP's appendix groups (spec 002 §2,
 * APPENDIX_GROUPS): ids only, so a route that checks a type does not bundle the names.
 */
export const PROJECT_DOC_TYPE_IDS: readonly string[] = /* @__PURE__ */ (
  BASE_DOC_TYPE_IDS as readonly string[]
).concat(APPENDIX_DOC_TYPE_IDS);

/** Whether an id names a project document type. */
export const isProjectDocType = (id: string) => PROJECT_DOC_TYPE_IDS.includes(id);

/**
 * The project document types (GET /api/projects/docTypes): the folders of Project Documents.
 * 'Active Site Maps' is the site-map type (spec 002 §7) and every project has it. The appendix
 * groups are types too ('Appendix: <label>'), so their documents are uploaded, sorted and annotated
 * like any other and Print SWMP merges them in their order.
 */
export const PROJECT_DOC_TYPES: readonly ProjectDocType[] = /* @__PURE__ */ BASE_DOC_TYPE_IDS.map(
  (id): ProjectDocType => ({ id, name: BASE_DOC_TYPE_NAMES[id] }),
).concat(
  /* @__PURE__ */ APPENDIX_GROUPS.map((group) => ({ id: group.docTypeId, name: `Appendix: ${group.label}` })),
);

export const SITE_MAP_DOC_TYPE_ID = 'active-site-maps';

/**
 * Spec 002 §6: 'The delete-site-map button is hidden for Regional Manager, Area / Assistant
 * Manager, Inspector, Client Manager, Client Inspector, Regional Manager (External), Divisions
 * Admin and SWMP Admin.' The server refuses them the delete too (docs/decisions/0037).
 */
export const ROLES_NOT_DELETING_SITE_MAPS: readonly RoleName[] = [
  'Regional Manager',
  'Area / Assistant Manager',
  'Inspector',
  'Client Manager',
  'Client Inspector',
  'Regional Manager (External)',
  'Divisions Admin',
  'SWMP Admin',
];

/** Whether a role may delete a document of this type: every type but the site maps is the permissions' alone. */
export function mayDeleteProjectDocument(role: RoleName, docTypeId: string): boolean {
  return docTypeId !== SITE_MAP_DOC_TYPE_ID || !ROLES_NOT_DELETING_SITE_MAPS.includes(role);
}

export const PROJECT_DOCUMENT_MESSAGES = {
  siteMapDelete: 'Your role does not allow deleting an active site map',
  unknownDocType: 'The project does not keep this document type',
} as const;

/** The document types a project keeps: those chosen, known ones only, the site maps always first. */
export function projectDocTypes(chosen: readonly string[]): { docTypes: string[]; issues: FieldIssue[] } {
  const unknown = chosen.filter((id) => !PROJECT_DOC_TYPES.some((t) => t.id === id));
  const wanted = new Set([SITE_MAP_DOC_TYPE_ID, ...chosen]);
  return {
    docTypes: PROJECT_DOC_TYPES.filter((t) => wanted.has(t.id)).map((t) => t.id),
    issues: unknown.length > 0 ? [{ path: 'docTypes', message: PROJECT_MESSAGES.unknownDocType }] : [],
  };
}

/**
 * Who sees which projects of a division (docs/decisions/0018): staff see them all; client-side
 * roles and the Regulators see the projects they were given (their access rows, Edit User's
 * switches); the Public account sees published projects only.
 */
export const ROLES_SEEING_OWN_PROJECTS_ONLY: readonly RoleName[] = [
  'Client Manager',
  'Client Inspector',
  'Client User',
  'BMP Contractor',
  'Regulator',
  'Regulator - With Photos',
];

export function seesEveryProject(role: RoleName): boolean {
  return role !== 'Public' && !ROLES_SEEING_OWN_PROJECTS_ONLY.includes(role);
}
