import { MAX_REPORT_CLIENTS } from '@stormline/contract/areas/divisions';
import { SEARCH_TEXT_MAX_LENGTH } from '@stormline/contract/schemas';
import {
  DEFAULT_REPORT_ROWS,
  REPORT_MESSAGES,
  REPORT_ROWS_OPTIONS,
  reportDateIssues,
  type ReportRows,
} from '@stormline/domain/compliance-report';
import { isIsoDate } from '@stormline/domain/local-date';

/**
 * The compliance report's filters and page, kept in the URL (?s=&p=&r=&client=&minDate=&maxDate=
 * &findings=, the names of the call's query: spec 001 §7) so Back, a reload and a shared link
 * show the same report. What the URL holds is read leniently: a value the call would refuse (a
 * page of 0, 25 rows, a future date, an id with a comma inside) is dropped, so the page never
 * sends a request the server answers 400.
 */
export interface ReportQuery {
  s: string;
  p: number;
  r: ReportRows;
  client: string[];
  minDate: string | null;
  maxDate: string | null;
  findings: string | null;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const TYPE_CODE = /^[A-Za-z0-9_-]{1,20}$/;
const MAX_PAGE = 999_999;

export function readReportQuery(params: URLSearchParams, today: string): ReportQuery {
  const page = Number(params.get('p'));
  const rows = params.get('r');
  const client = (params.get('client') ?? '')
    .split(',')
    .filter((id) => ID.test(id))
    .filter((id, index, all) => all.indexOf(id) === index)
    .slice(0, MAX_REPORT_CLIENTS);
  const date = (name: 'minDate' | 'maxDate') => {
    const value = params.get(name);
    return value && isIsoDate(value) && value <= today ? value : null;
  };
  const maxDate = date('maxDate');
  const minDate = date('minDate');
  const findings = params.get('findings');
  return {
    s: (params.get('s') ?? '').trim().slice(0, SEARCH_TEXT_MAX_LENGTH),
    p: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    r: REPORT_ROWS_OPTIONS.find((option) => option === rows) ?? DEFAULT_REPORT_ROWS,
    client,
    // A range that runs backwards keeps its end.
    minDate: minDate && maxDate && minDate > maxDate ? null : minDate,
    maxDate,
    findings: findings && TYPE_CODE.test(findings) ? findings : null,
  };
}

/** The URL with some filters changed; defaults are left out, so a plain report has a plain URL. */
export function writeReportQuery(params: URLSearchParams, changes: Partial<ReportQuery>): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: keyof ReportQuery, value: string | null) => {
    if (value) next.set(name, value);
    else next.delete(name);
  };
  for (const [name, value] of Object.entries(changes) as [
    keyof ReportQuery,
    ReportQuery[keyof ReportQuery],
  ][]) {
    if (name === 'p') set('p', value === 1 ? null : String(value));
    else if (name === 'r') set('r', value === DEFAULT_REPORT_ROWS ? null : String(value));
    else if (name === 'client') set('client', (value as string[]).join(','));
    else set(name, (value as string | null) || null);
  }
  return next;
}

/** The call's query (GET /api/divisions/{id}/compliance), without what is at its default. */
export function complianceQueryOf(query: ReportQuery) {
  return {
    ...(query.s ? { s: query.s } : {}),
    p: String(query.p),
    r: query.r,
    ...(query.client.length ? { client: query.client.join(',') } : {}),
    ...(query.minDate ? { minDate: query.minDate } : {}),
    ...(query.maxDate ? { maxDate: query.maxDate } : {}),
    ...(query.findings ? { findings: query.findings } : {}),
  };
}

/**
 * What is wrong with a Min Date and Max Date pair, by field: the server's rule (reportDateIssues:
 * no date after today anywhere on Earth, Min Date not after Max Date), and no date after the
 * viewer's own today, which the pickers offer as their last day.
 */
export function reportDateError(
  dates: { minDate: string | null; maxDate: string | null },
  now: Date,
  today: string,
): { minDate?: string; maxDate?: string } {
  const errors: { minDate?: string; maxDate?: string } = {};
  for (const field of ['minDate', 'maxDate'] as const) {
    const value = dates[field];
    if (value && value > today) errors[field] = REPORT_MESSAGES.futureDate;
  }
  if (errors.minDate || errors.maxDate) return errors;
  for (const issue of reportDateIssues(dates, now))
    errors[issue.path as 'minDate' | 'maxDate'] ??= issue.message;
  return errors;
}

/** The viewer's today, 'YYYY-MM-DD' in the browser's calendar: the pickers' last day. */
export function browserToday(now: Date = new Date()): string {
  const mm = String(now.getMonth() + 1).padStart(2, '0');
  const dd = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${mm}-${dd}`;
}
