import { describe, expect, it } from 'vitest';
import {
  findingInReport,
  pagesOf,
  paperOf,
  PAPERS,
  reportTitle,
  selectionProblem,
  SELECTION_MESSAGES,
} from './report-rules';

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

describe('a Print Inspections selection', () => {
  const range = { start: '2026-01-01', end: '2026-03-31' };
  const inspection = (number: number, created_date: string, more = {}) => ({
    number,
    projectId: 'p1',
    created_date,
    ...more,
  });

  it('takes inspections of the project dated within the period, its first and last days included', () => {
    const selected = [inspection(1, '2026-01-01T00:00'), inspection(2, '2026-03-31T23:59')];
    expect(selectionProblem(selected, 'p1', range, 'all')).toBeNull();
  });

  it("refuses another project's inspection and one dated outside the period, naming it", () => {
    expect(
      selectionProblem([inspection(1, '2026-02-01T09:00', { projectId: 'p2' })], 'p1', range, 'all'),
    ).toBe(SELECTION_MESSAGES.otherProject);
    expect(selectionProblem([inspection(3, '2025-12-31T23:59')], 'p1', range, 'all')).toBe(
      'Inspection #3 is not in the chosen period',
    );
    expect(
      selectionProblem(
        [inspection(2, '2026-02-01T09:00'), inspection(4, '2026-04-01T08:00')],
        'p1',
        range,
        'all',
      ),
    ).toBe(SELECTION_MESSAGES.outsidePeriod(4));
  });

  it('refuses an inspection outside the scope, and one whose scope facts were not read', () => {
    const unsigned = inspection(5, '2026-02-01T09:00', {
      scopeFacts: { hasCorrectiveAction: true, signed: false },
    });
    expect(selectionProblem([unsigned], 'p1', range, 'ca_only')).toBeNull();
    expect(selectionProblem([unsigned], 'p1', range, 'signature_only')).toBe(
      'Inspection #5 is not in the chosen scope (Only signed inspections)',
    );
    expect(selectionProblem([inspection(6, '2026-02-01T09:00')], 'p1', range, 'ca_only')).toBe(
      SELECTION_MESSAGES.outsideScope(6, 'ca_only'),
    );
  });
});

describe('the paper', () => {
  it('is US Letter in the US and A4 in the UK', () => {
    expect(paperOf('US')).toBe('Letter');
    expect(paperOf('UK')).toBe('A4');
    // A4 is 210 x 297 mm.
    expect(Math.round((PAPERS.A4.widthPt / 72) * 25.4)).toBe(210);
    expect(Math.round((PAPERS.A4.heightPt / 72) * 25.4)).toBe(297);
  });
});
