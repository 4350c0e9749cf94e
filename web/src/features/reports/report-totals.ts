import type { ReportRow } from '@stormline/contract/areas/divisions';
import { FIGURE_COLUMNS, type FigureId, type ReportColumn } from './report-columns';

/**
 * The Total and Percent Variance rows of the compliance report (spec 001 §2, §9), computed by the
 * page over the rows it shows (docs/decisions/0021: the server sends no totals). Pure, so the
 * rules are tested without a browser (report-totals.test.ts).
 */

export type ReportFigures = Pick<ReportRow, FigureId>;
/** A column's total; null where there is nothing to average or compare (shown as '-'). */
export type ReportTotals = Record<FigureId, number | null>;

/**
 * Sums; for the average columns the average of the rows' values that are not null; for Max Days
 * to Correct the largest. Unrounded: the page rounds when it shows them.
 */
export function reportTotals(rows: readonly ReportFigures[]): ReportTotals {
  const totals = {} as ReportTotals;
  for (const column of FIGURE_COLUMNS) {
    const values = rows.map((row) => row[column.id]).filter((value): value is number => value !== null);
    if (column.total === 'sum') totals[column.id] = values.reduce((sum, value) => sum + value, 0);
    else if (values.length === 0) totals[column.id] = null;
    else if (column.total === 'max') totals[column.id] = Math.max(...values);
    else totals[column.id] = values.reduce((sum, value) => sum + value, 0) / values.length;
  }
  return totals;
}

/**
 * Each percent-variance column's total divided by its reference (the sum of its `percentOf`
 * columns' totals) times 100; null when the reference is zero or missing.
 */
export function percentVariance(totals: ReportTotals): Partial<Record<FigureId, number | null>> {
  const variance: Partial<Record<FigureId, number | null>> = {};
  for (const column of FIGURE_COLUMNS) {
    if (!column.percentOf) continue;
    const value = totals[column.id];
    const parts = column.percentOf.map((id) => totals[id]);
    const reference = parts.some((part) => part === null) ? null : parts.reduce((a, b) => a! + b!, 0);
    variance[column.id] = value === null || !reference ? null : (value / reference) * 100;
  }
  return variance;
}

/** Two decimals, rounded half away from zero as a person would (1.005 is 1.01, not 1.00). */
function twoDecimals(value: number): string {
  return ((Math.sign(value) * Math.round((Math.abs(value) + Number.EPSILON) * 100)) / 100).toFixed(2);
}

/** A figure as the table shows it: '-' for null, two decimals for the decimal columns. */
export function formatFigure(value: number | null | undefined, decimals: 0 | 2): string {
  if (value === null || value === undefined) return '-';
  return decimals === 2 ? twoDecimals(value) : String(Math.round(value));
}

/** A percent variance: two decimals and a percent sign, or '-'. */
export function formatPercent(value: number | null | undefined): string {
  return value === null || value === undefined ? '-' : `${twoDecimals(value)}%`;
}

/**
 * How the two summary rows lay out over the columns shown (spec 001 §2): the Total label spans the
 * leading name columns (Project Name, and Client Name when shown), and the Percent Variance label
 * every column before the first one with a percent variance; after it, a cell per column shown.
 */
export interface SummaryLayout {
  totalLabelSpan: number;
  totalColumns: ReportColumn[];
  percentLabelSpan: number;
  /** Columns after the Percent Variance label; empty when no column with a percent variance is shown. */
  percentColumns: ReportColumn[];
}

export function summaryLayout(shown: readonly ReportColumn[]): SummaryLayout {
  const firstFigure = shown.findIndex((column) => column.kind === 'figure');
  const totalLabelSpan = firstFigure === -1 ? shown.length : firstFigure;
  const firstPercent = shown.findIndex((column) => column.kind === 'figure' && column.percentOf);
  return {
    totalLabelSpan,
    totalColumns: shown.slice(totalLabelSpan),
    percentLabelSpan: firstPercent === -1 ? shown.length : firstPercent,
    percentColumns: firstPercent === -1 ? [] : shown.slice(firstPercent),
  };
}
