import { localDate } from './local-date';
import type { FieldIssue } from './region';

/**
 * The compliance report's rules (spec 001 §2 Compliance reports, §5, §9; docs/decisions/0021):
 * the rows per page, the date range and its checks, and which days a project's row covers.
 */

export const REPORT_MESSAGES = {
  /** Spec 001 §5. */
  futureDate: 'Report dates cannot be in the future',
  minAfterMax: 'Min Date cannot be after Max Date',
  /** Spec 001 §8: what the page shows when the report call fails. */
  noAccess: 'This User role doesnt have the access to the reports page',
} as const;

/** Spec 001 §9: "default 10 rows, options 10, 20, 30, 50, All". */
export const REPORT_ROWS_OPTIONS = ['10', '20', '30', '50', 'All'] as const;
export type ReportRows = (typeof REPORT_ROWS_OPTIONS)[number];
export const DEFAULT_REPORT_ROWS: ReportRows = '10';

/**
 * The zone whose day begins first (UTC+14): a date is in the future only once it is after today
 * there, so a date picker anywhere that offers today is never refused by the server.
 */
const FIRST_ZONE_TO_START_THE_DAY = 'Pacific/Kiritimati';

/** The latest date that is today somewhere on Earth at `now`. */
export function latestToday(now: Date): string {
  return localDate(FIRST_ZONE_TO_START_THE_DAY, now);
}

/** Spec 001 §5 "Report dates cannot be in the future", and a range that runs forwards. */
export function reportDateIssues(
  dates: { minDate?: string | null; maxDate?: string | null },
  now: Date,
): FieldIssue[] {
  const today = latestToday(now);
  const issues: FieldIssue[] = [];
  for (const field of ['minDate', 'maxDate'] as const) {
    const value = dates[field];
    if (value && value > today) issues.push({ path: field, message: REPORT_MESSAGES.futureDate });
  }
  if (issues.length === 0 && dates.minDate && dates.maxDate && dates.minDate > dates.maxDate)
    issues.push({ path: 'minDate', message: REPORT_MESSAGES.minAfterMax });
  return issues;
}

/**
 * The days a project's row covers, both kept: Min Date, else the project's first day (the earlier
 * of its start date and the day it was created; findings cannot be dated before the start date,
 * and an inspection backdated before both shows once Min Date reaches it); Max Date, else the
 * project's today. Never open-ended: the months read are at most the project's life. `from` after
 * `to` (a range that ends before the project began) covers nothing.
 */
export function reportDays(
  project: { start_date: string | null; createdAt: string; timezone: string },
  dates: { minDate?: string | null; maxDate?: string | null },
  now: Date,
): { from: string; to: string } {
  const created = localDate(project.timezone, new Date(project.createdAt));
  const first = project.start_date && project.start_date < created ? project.start_date : created;
  return { from: dates.minDate ?? first, to: dates.maxDate ?? localDate(project.timezone, now) };
}

/**
 * Page `page` (from 1) of `rows` per page ('All': one page of every row): the rows to show and the
 * page size the answer states (for All, the number of rows, at least 1, so there is one page).
 */
export function reportPage<T>(
  all: readonly T[],
  page: number,
  rows: ReportRows,
): { items: T[]; pageSize: number } {
  if (rows === 'All') return { items: [...all], pageSize: Math.max(all.length, 1) };
  const size = Number(rows);
  return { items: all.slice((page - 1) * size, page * size), pageSize: size };
}
