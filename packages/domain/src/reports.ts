/**
 * Printing (spec 002 §2 "Printing", §3 Print job, §4 Print job states, §7 socket channels, §9;
 * spec 001 §7 and §8 the report download): the report kinds, their options, their states and the
 * words the screens say. The wire shapes are packages/contract/src/reports.ts; the job is
 * docs/decisions/0042.
 */

import type { AppendixGroup } from './appendix-groups';
import { REPORT_NOT_FOUND } from './report-channel';

/** The print jobs, each begun by the socket action `begin:{job}` (spec 002 §7). */
export const REPORT_JOBS = ['inspection', 'inspections', 'siteMap', 'siteMaps', 'swmp', 'findings'] as const;
export type ReportJob = (typeof REPORT_JOBS)[number];

/** The socket action that begins a print job (spec 002 §7 `begin:{job}`). */
export const beginAction = (job: ReportJob) => `begin:${job}` as const;
export const BEGIN_ACTIONS = REPORT_JOBS.map(beginAction);

export { REPORT_CHANNEL_PATTERN, REPORT_NOT_FOUND, reportChannel } from './report-channel';

/**
 * What the server records and sends of a job (spec 002 §4): requested, progress (x of total), done
 * or error. The browser's own states come before and after: connecting and connected (its socket),
 * downloading and finished (the file).
 */
export const REPORT_STATUSES = ['requested', 'progress', 'done', 'error'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const BROWSER_PRINT_STATES = [
  'connecting',
  'connected',
  ...REPORT_STATUSES,
  'downloading',
  'finished',
] as const;
export type PrintState = (typeof BROWSER_PRINT_STATES)[number];

export const isReportRunning = (status: ReportStatus) => status === 'requested' || status === 'progress';

/** Spec 002 §2 Print Inspections: the time filter, past 3 months by default. */
export const PRINT_PERIODS = [
  { id: '3m', label: 'Past 3 months', months: 3 },
  { id: '6m', label: 'Past 6 months', months: 6 },
  { id: '1y', label: 'Past year', months: 12 },
  { id: 'custom', label: 'Custom', months: null },
] as const;
export type PrintPeriod = (typeof PRINT_PERIODS)[number]['id'];
export const DEFAULT_PRINT_PERIOD: PrintPeriod = '3m';

/** Spec 002 §2 scopes: every inspection, those with corrective actions, those signed. */
export const PRINT_SCOPES = [
  { id: 'all', label: 'All inspections' },
  { id: 'ca_only', label: 'Only inspections with corrective actions' },
  { id: 'signature_only', label: 'Only signed inspections' },
] as const;
export type PrintScope = (typeof PRINT_SCOPES)[number]['id'];

/**
 * Spec 002 §2 appendix groups, in the order a SWMP prints them: in appendix-groups.ts, which the
 * project document types read too (a module of its own, so a document route does not bundle the
 * whole of printing).
 */
export { APPENDIX_GROUPS, type AppendixGroup } from './appendix-groups';

/**
 * Spec 002 §2 Print SWMP options and whether each is on by default: the narrative, BMP details,
 * maps, permits and five of the appendices are; construction documents, local regulations and
 * miscellaneous are offered, off.
 */
export const SWMP_SECTIONS = [
  { id: 'narrative', label: 'SWMP narrative', defaultOn: true },
  { id: 'bmpDetails', label: 'BMP details', defaultOn: true },
  { id: 'maps', label: 'Maps', defaultOn: true },
  { id: 'permits', label: 'Permits', defaultOn: true },
] as const;
export type SwmpSection = (typeof SWMP_SECTIONS)[number]['id'];
export const APPENDICES_ON_BY_DEFAULT: readonly AppendixGroup[] = [
  'soilReports',
  'delegationLetters',
  'endangeredSpecies',
  'historicalProperties',
  'qualifications',
];

/** Spec 002 §2 and §7 findings report: reportType, viewType, findingPerPage 1 to 3 (§9). */
export const FINDING_REPORT_TYPES = ['all', 'open', 'closed'] as const;
export type FindingReportType = (typeof FINDING_REPORT_TYPES)[number];
export const FINDING_VIEW_TYPES = ['list', 'detail'] as const;
export type FindingViewType = (typeof FINDING_VIEW_TYPES)[number];
export const FINDINGS_PER_PAGE = { min: 1, max: 3 } as const;

/** Spec 002 §9 and spec 001 §9: the download starts by itself after 2 s (with a manual link). */
export const REPORT_DOWNLOAD_DELAY_MS = 2000;
/** How long a download link (its token) may be used: long enough to click, short enough to leak nothing. */
export const REPORT_DOWNLOAD_TOKEN_SECONDS = 10 * 60;
/** How long a finished report's file is kept: printing again is cheap, and reports hold personal data. */
export const REPORT_FILE_DAYS = 7;
/** The most inspections one Print Inspections job takes (a selection is required, spec 002 §5). */
export const MAX_INSPECTIONS_PER_PRINT = 100;

/**
 * The most parts one report prints (a part: a page group of HTML or one stored document). The Map
 * state runs them 4 at a time inside the job's 15 minutes and Step Functions' 25,000 history events
 * (about 7 a part); a bigger report is refused with a message that says what to print less of.
 */
export const MAX_REPORT_PARTS = 400;

/**
 * How many print jobs one user may begin in a clock minute: each is a state machine execution and
 * a Chromium per part, so a loop (or the shared public account) cannot start thousands. A person
 * printing reports one after another stays well inside it.
 */
export const PRINTS_PER_USER_PER_MINUTE = 10;

/**
 * How long a job may stay requested or in progress: the state machine's own limit (TimeoutSeconds
 * 900) and a minute's grace. A job still running after it has ended without recording why (timed
 * out, aborted, or the one machine stopped mid-print), and is read as failed so the screen offers Retry.
 */
export const REPORT_RUNNING_LIMIT_MS = 16 * 60 * 1000;

/** Spec 002 §8 and §5, spec 001 §8: what the print screens and routes say. */
export const REPORT_MESSAGES = {
  connection: 'Unknown error establishing connection',
  notFound: REPORT_NOT_FOUND,
  endDateInFuture: 'The end date may not be after today',
  startAfterEnd: 'The start date may not be after the end date',
  selectionRequired: 'Please select at least one inspection',
  tooManyInspections: `Please select at most ${MAX_INSPECTIONS_PER_PRINT} inspections`,
  nothingToPrint: 'There is nothing to print for these options',
  failed: 'The report could not be printed. Retry, or contact the administrator.',
  photoMissing: 'A photo or document of this report could not be found. Retry, or contact the administrator.',
  running: 'This report is still being printed.',
  linkExpired: 'This download link has expired. Print the report again.',
  tooManyPrints: 'You have started many prints in the last minute: wait a moment, then print again',
  bmpDetailsNotYours: 'You do not have permission to print BMP details: untick BMP details',
  tooManyParts: 'This report is too large to print at once: print fewer findings or documents',
} as const;
