/**
 * The screens a visit rarely starts on, by name, for app/router.tsx's laterPage(): everything but
 * sign-in, the dashboard and the public layout, which stay direct imports in the router. Their
 * dynamic imports live here so the list of files each one needs is in this module's small chunk,
 * not in the entry that every first load fetches (docs/decisions/0012). A page opened first from
 * an e-mailed link (registration, password reset) waits for this chunk too: one more round trip.
 */
export const laterScreens = {
  forgotPassword: () => import('../features/auth/routes/forgot-password'),
  resetPassword: () => import('../features/auth/routes/reset-password'),
  register: () => import('../features/auth/routes/register'),
  clients: () => import('../features/clients/routes/clients'),
  client: () => import('./routes/client-page'),
  groups: () => import('../features/regulations/routes/groups'),
  group: () => import('../features/regulations/routes/group'),
  legendItems: () => import('../features/legend/routes/legend-items'),
  myProfile: () => import('../features/profile/routes/my-profile'),
  reports: () => import('../features/reports/routes/reports'),
  usersAdmin: () => import('../features/users/routes/users-admin'),
  editUser: () => import('../features/users/routes/edit-user'),
  division: () => import('../features/divisions/routes/division'),
  divisions: () => import('../features/divisions/routes/divisions'),
  userManuals: () => import('../features/user-manuals/routes/user-manuals'),
  userManual: () => import('../features/user-manuals/routes/user-manual'),
  projects: () => import('../features/projects/routes/projects'),
  projectsArchive: () => import('../features/projects/routes/projects-archive'),
  project: () => import('./routes/project-page'),
  startInspection: () => import('../features/inspections/routes/start-inspection'),
  postStorm: () => import('../features/inspections/routes/post-storm'),
  inspection: () => import('./routes/inspection-page'),
  publicProject: () => import('./routes/public-project-page'),
  templates: () => import('../features/templates/routes/templates'),
  template: () => import('../features/templates/routes/template'),
  templatePreview: () => import('../features/templates/routes/template-preview'),
  documentViewer: () => import('../features/document-viewer/routes/document-viewer'),
  mapEditor: () => import('./routes/map-editor-page'),
  publicMapEditor: () => import('./routes/public-map-editor-page'),
  reportDownload: () => import('../features/printing/routes/report-download'),
  reportNotFound: () => import('../features/printing/routes/report-not-found'),
  downloadNotFound: () => import('../features/printing/routes/download-not-found'),
};
