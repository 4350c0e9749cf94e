import * as z from 'zod/mini';
import { DEFAULT_REPORT_ROWS, REPORT_ROWS_OPTIONS } from '@stormline/domain/compliance-report';
import { isIsoDate } from '@stormline/domain/local-date';
import { defineArea, permission } from '../route';
import { Count, Id, IsoDateTime, ListQuery, Page, SearchText, Version } from '../schemas';

const DivisionName = z
  .string({ error: 'Division name is required' })
  .check(
    z.trim(),
    z.minLength(1, 'Division name is required'),
    z.maxLength(100, 'Division name must be at most 100 characters'),
  );

export const Division = z.strictObject({
  id: Id,
  name: z.string(),
  createdAt: IsoDateTime,
  version: Version,
});

export const DivisionCreate = z.strictObject({ name: DivisionName });
export const DivisionUpdate = z.strictObject({ name: DivisionName, version: Version });

const divisionParams = z.strictObject({ id: Id });

/**
 * A resource tab's query (spec 001 §7 "query p, s"): the page by cursor, the search, and which
 * rows: the division's own (the tab), or the company's catalogue with whether the division holds
 * each (the 'Add {thing}' modal's rows to choose from).
 */
export const ResourceQuery = z.strictObject({
  ...ListQuery.shape,
  scope: z.optional(z.enum(['division', 'company'], { error: "scope must be 'division' or 'company'" })),
});

/** Whether the division holds the row, and whether the caller may open its page (a member of the division with read on it). */
const RowAccess = {
  inDivision: z.boolean(),
  canOpen: z.boolean(),
};

/** A row of the Regulations, Inspection Templates and Clients tabs (spec 001 §2: Name). */
export const NamedResourceRow = z.strictObject({ id: Id, name: z.string(), ...RowAccess });
export type NamedResourceRow = z.infer<typeof NamedResourceRow>;

/** A row of the Users tab (spec 001 §2: First Name, Last Name, Email, Role). */
export const UserResourceRow = z.strictObject({
  id: Id,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  roleName: z.string(),
  ...RowAccess,
});
export type UserResourceRow = z.infer<typeof UserResourceRow>;

/** The most ids one add or remove takes (a page of the tab, with room to spare). */
export const MAX_RESOURCE_IDS = 100;

function idsBody<K extends string>(field: K, thing: string) {
  return z.strictObject({
    [field]: z
      .array(Id, { error: `Please select at least one ${thing}` })
      .check(
        z.minLength(1, `Please select at least one ${thing}`),
        z.maxLength(MAX_RESOURCE_IDS, `At most ${MAX_RESOURCE_IDS} can be changed at once`),
      ),
  } as { [P in K]: z.ZodMiniArray<typeof Id> });
}

/** What an add changed: the ids the division did not hold before (ids it held already change nothing). */
export const ResourcesAdded = z.strictObject({ added: z.array(Id) });
/**
 * What a remove changed: the ids taken out of the division, and among them the clients or
 * regulation groups no other division held, which went with it (docs/decisions/0016).
 */
export const ResourcesRemoved = z.strictObject({ removed: z.array(Id), deleted: z.array(Id) });

const noQuery = z.strictObject({});

/** The most clients the report's Client filter takes at once. */
export const MAX_REPORT_CLIENTS = 100;

const ReportDate = z
  .string()
  .check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Report dates are written YYYY-MM-DD'),
    z.refine(isIsoDate, 'Report dates are written YYYY-MM-DD'),
  );

/**
 * The compliance report's query (spec 001 §7 "query s, p, r, client, maxDate, minDate, findings";
 * docs/decisions/0021). `client` is a comma-separated list of client ids, as `clientIds` of GET
 * /api/clients; the repeated form (?client=a&client=b) arrives as the same list, since API Gateway
 * and the local gateway join a repeated query parameter with commas. Dates in the future and a
 * Min Date after the Max Date are refused by the handler (they depend on today).
 */
