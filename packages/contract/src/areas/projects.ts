import * as z from 'zod/mini';
import { PROJECT_NAME_MAX_LENGTH } from '@stormline/domain/project-rules';
import {
  MAX_REDUCED_PERIODS,
  PERMIT_MESSAGES,
  PERMIT_RULE_SET_IDS,
  REDUCED_PERIOD_KINDS,
} from '@stormline/domain/permit-rules';
import { CountryView, OptionalText, RegionalPlace, RequiredText, StateView } from '../address';
import { DocumentSummary } from '../documents';
import { SiteMapDocumentView, SiteMapPageView } from '../site-maps';
import { defineArea, permission } from '../route';
import { Finding, PersonRef } from '../inspection-views';
import { PostStormEntry, PostStormProject, PostStormQuery } from '../post-storm';
import { Cursor, ID_PATTERN, Id, IsoDateTime, Page, Version } from '../schemas';

/** An id the form must name, with the field's label in the message. */
const RequiredId = (label: string) =>
  z.string({ error: `${label} is required` }).check(z.regex(ID_PATTERN, `${label} is required`));

/** A calendar date as the date pickers send it; whether it is a real date is the domain's check. */
const DateText = z.optional(
  z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a valid date'))),
);

const Coordinate = (label: string) => z.number({ error: `${label} is required` });

/** A date of a reduced-frequency period; whether it is a real one, and its order, are the domain's. */
const PeriodDate = z
  .string({ error: PERMIT_MESSAGES.dateFormat })
  .check(z.maxLength(10, PERMIT_MESSAGES.dateFormat));

/**
 * A project's permit (issue 23, docs/decisions/0049): the rule set and its options. The schema
 * bounds the shapes; the rules that read the rule set (its frequencies, sensitive waters, the
 * period kinds it allows, real dates, From before To, no overlap) are permitIssues in the domain.
 */
export const ProjectPermitInput = z.strictObject({
  ruleSetId: z.enum(PERMIT_RULE_SET_IDS, { error: PERMIT_MESSAGES.ruleSetUnknown }),
  frequencyId: z.nullable(z.string().check(z.maxLength(64, PERMIT_MESSAGES.frequencyUnknown))),
  sensitiveWaters: z.boolean(),
  reducedPeriods: z
    .array(
      z.strictObject({
        kind: z.enum(REDUCED_PERIOD_KINDS, { error: PERMIT_MESSAGES.periodKindNotAllowed }),
        from: PeriodDate,
        to: z.nullable(PeriodDate),
      }),
    )
    .check(z.maxLength(MAX_REDUCED_PERIODS, PERMIT_MESSAGES.tooManyPeriods)),
});

/** The permit as a project answers it: always present, the fixed interval for one that chose none. */
export const ProjectPermitView = z.strictObject({
  ruleSetId: z.enum(PERMIT_RULE_SET_IDS),
  frequencyId: z.nullable(z.string()),
  sensitiveWaters: z.boolean(),
  reducedPeriods: z.array(
    z.strictObject({ kind: z.enum(REDUCED_PERIOD_KINDS), from: z.string(), to: z.nullable(z.string()) }),
  ),
});

/**
 * The Create project modal (spec 001 §2, §5): every field, with the schema's share of the rules
 * (required fields, lengths, types). The rest is the server's with what it reads: the region's
 * address and time zone, coordinates to 6 places, the interval rounded up, the next inspection
 * date not before today in the project's zone, the template's conditional options and the
 * inspector's role (docs/decisions/0014).
 */
