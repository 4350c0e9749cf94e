import { describe, expect, it } from 'vitest';
import { REPORT_MESSAGES } from './reports';
import { customPeriodProblems, defaultSwmpOptions, monthsBefore, periodRange } from './report-period';

describe('Print Inspections time filter (spec 002 §2, §5)', () => {
  it('counts whole months back from the project’s today, keeping to the month’s last day', () => {
    expect(monthsBefore('2026-11-29', 3)).toBe('2026-08-29');
    expect(monthsBefore('2026-05-31', 3)).toBe('2026-02-28');
    expect(monthsBefore('2028-05-31', 3)).toBe('2028-02-29');
    expect(monthsBefore('2026-01-15', 12)).toBe('2025-01-15');
  });

  it('past 3 months, 6 months and a year end today', () => {
    expect(periodRange('3m', '2026-11-29')).toEqual({ start: '2026-08-29', end: '2026-11-29' });
    expect(periodRange('6m', '2026-11-29')).toEqual({ start: '2026-05-29', end: '2026-11-29' });
    expect(periodRange('1y', '2026-11-29')).toEqual({ start: '2025-11-29', end: '2026-11-29' });
  });

  it('a custom period may not end after today, nor start after its end', () => {
    expect(customPeriodProblems('2026-11-01', '2026-11-30', '2026-11-29')).toEqual({
      endDate: REPORT_MESSAGES.endDateInFuture,
    });
    expect(customPeriodProblems('2026-11-20', '2026-11-10', '2026-11-29')).toEqual({
      startDate: REPORT_MESSAGES.startAfterEnd,
    });
    expect(customPeriodProblems(null, '', '2026-11-29')).toEqual({
      startDate: 'Please choose a start date',
      endDate: 'Please choose an end date',
    });
    expect(customPeriodProblems('2026-02-30', '2026-11-29', '2026-11-29')).toEqual({
      startDate: 'Please choose a start date',
    });
    expect(customPeriodProblems('2026-11-29', '2026-11-29', '2026-11-29')).toEqual({});
    expect(periodRange('custom', '2026-11-29', { startDate: '2026-10-01', endDate: '2026-10-31' })).toEqual({
      start: '2026-10-01',
      end: '2026-10-31',
    });
    expect(
      periodRange('custom', '2026-11-29', { startDate: '2026-10-01', endDate: '2026-12-01' }),
    ).toBeNull();
  });
});

describe('Print SWMP defaults (spec 002 §2)', () => {
  it('ticks the narrative, BMP details, maps, permits and five appendices; not construction docs, local regulations, misc', () => {
    const { sections, appendices } = defaultSwmpOptions();
    expect(sections).toEqual({ narrative: true, bmpDetails: true, maps: true, permits: true });
    expect(appendices).toEqual({
      constructionDocs: false,
      soilReports: true,
      delegationLetters: true,
      endangeredSpecies: true,
      historicalProperties: true,
      qualifications: true,
      localRegulations: false,
      misc: false,
    });
  });
});
