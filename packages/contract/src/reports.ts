import * as z from 'zod/mini';
import {
  APPENDIX_GROUPS,
  FINDING_REPORT_TYPES,
  FINDING_VIEW_TYPES,
  FINDINGS_PER_PAGE,
  MAX_INSPECTIONS_PER_PRINT,
  PRINT_PERIODS,
  PRINT_SCOPES,
  REPORT_JOBS,
  REPORT_MESSAGES,
  REPORT_STATUSES,
  SWMP_SECTIONS,
  type ReportJob,
} from '@stormline/domain/reports';
import { DateText } from './inspection-views';
import { Count, Id, IsoDateTime } from './schemas';

/**
 * Printing on the wire (spec 002 §2, §3, §7; docs/decisions/0042): the body of each `begin:{job}`
 * socket action, a job as GET /api/reports/{reportId} answers it, and what its channel pushes.
 * Every begin message is `{ action: 'begin:{job}', requestId, divisionId, key, ...body }`: `key` is
 * the browser's fresh id for this press, and names the channel status:report:{job}:{key}.
 */

const ChannelKey = Id;

const InspectionBody = z.strictObject({ key: ChannelKey, inspectionId: Id });

const InspectionsBody = z.strictObject({
  key: ChannelKey,
  projectId: Id,
  period: z.enum(PRINT_PERIODS.map((p) => p.id) as [string, ...string[]]),
  /** Custom only: not after today in the project's zone (spec 002 §5). */
  startDate: z.optional(DateText),
  endDate: z.optional(DateText),
  scope: z.enum(PRINT_SCOPES.map((s) => s.id) as [string, ...string[]]),
  inspectionIds: z
    .array(Id)
    .check(
      z.minLength(1, REPORT_MESSAGES.selectionRequired),
      z.maxLength(MAX_INSPECTIONS_PER_PRINT, REPORT_MESSAGES.tooManyInspections),
    ),
});

/** One site map page; with an inspection, as it stood for that inspection (its features and legend). */
const SiteMapBody = z.strictObject({
  key: ChannelKey,
  projectId: Id,
  uploadId: Id,
  page: z.optional(z.number().check(z.int(), z.positive())),
  inspectionId: z.optional(Id),
});

/** Every active site map of the project (with an inspection: as they stood for it). */
const SiteMapsBody = z.strictObject({ key: ChannelKey, projectId: Id, inspectionId: z.optional(Id) });

const SwmpBody = z.strictObject({
  key: ChannelKey,
  projectId: Id,
  sections: z.strictObject(
    Object.fromEntries(SWMP_SECTIONS.map((s) => [s.id, z.boolean()])) as Record<
      (typeof SWMP_SECTIONS)[number]['id'],
      z.ZodMiniBoolean
    >,
  ),
  appendices: z.strictObject(
    Object.fromEntries(APPENDIX_GROUPS.map((g) => [g.id, z.boolean()])) as Record<
      (typeof APPENDIX_GROUPS)[number]['id'],
      z.ZodMiniBoolean
    >,
  ),
});

/** Spec 002 §7 report job 'findings': inspectionId, findingType, reportType, viewType, findingPerPage. */
const FindingsBody = z.strictObject({
  key: ChannelKey,
  inspectionId: Id,
  /** A finding type's id of the inspection's template, or null for every type. */
  findingType: z.nullable(Id),
  reportType: z.enum(FINDING_REPORT_TYPES),
  viewType: z.enum(FINDING_VIEW_TYPES),
  findingPerPage: z
    .number()
    .check(
      z.int(),
      z.minimum(FINDINGS_PER_PAGE.min, 'Findings per page must be 1 to 3'),
      z.maximum(FINDINGS_PER_PAGE.max, 'Findings per page must be 1 to 3'),
    ),
});

/** The body each `begin:{job}` action takes (besides the envelope's action, requestId, divisionId). */
export const BEGIN_BODIES = {
  inspection: InspectionBody,
  inspections: InspectionsBody,
  siteMap: SiteMapBody,
  siteMaps: SiteMapsBody,
  swmp: SwmpBody,
  findings: FindingsBody,
} as const satisfies Record<ReportJob, z.ZodMiniType>;

export type BeginBody<J extends ReportJob> = z.infer<(typeof BEGIN_BODIES)[J]>;

/** A print job as recorded: the begin's reply, GET /api/reports/{reportId}, and each push. */
export const ReportView = z.strictObject({
  reportId: Id,
  job: z.enum(REPORT_JOBS),
  key: ChannelKey,
  status: z.enum(REPORT_STATUSES),
  /** Parts printed so far, of total (spec 002 §4 'progress (x of total)'). */
  completed: Count,
  total: Count,
  /** The error's reason, in words a user can act on; null unless status is error. */
  message: z.nullable(z.string()),
  /** The file's name, e.g. 'Inspection 8 - Riverside Lofts.pdf' (spec 001 §7 reportTitle). */
  title: z.string(),
  /**
   * Once done, in the begin's reply and GET /api/reports/{reportId}: GET
   * /api/download/{reportId}.pdf?token=..., the token short-lived and bound to this report, this
   * caller and this session (REPORT_DOWNLOAD_TOKEN_SECONDS), made at each read. Null before, and
   * always null in a channel push (the job's tasks hold no signing secret): a done push is the
   * signal to read the job for its link.
   */
  url: z.nullable(z.string()),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type ReportView = z.infer<typeof ReportView>;

/** What the channel status:report:{job}:{key} pushes: the job as it now stands. */
export const ReportStatusMessage = z.strictObject({
  type: z.literal('channel'),
  channel: z.string(),
  report: ReportView,
});