export const ProjectCreate = z.strictObject({
  client_id: RequiredId('Client'),
  inspection_template_id: RequiredId('Inspection form type'),
  name: RequiredText('Project name', PROJECT_NAME_MAX_LENGTH),
  inspector_user_id: RequiredId('Inspector'),
  latitude: Coordinate('Latitude'),
  longitude: Coordinate('Longitude'),
  document_group_id: RequiredId('Regulations'),
  routine_interval: z
    .number({ error: 'Routine inspection interval is required' })
    .check(z.positive('Routine inspection interval must be between 1 and 999 days')),
  permittee: OptionalText('Permittee', 255),
  address: z.optional(
    z.strictObject({
      street_1: OptionalText('Street', 255),
      city: OptionalText('City', 100),
      ...RegionalPlace,
    }),
  ),
  timezone: z.string({ error: 'Time zone is required' }).check(z.maxLength(64, 'Time zone is not valid')),
  start_date: DateText,
  end_date: DateText,
  next_inspection_date: DateText,
  notes: OptionalText('Notes', 2000),
  docTypes: z.optional(z.array(Id).check(z.maxLength(20, 'Please select document types from the list'))),
  isCcrProject: z.optional(z.boolean()),
  inspection_compliance_required: z.optional(z.boolean()),
  findingComplianceRequired: z.optional(z.boolean()),
  cgp_tracking_id: OptionalText('CGP tracking ID', 50),
  /** The permit; absent: the fixed interval on create, the permit kept on edit. */
  permit: z.optional(ProjectPermitInput),
  /**
   * The permit or NPDES tracking number of a project whose form type is not on the CGP list (on
   * the CGP list, the CGP tracking ID is that number: 0049).
   */
  permit_number: OptionalText('Permit or NPDES tracking number', 50),
});
export type ProjectCreate = z.infer<typeof ProjectCreate>;

/** A user the Create project modal offers as the inspector (spec 001 §2's roles only). */
export const AssignableInspector = z.strictObject({
  id: Id,
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  roleName: z.string(),
});

export const ProjectDocTypeView = z.strictObject({ id: z.string(), name: z.string() });

/** A project as the server answers it (spec 001 §3 Project). */
export const Project = z.strictObject({
  id: Id,
  name: z.string(),
  client_id: Id,
  inspection_template_id: z.nullable(Id),
  document_group_id: z.nullable(Id),
  permittee: z.nullable(z.string()),
  isCcrProject: z.boolean(),
  inspection_compliance_required: z.boolean(),
  findingComplianceRequired: z.boolean(),
  cgp_tracking_id: z.nullable(z.string()),
  permit: ProjectPermitView,
  permit_number: z.nullable(z.string()),
  /** The last routine inspection's local date: the project page's permit line counts from it. */
  last_routine_date: z.nullable(z.string()),
  address: z.strictObject({
    street_1: z.nullable(z.string()),
    city: z.nullable(z.string()),
    state_id: z.nullable(z.string()),
    country_id: z.nullable(z.string()),
    state: z.nullable(StateView),
    countryObj: z.nullable(CountryView),
    zip: z.nullable(z.string()),
    latitude: z.number(),
    longitude: z.number(),
  }),
  timezone: z.string(),
  inspector_user_id: z.nullable(Id),
  start_date: z.nullable(z.string()),
  end_date: z.nullable(z.string()),
  next_inspection_date: z.nullable(z.string()),
  routine_interval: z.number(),
  notes: z.nullable(z.string()),
  docTypes: z.array(ProjectDocTypeView),
  divisionProject: z.strictObject({ division_id: Id }),
  archivedAt: z.nullable(IsoDateTime),
  createdAt: IsoDateTime,
  version: Version,
});

/** Edit Project (spec 002 §2): the create modal's fields but the client, form type and regulations, which stay. */
const {
  client_id: _client,
  inspection_template_id: _template,
  document_group_id: _group,
  ...editableFields
} = ProjectCreate.shape;
export const ProjectUpdate = z.strictObject({ ...editableFields, version: Version });
export type ProjectUpdate = z.infer<typeof ProjectUpdate>;

/** A project as its detail page reads it: the record with its client, counts and publication. */
export const ProjectDetail = z.strictObject({
  ...Project.shape,
  client: z.strictObject({ id: Id, name: z.string() }),
  /** The project's inspector by name (Edit Project shows it to those who may not change it). */
  inspector: z.nullable(PersonRef),
  publishedAt: z.nullable(IsoDateTime),
  inspectionCount: z.number(),
  openInspectionCount: z.number(),
  findingCount: z.number(),
  openFindingCount: z.number(),
});
export type ProjectDetail = z.infer<typeof ProjectDetail>;

