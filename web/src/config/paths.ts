/**
 * Every page of the SPA: `path` is the router pattern, `getHref()` builds a link to it. Pages
 * inside a division live under /divisions/{divisionId} (spec 000 §2); /divisions, /inspection,
 * /user-manuals and /public/inspection are outside division scope.
 */
const seg = (value: string | number) => encodeURIComponent(String(value));
const inDivision = (divisionId: string, rest: string) => `/divisions/${seg(divisionId)}${rest}`;

export const paths = {
  root: { path: '/', getHref: () => '/' },

  auth: {
    login: {
      path: '/login',
      getHref: (redirectTo?: string | null) =>
        redirectTo ? `/login?to=${encodeURIComponent(redirectTo)}` : '/login',
    },
    logout: { path: '/logout', getHref: () => '/logout' },
    forgotPassword: { path: '/forgot', getHref: () => '/forgot' },
    resetPassword: {
      path: '/reset-password/:uuid',
      getHref: (uuid: string) => `/reset-password/${seg(uuid)}`,
    },
    register: { path: '/user/register/:uuid', getHref: (uuid: string) => `/user/register/${seg(uuid)}` },
  },

  app: {
    dashboard: {
      path: '/divisions/:divisionId/dashboard',
      getHref: (divisionId: string) => inDivision(divisionId, '/dashboard'),
    },
    myProfile: {
      path: '/divisions/:divisionId/my-profile',
      getHref: (divisionId: string) => inDivision(divisionId, '/my-profile'),
    },
    projects: {
      path: '/divisions/:divisionId/projects',
      getHref: (divisionId: string) => inDivision(divisionId, '/projects'),
    },
    /** A project and its tabs (spec 002 §2): /inspections, /contacts, /log… */
    project: {
      path: '/divisions/:divisionId/projects/:projectId/:tab?',
      getHref: (divisionId: string, projectId: string, tab?: string) =>
        inDivision(divisionId, `/projects/${seg(projectId)}${tab ? `/${seg(tab)}` : ''}`),
    },
    startInspection: {
      path: '/divisions/:divisionId/projects/:projectId/start-inspection',
      /** With 'post-storm': starts a Post Storm inspection (a post-storm due, issue 23). */
      getHref: (divisionId: string, projectId: string, type?: 'post-storm') =>
        inDivision(divisionId, `/projects/${seg(projectId)}/start-inspection${type ? `?type=${type}` : ''}`),
    },
    postStormProjects: {
      path: '/divisions/:divisionId/projects/post-storm',
      getHref: (divisionId: string) => inDivision(divisionId, '/projects/post-storm'),
    },
    projectArchive: {
      path: '/divisions/:divisionId/projects/archive',
      getHref: (divisionId: string) => inDivision(divisionId, '/projects/archive'),
    },
    archivedProject: {
      path: '/divisions/:divisionId/projects/archive/:projectId/:tab?',
      getHref: (divisionId: string, projectId: string, tab?: string) =>
        inDivision(divisionId, `/projects/archive/${seg(projectId)}${tab ? `/${seg(tab)}` : ''}`),
    },
    /**
     * The site map editor (spec 002 §2, docs/decisions/0041): a map by its id (or its page GUID, which
     * /projects/{id}/map/{GUID}/edit brings here through the division prefix); `from` says where
     * Close returns: the project's Active Site Map tab, or the inspection's Map tab.
     */
    mapEditor: {
      path: '/divisions/:divisionId/projects/:projectId/map/:mapId/edit',
      getHref: (
        divisionId: string,
        projectId: string,
        mapId: string,
        {
          from = 'active-map',
          inspectionId = null,
          locate = null,
        }: {
          from?: 'active-map' | 'inspection';
          inspectionId?: string | null;
          /** A finding's id: the editor shows it once the map is read (its Locate). */
          locate?: string | null;
        } = {},
      ) =>
        inDivision(
          divisionId,
          `/projects/${seg(projectId)}/map/${seg(mapId)}/edit?from=${from}${
            inspectionId ? `&inspectionId=${seg(inspectionId)}` : ''
          }${locate ? `&locate=${seg(locate)}` : ''}`,
        ),
    },
    clients: {
      path: '/divisions/:divisionId/clients',
      getHref: (divisionId: string) => inDivision(divisionId, '/clients'),
    },
    client: {
      path: '/divisions/:divisionId/clients/:clientId',
      getHref: (divisionId: string, clientId: string) => inDivision(divisionId, `/clients/${seg(clientId)}`),
    },
    /**
     * The document viewer (docs/decisions/0002, 0039): a PDF or image of a regulation group, a
     * legend item or a project, by GUID; `edit` opens a PDF with the annotation tools.
     */
    document: {
      path: '/divisions/:divisionId/documents/:documentId',
      getHref: (divisionId: string, guid: string, { edit = false }: { edit?: boolean } = {}) =>
        inDivision(divisionId, `/documents/${seg(guid)}${edit ? '?mode=edit' : ''}`),
    },
    groups: {
      path: '/divisions/:divisionId/groups',
      getHref: (divisionId: string) => inDivision(divisionId, '/groups'),
    },
    group: {
      path: '/divisions/:divisionId/groups/:groupId',
      getHref: (divisionId: string, groupId: string) => inDivision(divisionId, `/groups/${seg(groupId)}`),
    },
    mapLegend: {
      path: '/divisions/:divisionId/map-legend',
      getHref: (divisionId: string) => inDivision(divisionId, '/map-legend'),
    },
    admin: {
      path: '/divisions/:divisionId/admin',
      getHref: (divisionId: string, search?: string) =>
        inDivision(divisionId, search ? `/admin/?search=${encodeURIComponent(search)}` : '/admin'),
    },
    editUser: {
      path: '/divisions/:divisionId/user-profiles/:userId/edit',
      getHref: (divisionId: string, userId: string) =>
        inDivision(divisionId, `/user-profiles/${seg(userId)}/edit`),
    },
    inspectionTemplates: {
      path: '/divisions/:divisionId/inspection-templates',
      getHref: (divisionId: string) => inDivision(divisionId, '/inspection-templates'),
    },
    inspectionTemplate: {
      path: '/divisions/:divisionId/inspection-templates/:templateId',
      getHref: (divisionId: string, templateId: string) =>
        inDivision(divisionId, `/inspection-templates/${seg(templateId)}`),
    },
    /** The editor's live preview on its own, without the app's frame: the phone-wide preview's frame shows it. */
    inspectionTemplatePreview: {
      path: '/divisions/:divisionId/inspection-templates/:templateId/preview',
      getHref: (divisionId: string, templateId: string) =>
        inDivision(divisionId, `/inspection-templates/${seg(templateId)}/preview`),
    },
    reports: {
      path: '/divisions/:divisionId/reports',
      getHref: (divisionId: string) => inDivision(divisionId, '/reports'),
    },
    divisions: { path: '/divisions', getHref: () => '/divisions' },
    division: { path: '/divisions/:divisionId', getHref: (divisionId: string) => inDivision(divisionId, '') },
    divisionResources: {
      path: '/divisions/:divisionId/resources/:tab',
      getHref: (divisionId: string, tab: string) => inDivision(divisionId, `/resources/${seg(tab)}`),
    },
    findingDetails: {
      path: '/inspection/:inspectionId/findings/:findingId/details',
      getHref: (inspectionId: string, findingId: string) =>
        `/inspection/${seg(inspectionId)}/findings/${seg(findingId)}/details`,
    },
    /** An inspection and its tabs: /questionnaire, /findings, /map, /certification. */
    inspection: {
      path: '/inspection/:inspectionId/:tab?',
      getHref: (id: string, tab?: string) => `/inspection/${seg(id)}${tab ? `/${seg(tab)}` : ''}`,
    },
    /** Shown to a signed-in user who belongs to no division yet. */
    noDivision: { path: '/no-division', getHref: () => '/no-division' },
    userManuals: { path: '/user-manuals', getHref: () => '/user-manuals' },
    userManual: { path: '/user-manuals/:slug', getHref: (slug: string) => `/user-manuals/${seg(slug)}` },
  },

  /**
   * A finished report's download (spec 002 §2 Printing, spec 001 §8): the page starts it after
   * 2 s with a manual link; a link missing its parameters goes to downloadNotFound, a report the
   * server does not know (or not the caller's) to notFound. Outside division scope, like /inspection.
   */
  report: {
    download: {
      path: '/inspection/report/download',
      getHref: (reportId: string, reportTitle: string) =>
        `/inspection/report/download?${new URLSearchParams({ reportId, reportTitle }).toString()}`,
    },
    notFound: { path: '/inspection/report/not-found', getHref: () => '/inspection/report/not-found' },
    downloadNotFound: { path: '/download-not-found', getHref: () => '/download-not-found' },
  },

  public: {
    /** The public project; its tab ('project-docs', 'active-site-map') after it, none for Inspections. */
    project: {
      path: '/public/divisions/:divisionId/projects/:projectId',
      getHref: (divisionId: string, projectId: string, tab?: string) =>
        `/public/divisions/${seg(divisionId)}/projects/${seg(projectId)}${tab ? `/${seg(tab)}` : ''}`,
    },
    /** The site map editor's read-only public twin (spec 002 §2). */
    mapEditor: {
      path: '/public/divisions/:divisionId/projects/:projectId/map/:mapId',
      getHref: (divisionId: string, projectId: string, mapId: string, locate: string | null = null) =>
        `/public/divisions/${seg(divisionId)}/projects/${seg(projectId)}/map/${seg(mapId)}${
          locate ? `?locate=${seg(locate)}` : ''
        }`,
    },
    /** The public twin of an inspection and its tabs (spec 002 §2). */
    inspection: {
      path: '/public/inspection/:inspectionId/:tab?',
      getHref: (id: string, tab?: string) => `/public/inspection/${seg(id)}${tab ? `/${seg(tab)}` : ''}`,
    },
    /**
     * The report download's public twin: a report the public account printed from a public
     * inspection (the public visitor is not signed in, so the signed-in page is out of reach).
     */
    reportDownload: {
      path: '/public/report/download',
      getHref: (reportId: string, reportTitle: string, divisionId: string) =>
        `/public/report/download?${new URLSearchParams({ reportId, reportTitle, division: divisionId }).toString()}`,
    },
    findingDetails: {
      path: '/public/inspection/:inspectionId/findings/:findingId/details',
      getHref: (inspectionId: string, findingId: string) =>
        `/public/inspection/${seg(inspectionId)}/findings/${seg(findingId)}/details`,
    },
  },
} as const;

const DIVISION_SCOPE = '/divisions/:divisionId/';

/**
 * A division page's pattern below /divisions/:divisionId ('dashboard'), for the router's routes
 * nested under the division: the router takes its paths from here rather than spelling them again.
 */
export function withinDivision(entry: { path: string }): string {
  if (!entry.path.startsWith(DIVISION_SCOPE)) throw new Error(`${entry.path} is not a division page`);
  return entry.path.slice(DIVISION_SCOPE.length);
}
