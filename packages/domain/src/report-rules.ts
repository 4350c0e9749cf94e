import type { Region } from './region';
import type { PeriodRange } from './report-period';
import { PRINT_SCOPES, type FindingReportType, type PrintScope, type ReportJob } from './reports';

/**
 * Printing's pure rules (docs/decisions/0042): the file's title a job gets, which findings a
 * findings report keeps, which inspections Print Inspections may be given, and the paper a
 * deployment prints on (the Custom period's check is report-period.ts's, shared with the modal).
 */

/** What a title names: the project always, an inspection's number or a site map's name where the job has one. */
export interface TitleSubject {
  projectName: string;
  inspectionNumber?: number;
  siteMapName?: string;
}

const JOB_LABELS: Record<ReportJob, string> = {
  inspection: 'Inspection',
  inspections: 'Inspections',
  siteMap: 'Site Map',
  siteMaps: 'Site Maps',
  swmp: 'SWMP',
  findings: 'Findings',
};

/** Characters no file system takes in a name, and control characters: replaced, so the title is the file's name as is. */
const UNSAFE_IN_FILE_NAME = /[\\/:*?"<>|]/g;
const isControl = (c: string) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;

/**
 * The report's title, the downloaded file's name without '.pdf' (spec 001 §7 reportTitle):
 * 'Inspection 8 - Riverside Lofts', 'Findings - Inspection 8 - Riverside Lofts', 'SWMP - Riverside
 * Lofts', 'Site Map - Sheet C-1 - Riverside Lofts'. At most 150 characters.
 */
export function reportTitle(job: ReportJob, subject: TitleSubject): string {
  const inspection = subject.inspectionNumber === undefined ? null : `Inspection ${subject.inspectionNumber}`;
  const parts =
    job === 'inspection'
      ? [inspection, subject.projectName]
      : [JOB_LABELS[job], job === 'siteMap' ? subject.siteMapName : null, inspection, subject.projectName];
  const title = parts
    .filter((p): p is string => Boolean(p && p.trim()))
    .map((p) => p.trim())
    .join(' - ')
    .replace(UNSAFE_IN_FILE_NAME, '_')
    .split('')
    .map((c) => (isControl(c) ? '_' : c))
    .join('');
  return title.length > 150 ? `${title.slice(0, 149)}…` : title;
}

/** Whether a finding is in a findings report of this kind (all, open, closed). */
export function findingInReport(
  finding: { date_completed: string | null },
  reportType: FindingReportType,
): boolean {
  if (reportType === 'open') return !finding.date_completed;
  if (reportType === 'closed') return Boolean(finding.date_completed);
  return true;
}

/** The findings split into pages of `perPage` (detail view: 1 to 3 a page, spec 002 §9). */
export function pagesOf<T>(items: readonly T[], perPage: number): T[][] {
  const size = Math.max(1, Math.floor(perPage));
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size));
  return pages;
}

/** What Print Inspections' scope reads of an inspection (spec 002 §2). */
export interface ScopeFacts {
  /** It holds a Corrective Action finding (its own or carried over). */
  hasCorrectiveAction: boolean;
  /** At least one signature is on it. */
  signed: boolean;
}

/** Whether an inspection is in a scope: every one, those with corrective actions, those signed. */
export function inspectionInScope(facts: ScopeFacts, scope: PrintScope): boolean {
  if (scope === 'ca_only') return facts.hasCorrectiveAction;
  if (scope === 'signature_only') return facts.signed;
  return true;
}

/** A selected inspection as the begin check sees it. */
export interface SelectedInspection {
  number: number;
  projectId: string;
  /** 'YYYY-MM-DDTHH:mm' in the project's zone: its day is what the period is counted in. */
  created_date: string;
  /** Read only for a scope other than 'all' (and then needed). */
  scopeFacts?: ScopeFacts;
}

export const SELECTION_MESSAGES = {
  otherProject: 'The selected inspections must all be inspections of this project',
  outsidePeriod: (number: number) => `Inspection #${number} is not in the chosen period`,
  outsideScope: (number: number, scope: PrintScope) =>
    `Inspection #${number} is not in the chosen scope (${PRINT_SCOPES.find((s) => s.id === scope)?.label ?? scope})`,
} as const;

/**
 * Why a Print Inspections selection cannot be printed, or null when it can: every selected
 * inspection must be of the project, dated within the period's days (inclusive, the project's
 * zone), and in the scope, as the print modal lists them (spec 002 §2). Scope 'all' needs no
 * scope facts; another scope refuses an inspection given without them.
 */
export function selectionProblem(
  selected: readonly SelectedInspection[],
  projectId: string,
  range: PeriodRange,
  scope: PrintScope,
): string | null {
  if (selected.some((i) => i.projectId !== projectId)) return SELECTION_MESSAGES.otherProject;
  for (const inspection of [...selected].sort((a, b) => a.number - b.number)) {
    const day = inspection.created_date.slice(0, 10);
    if (day < range.start || day > range.end) return SELECTION_MESSAGES.outsidePeriod(inspection.number);
    const inScope =
      scope === 'all' ||
      (inspection.scopeFacts !== undefined && inspectionInScope(inspection.scopeFacts, scope));
    if (!inScope) return SELECTION_MESSAGES.outsideScope(inspection.number, scope);
  }
  return null;
}

/** The paper sizes a report prints on, in PDF points (1/72 in), portrait. */
export const PAPERS = {
  Letter: { name: 'Letter', widthPt: 612, heightPt: 792 },
  A4: { name: 'A4', widthPt: 595.28, heightPt: 841.89 },
} as const;
export type PaperName = keyof typeof PAPERS;

/** The paper of a deployment's region (spec 001 §1 US/UK): US Letter in the US, A4 (210 x 297 mm) in the UK. */
export function paperOf(region: Region): PaperName {
  return region === 'US' ? 'Letter' : 'A4';
}