export const ComplianceReportQuery = z.strictObject({
  s: z.optional(SearchText),
  p: z._default(z.string().check(z.regex(/^[1-9]\d{0,5}$/, 'The page must be a whole number from 1')), '1'),
  r: z._default(
    z.enum(REPORT_ROWS_OPTIONS, {
      error: `The rows per page must be one of ${REPORT_ROWS_OPTIONS.join(', ')}`,
    }),
    DEFAULT_REPORT_ROWS,
  ),
  client: z.optional(
    z
      .string()
      .check(
        z.regex(
          new RegExp(`^[A-Za-z0-9_-]{1,64}(,[A-Za-z0-9_-]{1,64}){0,${MAX_REPORT_CLIENTS - 1}}$`),
          `client must be at most ${MAX_REPORT_CLIENTS} client ids separated by commas`,
        ),
      ),
  ),
  minDate: z.optional(ReportDate),
  maxDate: z.optional(ReportDate),
  findings: z.optional(
    z
      .string()
      .check(z.maxLength(20, 'Unknown finding type'), z.regex(/^[A-Za-z0-9_-]+$/, 'Unknown finding type')),
  ),
});

/**
 * Spec 001 §3 Report row, with the ids the page links by. Averages and the longest days to correct
 * are null when there is nothing to average (the page shows '-').
 */
export const ReportRow = z.strictObject({
  projectId: Id,
  projectName: z.string(),
  clientId: Id,
  clientName: z.string(),
  inspectionCount: Count,
  findingsCount: Count,
  avgFindings: z.nullable(z.number()),
  avgFindingDays: z.nullable(z.number()),
  maxDay: z.nullable(Count),
  openFindings: Count,
  notCompleteInExpectedDays: Count,
  ackCount: Count,
  complianceCount: Count,
  missedIsp: Count,
  /** Post-storm inspections (issue 23, by the storm's day): done in time, done late, and missed. */
  postStormInTime: Count,
  postStormLate: Count,
  postStormMissed: Count,
});
export type ReportRow = z.infer<typeof ReportRow>;

/** Spec 001 §3 "Pagination state: pageSize, numModels, pageData", paged by number. */
export const ComplianceReport = z.strictObject({
  pageData: z.array(ReportRow),
  paginationState: z.strictObject({
    pageSize: z.number().check(z.int(), z.positive()),
    numModels: Count,
    page: z.number().check(z.int(), z.positive()),
  }),
});

/**
 * A division resource tab (spec 001 §2 and §7): list (query p as the cursor, and s), add and
 * remove users, clients, regulations or inspection templates, the ids in the body.
 */
function resourceTab<F extends string, Row extends z.ZodMiniType>(
  resource: string,
  idsField: F,
  thing: string,
  row: Row,
) {
  const path = `/api/divisions/{id}/${resource}`;
  const body = idsBody(idsField, thing);
  return {
    list: {
      method: 'GET',
      path,
      summary: `The ${resource} of a division by name, or those matching s; with scope=company, the company's ${resource} with whether the division holds each (the rows to add)`,
      access: permission('read', 'Divisions'),
      division: 'none',
      pageSize: 25,
      params: divisionParams,
      query: ResourceQuery,
      response: Page(row),
      implemented: true,
    },
    add: {
      method: 'POST',
      path,
      summary: `Add ${resource} to a division (${idsField})`,
      access: permission('update', 'Divisions'),
      division: 'none',
      params: divisionParams,
      query: noQuery,
      body,
      response: ResourcesAdded,
      implemented: true,
    },
    remove: {
      method: 'DELETE',
      path,
      summary: `Remove ${resource} from a division (${idsField} in the body; 409 with the reason when one cannot go)`,
      access: permission('update', 'Divisions'),
      division: 'none',
      params: divisionParams,
      query: noQuery,
      body,
      response: ResourcesRemoved,
      implemented: true,
    },
  } as const;
}

