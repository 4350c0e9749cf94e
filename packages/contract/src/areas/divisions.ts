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

/** A division resource tab (spec 001 §2): list, add and remove users, clients, regulations or templates. */
function resourceTab(resource: string, idsField: string) {
  const title = resource.charAt(0).toUpperCase() + resource.slice(1);
  return {
    [`list${title}`]: {
      method: 'GET',
      path: `/api/divisions/{id}/${resource}`,
      summary: `The ${resource} of a division (query p, s)`,
      access: permission('read', 'Divisions'),
      division: 'none',
      implemented: false,
    },
    [`add${title}`]: {
      method: 'POST',
      path: `/api/divisions/{id}/${resource}`,
      summary: `Add ${resource} to a division (${idsField})`,
      access: permission('update', 'Divisions'),
      division: 'none',
      implemented: false,
    },
    [`remove${title}`]: {
      method: 'DELETE',
      path: `/api/divisions/{id}/${resource}`,
      summary: `Remove ${resource} from a division (${idsField} in the body)`,
      access: permission('update', 'Divisions'),
      division: 'none',
      implemented: false,
    },
  } as const;
}

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
    summary: 'Delete a division',
    access: permission('delete', 'Divisions'),
    division: 'none',
    implemented: false,
  },
  ...resourceTab('users', 'userIds'),
  ...resourceTab('clients', 'clientIds'),
  ...resourceTab('regulations', 'regulationIds'),
  ...resourceTab('inspectionTemplates', 'inspectionTemplateIds'),
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
    summary: 'Finding types used in the division (report filter)',
    access: permission('read', 'Dashboard'),
    division: 'required',
    divisionParam: 'id',
    implemented: false,
  },
});
