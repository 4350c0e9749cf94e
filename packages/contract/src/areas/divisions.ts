import * as z from 'zod/mini';
import { defineArea, permission } from '../route';
import { Id, IsoDateTime, ListQuery, Page, Version } from '../schemas';

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
    summary: 'Compliance report rows (query s, p, r, client, maxDate, minDate, findings)',
    access: permission('read', 'Dashboard'),
    division: 'required',
    divisionParam: 'id',
    implemented: false,
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
