import * as z from 'zod/mini';
import { defineArea, permission, signedIn } from '../route';
import { Cursor, Id, Page } from '../schemas';
import { DASHBOARD_WIDGETS } from '@stormline/domain/dashboard-rules';

const readDashboard = permission('read', 'Dashboard');

const divisionParams = z.strictObject({ id: Id });

/** A widget's table: a finding type code to narrow to, the site search, the page. */
const WidgetQuery = z.strictObject({
  type: z.optional(
    z
      .string()
      .check(z.maxLength(20, 'Unknown finding type'), z.regex(/^[A-Za-z0-9_-]+$/, 'Unknown finding type')),
  ),
  s: z.optional(z.string().check(z.maxLength(100, 'The search is too long'))),
  cursor: z.optional(Cursor),
});

/** Spec 000 §3 "Open findings" row. */
export const OpenFindingsRow = z.strictObject({
  projectId: Id,
  siteName: z.string(),
  clientName: z.string(),
  openFindingsCount: z.number(),
  maxDaysOpened: z.number(),
  /** The earliest corrective-action deadline of the site's open findings (CGP 5.2, 0049), or null. */
  nextDueBy: z.nullable(z.string()),
});

/** Spec 000 §3 "Findings overview" row. */
export const FindingsOverviewRow = z.strictObject({
  projectId: Id,
  siteName: z.string(),
  clientName: z.string(),
  numberOfInspections: z.number(),
  averageFindings: z.number(),
  averageCarryOver: z.number(),
  averageDaysToCorrect: z.number(),
  maxDaysToCorrect: z.number(),
});

export const WidgetSetting = z.strictObject({
  name: z.enum(DASHBOARD_WIDGETS),
  width: z.union([z.literal(6), z.literal(12)]),
});

const WidgetList = z.array(WidgetSetting).check(
  z.maxLength(DASHBOARD_WIDGETS.length, 'Each widget may be listed once'),
  z.refine((list) => new Set(list.map((w) => w.name)).size === list.length, 'Each widget may be listed once'),
);

/** Spec 000 §3 "Inspections due" row; `inspectionStatus` 'scheduled' while today's is not started. */
export const InspectionsDueRow = z.strictObject({
  projectId: Id,
  siteName: z.string(),
  clientName: z.string(),
  dueDate: z.string(),
  /** The project's today, so the action (Start Inspection, Past Due, View Project) is its own. */
  today: z.string(),
  inspectionStatus: z.enum(['scheduled', 'new', 'complete']),
});

/**
 * Inspections Due's post-storm row (issue 23, docs/decisions/0048): a site's open post-storm due,
 * its deadline and the rain that made it due, in the site's zone.
 */
export const PostStormDueRow = z.strictObject({
  projectId: Id,
  siteName: z.string(),
  clientName: z.string(),
  /** The storm's counted hour (a UTC instant): with the project, it names the due. */
  countedAt: z.string(),
  /** The deadline, a UTC instant, and as the site's clock shows it ('11-29-2026 06:00'). */
  dueBy: z.string(),
  dueByLocal: z.string(),
  /** '0.31 in of rain, 11-28 06:00'. */
  reason: z.string(),
  /** The permit's words that made it due. */
  citation: z.string(),
  /** The deadline has passed (the hourly job marks it missed within the hour). */
  pastDue: z.boolean(),
});

/** Spec 000 §2 Certifications Due row: an inspection eligible for compliance certification. */
export const CertificationDueRow = z.strictObject({
  inspectionId: Id,
  number: z.number(),
  projectId: Id,
  siteName: z.string(),
  clientName: z.string(),
  /** The inspection's date ('YYYY-MM-DD'). */
  dateOfInspection: z.string(),
});

const TeamInspection = z.strictObject({
  projectId: Id,
  siteName: z.string(),
  clientName: z.string(),
  dueDate: z.nullable(z.string()),
});

/**
 * Spec 000 §3 "Team" row: a member with the first projects they inspect and when each is due;
 * `moreSites` continues them (GET …/getTeamManagementData/{userId}/sites), null when all are here.
 */
export const TeamMember = z.strictObject({
  id: Id,
  name: z.string(),
  roleName: z.string(),
  inspections: z.array(TeamInspection),
  moreSites: z.nullable(z.string()),
});

/** Spec 000 §3 "Calendar" entry: an inspection of the chosen project, with what decides its icon. */
export const CalendarEntry = z.strictObject({
  inspectionId: Id,
  inspectionDOI: z.string(),
  inspectionCertDate: z.nullable(z.string()),
  projectNextInspectionDate: z.nullable(z.string()),
  projectName: z.string(),
  inspector: z.nullable(z.string()),
  projectId: Id,
});

/**
 * A storm on the calendar (issue 23): the day its rain reached the permit's threshold and the day
 * its post-storm inspection is due by, in the project's zone, with the due's state.
 */
export const CalendarStorm = z.strictObject({
  countedAt: z.string(),
  /** 'YYYY-MM-DD' in the project's zone. */
  stormDay: z.string(),
  dueDay: z.string(),
  dueByLocal: z.string(),
  reason: z.string(),
  status: z.enum(['due', 'done', 'missed', 'late']),
});