/** A row of the projects list and the archive. */
export const ProjectRow = z.strictObject({
  id: Id,
  name: z.string(),
  client: z.strictObject({ id: Id, name: z.string() }),
  city: z.nullable(z.string()),
  place: z.nullable(z.string()),
  next_inspection_date: z.nullable(z.string()),
  /** Inspections not yet complete and certified: 0 lets a post-storm inspection be entered (000 §4). */
  openInspectionCount: z.number(),
  archivedAt: z.nullable(IsoDateTime),
  publishedAt: z.nullable(IsoDateTime),
});

export const ProjectContact = z.strictObject({
  id: Id,
  name: z.string(),
  email: z.string(),
  roleName: z.string(),
  phone: z.nullable(z.string()),
  position: z.nullable(z.string()),
});

const projectParams = z.strictObject({ id: Id });
const archiveParams = z.strictObject({ id: Id, projectId: Id });
const noQuery = z.strictObject({});
const listQuery = z.strictObject({
  cursor: z.optional(Cursor),
  s: z.optional(z.string().check(z.maxLength(100))),
});

/** One entry of a project's change log (docs/decisions/0018): who, when, what, the fields changed. */
export const ChangeLogEntryView = z.strictObject({
  id: Id,
  at: IsoDateTime,
  actor: z.strictObject({ id: z.string(), name: z.string() }),
  entity: z.enum(['project', 'inspection', 'answers', 'finding', 'note', 'signature', 'contact', 'image']),
  entityId: z.string(),
  label: z.string(),
  action: z.string(),
  /** Values before and after as JSON text: a field's value, or a signature or a finding as it was. */
  changes: z.array(z.strictObject({ field: z.string(), from: z.string(), to: z.string() })),
});

/**
 * Spec 002 §7 "Projects and archive", with the project calls of spec 000 §7 (next inspection date)
 * and spec 001 §7 (create, document types). The /api/divisions/{id}/projects paths name the
 * caller's working division.
 */
