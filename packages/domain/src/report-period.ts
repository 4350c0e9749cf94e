import { isIsoDate } from './local-date';
import {
  APPENDICES_ON_BY_DEFAULT,
  APPENDIX_GROUPS,
  PRINT_PERIODS,
  REPORT_MESSAGES,
  SWMP_SECTIONS,
  type AppendixGroup,
  type PrintPeriod,
  type SwmpSection,
} from './reports';

/**
 * Print Inspections' time filter (spec 002 §2, §5): which days a period covers, counted back from
 * the project's today (its own time zone, local-date.ts). Both the print modal (which inspections
 * it lists) and the server (which it accepts) read the same rule.
 */
export interface PeriodRange {
  /** First day, 'YYYY-MM-DD', inclusive. */
  start: string;
  /** Last day, inclusive. */
  end: string;
}

/** Where a custom period is wrong, by field, in spec 002 §5's words. */
export interface PeriodProblems {
  startDate?: string;
  endDate?: string;
}

/** 'YYYY-MM-DD' moved back whole months; a day the month lacks becomes its last (31 May - 3 months: 28 or 29 Feb). */
export function monthsBefore(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 - months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

/**
 * The problems of a custom period: both days required and real, the end not after today (spec 002
 * §5 'end date may not be after today'), the start not after the end. Empty when it is good.
 */
export function customPeriodProblems(
  startDate: string | null | undefined,
  endDate: string | null | undefined,
  today: string,
): PeriodProblems {
  const problems: PeriodProblems = {};
  if (!startDate || !isIsoDate(startDate)) problems.startDate = 'Please choose a start date';
  if (!endDate || !isIsoDate(endDate)) problems.endDate = 'Please choose an end date';
  else if (endDate > today) problems.endDate = REPORT_MESSAGES.endDateInFuture;
  if (!problems.startDate && !problems.endDate && startDate! > endDate!)
    problems.startDate = REPORT_MESSAGES.startAfterEnd;
  return problems;
}

/** The days a period covers, or null for a custom period that is not yet right. */
export function periodRange(
  period: PrintPeriod,
  today: string,
  custom: { startDate?: string | null; endDate?: string | null } = {},
): PeriodRange | null {
  const known = PRINT_PERIODS.find((p) => p.id === period);
  if (!known) return null;
  if (known.months === null) {
    const problems = customPeriodProblems(custom.startDate, custom.endDate, today);
    return Object.keys(problems).length ? null : { start: custom.startDate!, end: custom.endDate! };
  }
  return { start: monthsBefore(today, known.months), end: today };
}

/** Print SWMP's boxes as spec 002 §2 ticks them at first. */
export function defaultSwmpOptions(): {
  sections: Record<SwmpSection, boolean>;
  appendices: Record<AppendixGroup, boolean>;
} {
  return {
    sections: Object.fromEntries(SWMP_SECTIONS.map((s) => [s.id, s.defaultOn])) as Record<
      SwmpSection,
      boolean
    >,
    appendices: Object.fromEntries(
      APPENDIX_GROUPS.map((g) => [g.id, APPENDICES_ON_BY_DEFAULT.includes(g.id)]),
    ) as Record<AppendixGroup, boolean>,
  };
}
