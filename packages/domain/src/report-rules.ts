import type { FindingReportType, ReportJob } from './reports';

/**
 * Printing's pure rules (docs/decisions/0042): the file's title a job gets and which findings a
 * findings report keeps (the Custom period's check is report-period.ts's, shared with the modal).
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