const CalendarQuery = z.strictObject({
  /** The project shown (spec 000 §7: query type = project id); none chosen yet, no entries. */
  type: z.optional(Id),
  /** The month shown, 'YYYY-MM'; the project's current month when absent. */
  month: z.optional(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'The month is not valid'))),
});

const CalendarAnswer = z.strictObject({
  inspections: z.array(CalendarEntry),
  /** The project's storms whose day or post-storm due date falls in the month (issue 23). */
  storms: z.array(CalendarStorm),
  month: z.string(),
});

const FindingTypeUsed = z.strictObject({ code: z.string(), name: z.string() });

/**
 * Spec 000 §7 "Dashboard and widgets" (repeated in spec 001 §7): the caller's widget layout and the
 * data of each widget. The /api/divisions/{id}/... paths name the caller's working division.
 */
export const dashboardRoutes = defineArea('dashboard', {
  listWidgets: {
    method: 'GET',
    path: '/customdashboard',
    summary: 'All widgets the dashboard offers (the default full widget list, in order, with their widths)',
    access: signedIn,
    division: 'optional',
    query: z.strictObject({}),
    response: z.strictObject({ widgets: z.array(WidgetSetting) }),
    implemented: true,
  },
  getSavedWidgets: {
    method: 'GET',
    path: '/customdashboard1',
    summary: "The caller's saved, ordered widget list (null when nothing is saved)",
    access: signedIn,
    division: 'optional',
    query: z.strictObject({}),
    response: z.strictObject({ widgets: z.nullable(z.array(WidgetSetting)) }),
    implemented: true,
  },
  saveWidgets: {
    method: 'POST',
    path: '/customdashboard1',
    summary:
      "Save the caller's ordered widget list with sizes (the widgets switched on); answers the widgets",
    access: signedIn,
    division: 'optional',
    query: z.strictObject({}),
    body: z.strictObject({ widgets: WidgetList }),
    response: z.strictObject({ widgets: z.array(WidgetSetting) }),
    implemented: true,
  },
  getDashboard: {
    method: 'GET',
    path: '/api/divisions/{id}/dashboard',
    summary:
      "The caller's dashboard in the division (spec 000 §2): the widgets in order with their widths (the saved list, else the default, kept to those the role may have), whether they are saved, which dashboard the role gets (the BMP Contractor's, or the widgets) and the widgets it may switch on",
    access: readDashboard,
    division: 'required',
    divisionParam: 'id',
    params: divisionParams,
    query: z.strictObject({}),
    response: z.strictObject({
      widgets: z.array(WidgetSetting),
      saved: z.boolean(),
      kind: z.enum(['widgets', 'contractor']),
      /** The widgets this user may switch on (Widgets Setting lists these). */
      available: z.array(z.enum(DASHBOARD_WIDGETS)),
    }),
    implemented: true,
  },
  getOpenFindingStats: {
    method: 'GET',
    path: '/api/divisions/{id}/openFindings/getOpenFindingStats',
    summary:
      'Open Findings widget rows per site the caller sees, those with open findings (optional query type, s), from the statistics (0019)',
    access: readDashboard,
    division: 'required',
    divisionParam: 'id',
    pageSize: 25,
    params: divisionParams,
    query: WidgetQuery,
    response: Page(OpenFindingsRow),
    implemented: true,
  },
  listOpenFindingTypesUsed: {
    method: 'GET',
    path: '/api/divisions/{id}/openFindings/fetchFindingTypesUsed',
    summary:
      "Finding types used by open findings (Open Findings type filter) (the types of the division's inspection templates, by code)",
    access: readDashboard,
    division: 'required',
    divisionParam: 'id',
    params: divisionParams,
    query: z.strictObject({}),
    response: z.strictObject({ pageData: z.array(FindingTypeUsed) }),
    implemented: true,
  },
  getFindingsOverviewStats: {
    method: 'GET',
    path: '/api/divisions/{id}/findingsOverview/getStats',
    summary:
      'Findings Overview widget rows per site the caller sees (optional query type, s), from the statistics (0019)',
    access: readDashboard,
    division: 'required',
    divisionParam: 'id',
    pageSize: 25,
    params: divisionParams,
    query: WidgetQuery,
    response: Page(FindingsOverviewRow),
    implemented: true,
  },
  listFindingsOverviewTypesUsed: {
    method: 'GET',
    path: '/api/divisions/{id}/findingsOverview/fetchFindingTypesUsed',
    summary:
      "Finding types used in the division (Findings Overview type filter) (the types of the division's inspection templates, by code)",
    access: readDashboard,
    division: 'required',
    divisionParam: 'id',
    params: divisionParams,
    query: z.strictObject({}),
    response: z.strictObject({ pageData: z.array(FindingTypeUsed) }),
    implemented: true,
  },
  getTeamManagementData: {
    method: 'GET',
    path: '/api/divisions/{id}/getTeamManagementData',
    summary:
      "Team Management widget: a page of the division's assignable inspectors, each with their first sites (the projects they inspect, with due dates) and a cursor to the rest, and the page's members as dropDown (Re-assign's select searches GET /api/projects/inspectors for every assignable inspector); for those who choose inspectors (create Project)",
    access: readDashboard,
    division: 'required',
    divisionParam: 'id',
    // Members a page, each with their first TEAM_SITES_PER_MEMBER sites: at most 10 × 5 rows.
    pageSize: 10,
    params: divisionParams,
    query: z.strictObject({
      cursor: z.optional(Cursor),
      /** Names, and (on the first page) the sites whose inspectors are listed. */
      s: z.optional(z.string().check(z.maxLength(100, 'The search is too long'))),
    }),
    response: z.strictObject({
      team: z.array(TeamMember),
      dropDown: z.array(z.strictObject({ id: Id, name: z.string(), roleName: z.string() })),
      paginationState: z.strictObject({
        pageSize: z.number(),
        numModels: z.nullable(z.number()),
        nextCursor: z.nullable(z.string()),
      }),
    }),
    implemented: true,
  },
  getTeamMemberSites: {
    method: 'GET',
    path: '/api/divisions/{id}/getTeamManagementData/{userId}/sites',
    summary:
      "Team Management widget: more of one member's sites (the projects they inspect, with due dates), from the member's moreSites cursor; for those who choose inspectors (create Project)",
    access: readDashboard,
    division: 'required',
    divisionParam: 'id',
    pageSize: 25,
    params: z.strictObject({ id: Id, userId: Id }),
    query: z.strictObject({ cursor: z.optional(Cursor) }),
    response: Page(TeamInspection),
    implemented: true,
  },
  getInspectionsDueStats: {
    method: 'GET',
    path: '/api/divisions/{id}/inspectionsDue/getInspectionsDueStats',
    summary:
      "Inspections Due widget rows: the sites the caller sees with a next inspection date (site, client, due date, the project's today, inspection status); s searches sites",
    access: readDashboard,
    division: 'required',
    divisionParam: 'id',
    pageSize: 25,
    params: divisionParams,
    query: z.strictObject({
      s: z.optional(z.string().check(z.maxLength(100, 'The search is too long'))),
      cursor: z.optional(Cursor),
    }),
    response: Page(InspectionsDueRow),
    implemented: true,
  },
  getPostStormDues: {
    method: 'GET',
    path: '/api/divisions/{id}/inspectionsDue/getPostStormDues',
    summary:
      'Inspections Due widget, post-storm rows (issue 23): the open post-storm dues of the sites the caller sees, by deadline, with the rain that made each due',
    access: readDashboard,
    division: 'required',
    divisionParam: 'id',
    pageSize: 25,
    params: divisionParams,
    query: z.strictObject({ cursor: z.optional(Cursor) }),
    response: Page(PostStormDueRow),
    implemented: true,
  },
  getDivisionCalendarData: {
    method: 'GET',
    path: '/api/divisions/{id}/calendar/getCalendarData',
    summary:
      "Inspection calendar entries of the division (query type = project id, month YYYY-MM): the month's inspections of a project the caller sees",
    access: readDashboard,
    division: 'required',
    divisionParam: 'id',
    params: divisionParams,
    query: CalendarQuery,
    response: CalendarAnswer,
    implemented: true,
  },
  getCalendarData: {
    method: 'GET',
    path: '/calendar/getCalendarData',
    summary:
      "Inspection calendar entries of the header's division (query type = project id, month YYYY-MM): the month's inspections of a project the caller sees",
    access: readDashboard,
    division: 'required',
    query: CalendarQuery,
    response: CalendarAnswer,
    implemented: true,
  },
  listCalendarProjects: {
    method: 'GET',
    path: '/api/divisions/{id}/calendar/fetchAllUserProjects',
    summary:
      "The caller's active projects in the division, a page at a time, s searching (inspection calendar project select)",
    access: readDashboard,
    division: 'required',
    divisionParam: 'id',
    pageSize: 50,
    params: divisionParams,
    query: z.strictObject({
      s: z.optional(z.string().check(z.maxLength(100, 'The search is too long'))),
      cursor: z.optional(Cursor),
    }),
    response: Page(z.strictObject({ id: Id, name: z.string(), clientName: z.string() })),
    implemented: true,
  },
  getCertDueList: {
    method: 'GET',
    path: '/api/divisions/{id}/getCertDueList',
    summary:
      'Certifications Due widget: the inspections eligible for compliance certification of the sites the caller sees, a page of sites at a time (s searches sites), from the list the statistics stream keeps (0019)',
    access: readDashboard,
    division: 'required',
    divisionParam: 'id',
    pageSize: 25,
    params: divisionParams,
    query: z.strictObject({
      s: z.optional(z.string().check(z.maxLength(100, 'The search is too long'))),
      cursor: z.optional(Cursor),
    }),
    response: Page(CertificationDueRow),
    implemented: true,
  },
});