const usersTab = resourceTab('users', 'userIds', 'user', UserResourceRow);
const clientsTab = resourceTab('clients', 'clientIds', 'client', NamedResourceRow);
const regulationsTab = resourceTab('regulations', 'regulationIds', 'regulation', NamedResourceRow);
const templatesTab = resourceTab(
  'inspectionTemplates',
  'inspectionTemplateIds',
  'inspection template',
  NamedResourceRow,
);

/**
 * Spec 001 §7: divisions and their resource tabs. The division in the path is the subject, so the
 * header is not required; the handler checks the caller may see that division.
 */
export const divisionsRoutes = defineArea('divisions', {
  listDivisions: {
    method: 'GET',
    path: '/api/divisions',
    summary:
      'Divisions (all of them, with read Divisions) by name, or those matching search s; a page at a time',
    access: permission('read', 'Divisions'),
    division: 'none',
    pageSize: 25,
    query: ListQuery,
    response: Page(Division),
    implemented: true,
  },
  createDivision: {
    method: 'POST',
    path: '/api/divisions',
    summary: 'Create a division',
    access: permission('create', 'Divisions'),
    division: 'none',
    query: z.strictObject({}),
    body: DivisionCreate,
    response: Division,
    implemented: true,
  },
  getDivision: {
    method: 'GET',
    path: '/api/divisions/{id}',
    summary: 'One division',
    access: permission('read', 'Divisions'),
    division: 'none',
    params: divisionParams,
    query: z.strictObject({}),
    response: Division,
    implemented: true,
  },
  updateDivision: {
    method: 'PUT',
    path: '/api/divisions/{id}',
    summary: 'Rename a division (409 when the version is stale)',
    access: permission('update', 'Divisions'),
    division: 'none',
    params: divisionParams,
    query: z.strictObject({}),
    body: DivisionUpdate,
    response: Division,
    implemented: true,
  },
  deleteDivision: {
    method: 'DELETE',
    path: '/api/divisions/{id}',
    summary:
      'Delete a division: 409 with what it still holds (projects, legend items, other users, clients or regulations no other division holds); else its links go with it (docs/decisions/0016)',
    access: permission('delete', 'Divisions'),
    division: 'none',
    params: divisionParams,
    query: noQuery,
    body: z.undefined(),
    response: z.strictObject({ id: Id }),
    implemented: true,
  },
  listUsers: usersTab.list,
  addUsers: usersTab.add,
  removeUsers: usersTab.remove,
  listClients: clientsTab.list,
  addClients: clientsTab.add,
  removeClients: clientsTab.remove,
  listRegulations: regulationsTab.list,
  addRegulations: regulationsTab.add,
  removeRegulations: regulationsTab.remove,
  listInspectionTemplates: templatesTab.list,
  addInspectionTemplates: templatesTab.add,
  removeInspectionTemplates: templatesTab.remove,
  getComplianceReport: {
    method: 'GET',
    path: '/api/divisions/{id}/compliance',
    summary:
      "Compliance report rows: the division's active projects the caller sees, by name, filtered by s (name search) and client (comma-separated ids), page p of r rows (10, 20, 30, 50 or All); figures over minDate to maxDate (YYYY-MM-DD, not in the future; default each project's first day to its today), finding figures of type findings (a code) or all (docs/decisions/0021)",
    access: permission('read', 'Dashboard'),
    division: 'required',
    divisionParam: 'id',
    params: divisionParams,
    query: ComplianceReportQuery,
    response: ComplianceReport,
    implemented: true,
  },
  listFindingTypes: {
    method: 'GET',
    path: '/api/divisions/{id}/findingTypes',
    summary:
      "Finding types used in the division (the report's Finding Type filter): those of its inspection templates, by code",
    access: permission('read', 'Dashboard'),
    division: 'required',
    divisionParam: 'id',
    params: z.strictObject({ id: Id }),
    query: z.strictObject({}),
    response: z.strictObject({ pageData: z.array(z.strictObject({ code: z.string(), name: z.string() })) }),
    implemented: true,
  },
});
