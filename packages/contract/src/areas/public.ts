import * as z from 'zod/mini';
import { defineArea, permission } from '../route';
import { Id } from '../schemas';

const noQuery = z.strictObject({});

/** What the public view shows of a project: its name, client and place, nothing internal. */
export const PublicProjectHeader = z.strictObject({
  id: Id,
  name: z.string(),
  clientName: z.string(),
  street: z.nullable(z.string()),
  city: z.nullable(z.string()),
  place: z.nullable(z.string()),
  zip: z.nullable(z.string()),
  divisionId: Id,
});

/** The public inspection view's header (spec 002 §2: title, number, id, project name and client name). */
export const PublicInspectionHeader = z.strictObject({
  id: Id,
  number: z.number(),
  title: z.string(),
  projectId: Id,
  projectName: z.string(),
  clientName: z.string(),
});

/**
 * Spec 002 §7 "Public": the headers of the public read-only views. The other public reads (contacts,
 * findings, inspections, certificate, map, questions) are the ordinary GET routes marked publicRead.
 */
export const publicRoutes = defineArea('public', {
  getPublicProject: {
    method: 'GET',
    path: '/api/publicUrl/{id}',
    summary: 'A project as the public read-only view shows it',
    access: permission('read', 'Project'),
    division: 'required',
    publicRead: true,
    params: z.strictObject({ id: Id }),
    query: noQuery,
    response: PublicProjectHeader,
    implemented: true,
  },
  getPublicProjectHeader: {
    method: 'GET',
    path: '/api/publicUrl/{id}/header',
    summary: 'Header of the public project view (project and client name, address)',
    access: permission('read', 'Project'),
    division: 'required',
    publicRead: true,
    params: z.strictObject({ id: Id }),
    query: noQuery,
    response: PublicProjectHeader,
    implemented: true,
  },
  getPublicInspectionHeader: {
    method: 'GET',
    path: '/api/publicUrl/{id}/inspection/{inspectionId}/header',
    summary: 'Header of the public inspection view (title, number, id, project and client name)',
    access: permission('read', 'Inspection'),
    division: 'required',
    publicRead: true,
    params: z.strictObject({ id: Id, inspectionId: Id }),
    query: noQuery,
    response: PublicInspectionHeader,
    implemented: true,
  },
});
