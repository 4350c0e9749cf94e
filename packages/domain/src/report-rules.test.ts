import { describe, expect, it } from 'vitest';
import { findingInReport, pagesOf, reportTitle } from './report-rules';

describe('a report title', () => {
  it('names the job, the inspection and the project as the file will be called', () => {
    expect(reportTitle('inspection', { projectName: 'Riverside Lofts', inspectionNumber: 8 })).toBe(
      'Inspection 8 - Riverside Lofts',
    );
    expect(reportTitle('findings', { projectName: 'Riverside Lofts', inspectionNumber: 8 })).toBe(
      'Findings - Inspection 8 - Riverside Lofts',
    );
    expect(reportTitle('swmp', { projectName: 'Riverside Lofts' })).toBe('SWMP - Riverside Lofts');
    expect(reportTitle('siteMap', { projectName: 'Riverside Lofts', siteMapName: 'Sheet C-1' })).toBe(
      'Site Map - Sheet C-1 - Riverside Lofts',
    );
  });

  it('replaces characters a file name cannot hold and stays short', () => {
    expect(reportTitle('swmp', { projectName: 'A/B: "C" <d>\u0007' })).toBe('SWMP - A_B_ _C_ _d__');
    expect(reportTitle('swmp', { projectName: 'x'.repeat(400) }).length).toBe(150);
  });
});

describe('the findings a findings report keeps', () => {
  it('keeps open, closed or all findings', () => {
    const open = { date_completed: null };
    const closed = { date_completed: '2026-01-02' };
    expect([open, closed].filter((f) => findingInReport(f, 'open'))).toEqual([open]);
    expect([open, closed].filter((f) => findingInReport(f, 'closed'))).toEqual([closed]);
    expect([open, closed].filter((f) => findingInReport(f, 'all'))).toHaveLength(2);
  });

  it('puts 5 findings at 2 a page on 3 pages', () => {
    expect(pagesOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(pagesOf([], 3)).toEqual([]);
  });
});
