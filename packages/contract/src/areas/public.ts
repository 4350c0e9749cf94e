import { defineArea, permission } from '../route';

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
    implemented: false,
  },
  getPublicProjectHeader: {
    method: 'GET',
    path: '/api/publicUrl/{id}/header',
    summary: 'Header of the public project view (project and client name, address)',
    access: permission('read', 'Project'),
    division: 'required',
    publicRead: true,
    implemented: false,
  },
  getPublicInspectionHeader: {
    method: 'GET',
    path: '/api/publicUrl/{id}/inspection/{inspectionId}/header',
    summary: 'Header of the public inspection view (title, number, id, project and client name)',
    access: permission('read', 'Inspection'),
    division: 'required',
    publicRead: true,
    implemented: false,
  },
});