export const projectsRoutes = defineArea('projects', {
  getProject: {
    method: 'GET',
    path: '/api/projects/{id}',
    summary: 'One project with its client, address and inspection settings',
    access: permission('read', 'Project'),
    division: 'required',
    publicRead: true,
    params: projectParams,
    query: noQuery,
    response: ProjectDetail,
    implemented: true,
  },
  listAssignableInspectors: {
    method: 'GET',
    path: '/api/projects/inspectors',
    summary:
      "Users of the division who may be a project's inspector (Create project modal's select, Change Inspector): the roles of spec 001 §2, by role then name, inactive ones left out; s searches their names and emails",
    access: permission('create', 'Project'),
    division: 'required',
    pageSize: 50,
    query: z.strictObject({
      cursor: z.optional(Cursor),
      s: z.optional(z.string().check(z.maxLength(100, 'The search is too long'))),
    }),
    response: Page(AssignableInspector),
    implemented: true,
  },
  createProject: {
    method: 'POST',
    path: '/api/projects',
    summary:
      'Create a project (Create project modal): every field checked on the server, the conditional options by the template',
    access: permission('create', 'Project'),
    division: 'required',
    query: z.strictObject({}),
    body: ProjectCreate,
    response: Project,
    implemented: true,
  },
  updateProject: {
    method: 'PUT',
    path: '/api/projects/{id}',
    summary: 'Edit a project',
    access: permission('update', 'Project'),
    division: 'required',
    params: projectParams,
    query: noQuery,
    body: ProjectUpdate,
    response: ProjectDetail,
    implemented: true,
  },
  deleteProject: {
    method: 'DELETE',
    path: '/api/projects/{id}',
    summary: 'Delete a project',
    access: permission('delete', 'Project'),
    division: 'required',
    params: projectParams,
    query: noQuery,
    body: z.undefined(),
    response: z.strictObject({ id: Id }),
    implemented: true,
  },
  listProjects: {
    method: 'GET',
    path: '/api/divisions/{id}/projects',
    summary: 'Active projects of a division (query p and s)',
    access: permission('read', 'Project'),
    division: 'required',
    divisionParam: 'id',
    params: projectParams,
    pageSize: 25,
    query: listQuery,
    response: Page(ProjectRow),
    implemented: true,
  },
  listArchivedProjects: {
    method: 'GET',
    path: '/api/divisions/{id}/projects/archive',
    summary: 'Archived projects of a division',
    access: permission('read', 'Project'),
    division: 'required',
    divisionParam: 'id',
    params: projectParams,
    pageSize: 25,
    query: listQuery,
    response: Page(ProjectRow),
    implemented: true,
  },
  getArchivedProject: {
    method: 'GET',
    path: '/api/divisions/{id}/projects/archive/{projectId}',
    summary: 'One archived project',
    access: permission('read', 'Project'),
    division: 'required',
    divisionParam: 'id',
    params: archiveParams,
    query: noQuery,
    response: ProjectDetail,
    implemented: true,
  },
  archiveProject: {
    method: 'POST',
    path: '/api/divisions/{id}/projects/archive/{projectId}',
    summary: 'Archive a project (sets archivedAt; the project becomes read-only)',
    access: permission('update', 'Project'),
    division: 'required',
    divisionParam: 'id',
    params: archiveParams,
    query: noQuery,
    body: z.undefined(),
    response: ProjectDetail,
    implemented: true,
  },
  restoreProject: {
    method: 'DELETE',
    path: '/api/divisions/{id}/projects/archive/{projectId}',
    summary: 'Restore an archived project to the active list',
    access: permission('update', 'Project'),
    division: 'required',
    divisionParam: 'id',
    params: archiveParams,
    query: noQuery,
    body: z.undefined(),
    response: ProjectDetail,
    implemented: true,
  },
  setNextInspectionDate: {
    method: 'PUT',
    path: '/api/projects/{id}/attr/next_inspection_date',
    summary: "Set a project's next inspection due date (value)",
    access: permission('update', 'Project'),
    division: 'required',
    params: projectParams,
    query: noQuery,
    body: z.strictObject({
      value: z.string({ error: 'Next inspection date is required' }).check(z.maxLength(20)),
    }),
    response: ProjectDetail,
    implemented: true,
  },
  listProjectFindings: {
    method: 'GET',
    path: '/api/projects/{id}/findings',
    summary: 'Findings of a project, open first then completed, by number (project Findings tab)',
    access: permission('read', 'Findings'),
    division: 'required',
    publicRead: true,
    pageSize: 50,
    params: projectParams,
    query: z.strictObject({ cursor: z.optional(Cursor) }),
    response: Page(Finding),
    implemented: true,
  },
  listProjectContacts: {
    method: 'GET',
    path: '/api/projects/{id}/contacts',
    summary: 'Contacts of a project (not in the public view: their e-mails and phones are staff data)',
    access: permission('read', 'Project'),
    division: 'required',
    params: projectParams,
    query: noQuery,
    response: z.strictObject({ pageData: z.array(ProjectContact) }),
    implemented: true,
  },
  addProjectContacts: {
    method: 'POST',
    path: '/api/projects/{id}/contacts',
    summary: 'Add contacts (users) to a project',
    access: permission('update', 'Project'),
    division: 'required',
    params: projectParams,
    query: noQuery,
    body: z.strictObject({
      userIds: z.array(Id).check(z.minLength(1, 'Please choose users'), z.maxLength(25)),
    }),
    response: z.strictObject({ pageData: z.array(ProjectContact) }),
    implemented: true,
  },
  removeProjectContact: {
    method: 'DELETE',
    path: '/api/projects/{id}/contacts/{userId}',
    summary: 'Remove a contact from a project',
    access: permission('update', 'Project'),
    division: 'required',
    params: z.strictObject({ id: Id, userId: Id }),
    query: noQuery,
    body: z.undefined(),
    response: z.strictObject({ id: Id }),
    implemented: true,
  },
  getProjectChangelog: {
    method: 'GET',
    path: '/api/changelog/projects/{id}',
    summary:
      'Change log of a project (Log tab): every write to the project, its inspections, findings and signatures, newest first',
    access: permission('read', 'Project'),
    division: 'required',
    pageSize: 25,
    params: z.strictObject({ id: Id }),
    query: z.strictObject({ cursor: z.optional(Cursor) }),
    response: Page(ChangeLogEntryView),
    implemented: true,
  },
  listProjectDocs: {
    method: 'GET',
    path: '/api/projects/{id}/docs',
    summary:
      "Documents of a project by document type (Project Documents, Active Site Maps): each of the project's types with its first documents in their order, or one type's next page (docTypeId, cursor)",
    access: permission('read', 'Project'),
    division: 'required',
    files: 'read',
    publicRead: true,
    params: projectParams,
    query: z.strictObject({
      docTypeId: z.optional(z.string().check(z.maxLength(64), z.regex(ID_PATTERN, 'Unknown document type'))),
      cursor: z.optional(Cursor),
    }),
    response: z.strictObject({
      docTypes: z.array(
        z.strictObject({
          id: z.string(),
          name: z.string(),
          documents: z.array(DocumentSummary),
          nextCursor: z.nullable(z.string()),
        }),
      ),
    }),
    implemented: true,
  },
  listProjectDocTypes: {
    method: 'GET',
    path: '/api/projects/docTypes',
    summary:
      "Project document types (query name, projectId: that project's types); the site-map type is 'Active Site Maps'",
    access: permission('read', 'Project'),
    division: 'required',
    publicRead: true,
    query: z.strictObject({
      name: z.optional(z.string().check(z.maxLength(100, 'The name is too long'))),
      projectId: z.optional(Id),
    }),
    response: z.array(ProjectDocTypeView),
    implemented: true,
  },
  listInspectionSiteMaps: {
    method: 'GET',
    path: '/api/projects/{id}/inspections/{inspectionId}/uploads',
    summary:
      'Site maps of an inspection as they stood for it: the page images listed before it ended and not removed before it began, with short-lived thumbnail URLs, oldest first',
    access: permission('read', 'Inspection'),
    division: 'required',
    files: 'read',
    publicRead: true,
    pageSize: 50,
    params: z.strictObject({ id: Id, inspectionId: Id }),
    query: z.strictObject({ cursor: z.optional(Cursor) }),
    response: Page(SiteMapPageView),
    implemented: true,
  },
  listSiteMaps: {
    method: 'GET',
    path: '/api/projects/{id}/site-maps',
    summary:
      "The project's Active Site Map documents in their order, each with its conversion status and its page images (short-lived thumbnail URLs); path not in the spec (docs/decisions/0002)",
    access: permission('read', 'Project'),
    division: 'required',
    files: 'read',
    publicRead: true,
    pageSize: 20,
    params: projectParams,
    query: z.strictObject({ cursor: z.optional(Cursor) }),
    response: Page(SiteMapDocumentView),
    implemented: true,
  },
  getPostStormQuestions: {
    method: 'GET',
    path: '/api/projects/post-storm',
    summary: 'Projects with their post-storm questions, by ids (post-storm bulk entry)',
    access: permission('read', 'Inspection'),
    division: 'required',
    query: PostStormQuery,
    response: z.strictObject({ projects: z.array(PostStormProject) }),
    implemented: true,
  },
  createPostStormInspections: {
    method: 'POST',
    path: '/api/projects/post-storm',
    summary: 'Create post-storm inspections: items of project_id and answers keyed by question id',
    access: permission('create', 'Inspection'),
    division: 'required',
    query: z.strictObject({}),
    body: PostStormEntry,
    response: z.strictObject({
      inspections: z.array(z.strictObject({ id: Id, project_id: Id, number: z.number() })),
    }),
    implemented: true,
  },
  publishProject: {
    method: 'PUT',
    path: '/api/projects/{id}/public',
    summary:
      'Make a project public (all on QR Access): its read-only public view and QR code then work for the public account (docs/decisions/0018)',
    access: permission('all', 'QR Access'),
    division: 'required',
    params: projectParams,
    query: noQuery,
    body: z.undefined(),
    response: ProjectDetail,
    implemented: true,
  },
  unpublishProject: {
    method: 'DELETE',
    path: '/api/projects/{id}/public',
    summary: 'Withdraw a project from the public view (all on QR Access)',
    access: permission('all', 'QR Access'),
    division: 'required',
    params: projectParams,
    query: noQuery,
    body: z.undefined(),
    response: ProjectDetail,
    implemented: true,
  },
});
