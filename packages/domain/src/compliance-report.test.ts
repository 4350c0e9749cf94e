import { describe, expect, it } from 'vitest';
import { latestToday, REPORT_MESSAGES, reportDateIssues, reportDays, reportPage } from './compliance-report';

// 2026-03-10 at 11:00 UTC: already the 11th at UTC+14 (Kiritimati), still the 10th in London.
const now = new Date('2026-03-10T11:00:00Z');

describe('the compliance report’s dates (spec 001 §5)', () => {
  it('"Report dates cannot be in the future": after today everywhere on Earth', () => {
    expect(latestToday(now)).toBe('2026-03-11');
    expect(reportDateIssues({ minDate: '2026-03-01', maxDate: '2026-03-11' }, now)).toEqual([]);
    expect(reportDateIssues({ maxDate: '2026-03-12' }, now)).toEqual([
      { path: 'maxDate', message: REPORT_MESSAGES.futureDate },
    ]);
    expect(reportDateIssues({ minDate: '2027-01-01' }, now)).toEqual([
      { path: 'minDate', message: 'Report dates cannot be in the future' },
    ]);
  });

  it('refuses a Min Date after the Max Date; the same day is a one-day report', () => {
    expect(reportDateIssues({ minDate: '2026-03-05', maxDate: '2026-03-04' }, now)).toEqual([
      { path: 'minDate', message: 'Min Date cannot be after Max Date' },
    ]);
    expect(reportDateIssues({ minDate: '2026-03-05', maxDate: '2026-03-05' }, now)).toEqual([]);
  });

  it('covers, without dates, the project’s life: from its first day to its today', () => {
    const project = {
      start_date: '2026-01-15',
      createdAt: '2026-02-01T09:00:00.000Z',
      timezone: 'Europe/London',
    };
    expect(reportDays(project, {}, now)).toEqual({ from: '2026-01-15', to: '2026-03-10' });
    // Created before its start date: from the day it was created, in its own zone.
    const early = {
      ...project,
      start_date: '2026-04-01',
      createdAt: '2026-02-01T23:30:00.000Z',
      timezone: 'Asia/Tokyo',
    };
    expect(reportDays(early, {}, now)).toEqual({ from: '2026-02-02', to: '2026-03-10' });
    expect(reportDays(project, { minDate: '2026-03-01', maxDate: '2026-03-07' }, now)).toEqual({
      from: '2026-03-01',
      to: '2026-03-07',
    });
  });
});

describe('the report’s pages (spec 001 §9: 10, 20, 30, 50, All)', () => {
  const rows = Array.from({ length: 23 }, (_, i) => i + 1);

  it('slices page p of r rows', () => {
    expect(reportPage(rows, 1, '10')).toEqual({ items: rows.slice(0, 10), pageSize: 10 });
    expect(reportPage(rows, 3, '10')).toEqual({ items: [21, 22, 23], pageSize: 10 });
    expect(reportPage(rows, 4, '10')).toEqual({ items: [], pageSize: 10 });
    expect(reportPage(rows, 2, '20').items).toEqual([21, 22, 23]);
  });

  it('All is one page of every row', () => {
    expect(reportPage(rows, 1, 'All')).toEqual({ items: rows, pageSize: 23 });
    expect(reportPage([], 1, 'All')).toEqual({ items: [], pageSize: 1 });
  });
});
