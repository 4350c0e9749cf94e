import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COLUMN_VISIBILITY,
  FIGURE_COLUMNS,
  REPORT_COLUMNS,
  visibleColumns,
  type ColumnVisibility,
} from './report-columns';
import {
  formatFigure,
  formatPercent,
  percentVariance,
  reportTotals,
  summaryLayout,
  type ReportFigures,
} from './report-totals';

const NOTHING: ReportFigures = {
  inspectionCount: 0,
  findingsCount: 0,
  avgFindings: null,
  avgFindingDays: null,
  maxDay: null,
  openFindings: 0,
  notCompleteInExpectedDays: 0,
  ackCount: 0,
  complianceCount: 0,
  missedIsp: 0,
  postStormInTime: 0,
  postStormLate: 0,
  postStormMissed: 0,
};

// Three projects as docs/decisions/0021 counts them: two inspected, one only missed.
const aqueduct: ReportFigures = {
  inspectionCount: 2,
  findingsCount: 3,
  avgFindings: 1.5,
  avgFindingDays: 6.5,
  maxDay: 10,
  openFindings: 1,
  notCompleteInExpectedDays: 2,
  ackCount: 2,
  complianceCount: 1,
  missedIsp: 0,
  postStormInTime: 0,
  postStormLate: 0,
  postStormMissed: 0,
};
const culvert: ReportFigures = {
  inspectionCount: 1,
  findingsCount: 2,
  avgFindings: 2,
  avgFindingDays: 0,
  maxDay: 0,
  openFindings: 1,
  notCompleteInExpectedDays: 1,
  ackCount: 0,
  complianceCount: 0,
  missedIsp: 0,
  postStormInTime: 0,
  postStormLate: 0,
  postStormMissed: 0,
};
const bridge: ReportFigures = { ...NOTHING, missedIsp: 1 };

describe('the Total row (spec 001 §2: sums, averages for average columns, max for the max-day column)', () => {
  it('sums the counts, averages the average columns over the rows that have one, takes the largest max day', () => {
    expect(reportTotals([aqueduct, culvert, bridge])).toEqual({
      inspectionCount: 3,
      findingsCount: 5,
      avgFindings: 1.75, // (1.5 + 2) / 2: Bridge has no inspections, so no average to count
      avgFindingDays: 3.25, // (6.5 + 0) / 2
      maxDay: 10,
      openFindings: 2,
      notCompleteInExpectedDays: 3,
      ackCount: 2,
      complianceCount: 1,
      missedIsp: 1,
      postStormInTime: 0,
      postStormLate: 0,
      postStormMissed: 0,
    });
  });

  it("keeps a zero average and a zero max day: only null is '-'", () => {
    const totals = reportTotals([culvert]);
    expect(totals.avgFindingDays).toBe(0);
    expect(totals.maxDay).toBe(0);
  });

  it('leaves the average and max columns null when no row has a value, and sums to zero', () => {
    expect(reportTotals([NOTHING, NOTHING])).toEqual(NOTHING);
    expect(reportTotals([])).toEqual(NOTHING);
  });
});

describe('the Percent Variance row (value / reference column × 100)', () => {
  it('divides by the reference columns: findings, inspections, and inspections plus missed ones', () => {
    const variance = percentVariance(reportTotals([aqueduct, culvert, bridge]));
    expect(variance).toEqual({
      openFindings: (2 / 5) * 100,
      notCompleteInExpectedDays: (3 / 5) * 100,
      ackCount: (2 / 3) * 100,
      complianceCount: (1 / 3) * 100,
      missedIsp: (1 / (3 + 1)) * 100,
      // No post-storm inspection was due: nothing to divide by.
      postStormInTime: null,
      postStormLate: null,
      postStormMissed: null,
    });
    expect(Object.fromEntries(Object.entries(variance).map(([id, v]) => [id, formatPercent(v)]))).toEqual({
      openFindings: '40.00%',
      notCompleteInExpectedDays: '60.00%',
      ackCount: '66.67%',
      complianceCount: '33.33%',
      missedIsp: '25.00%',
      postStormInTime: '-',
      postStormLate: '-',
      postStormMissed: '-',
    });
  });

  it("is '-' when the reference is zero, and 0.00% when only the value is", () => {
    const onlyMissed = percentVariance(reportTotals([bridge]));
    expect(onlyMissed.ackCount).toBeNull(); // no inspections
    expect(onlyMissed.openFindings).toBeNull(); // no findings
    expect(onlyMissed.missedIsp).toBe(100); // 1 of 0 + 1
    expect(formatPercent(onlyMissed.ackCount)).toBe('-');
    const none = percentVariance(reportTotals([culvert]));
    expect(formatPercent(none.complianceCount)).toBe('0.00%');
  });

  it('has a percent variance for exactly the last eight columns, each with a reference', () => {
    const withVariance = FIGURE_COLUMNS.filter((column) => column.percentOf).map((column) => column.id);
    expect(withVariance).toEqual([
      'openFindings',
      'notCompleteInExpectedDays',
      'ackCount',
      'complianceCount',
      'missedIsp',
      'postStormInTime',
      'postStormLate',
      'postStormMissed',
    ]);
    expect(REPORT_COLUMNS.slice(-8).map((column) => column.id)).toEqual(withVariance);
  });
});

describe('formatting (spec 001 §2 and §9: two decimals, "-" for null)', () => {
  it("shows '-' for null, whole numbers for counts and two decimals for decimal columns", () => {
    expect(formatFigure(null, 0)).toBe('-');
    expect(formatFigure(null, 2)).toBe('-');
    expect(formatFigure(7, 0)).toBe('7');
    expect(formatFigure(1.5, 2)).toBe('1.50');
    expect(formatFigure(8.5 / 3, 2)).toBe('2.83');
    expect(formatFigure(0, 2)).toBe('0.00');
  });

  it('rounds halves up as a person would, not as binary floating point does', () => {
    expect(formatFigure(1.005, 2)).toBe('1.01');
    expect(formatPercent((2 / 3) * 100)).toBe('66.67%');
    expect(formatPercent(100)).toBe('100.00%');
  });
});

describe('the summary rows’ spans (spec 001 §2, §9: default column count 6 with a percent span)', () => {
  const spans = (visibility: ColumnVisibility) => {
    const layout = summaryLayout(visibleColumns(visibility));
    return {
      total: layout.totalLabelSpan,
      totalCells: layout.totalColumns.length,
      percent: layout.percentLabelSpan,
      percentCells: layout.percentColumns.map((column) => column.id),
    };
  };

  it('by default: Total spans Project Name; Percent Variance spans six columns, then five cells', () => {
    expect(spans(DEFAULT_COLUMN_VISIBILITY)).toEqual({
      total: 1,
      totalCells: 10,
      percent: 6,
      percentCells: ['openFindings', 'notCompleteInExpectedDays', 'ackCount', 'complianceCount', 'missedIsp'],
    });
  });

  it('Client Name shown: the Total label spans two columns, the Percent Variance label seven', () => {
    const layout = spans({ ...DEFAULT_COLUMN_VISIBILITY, clientName: true });
    expect(layout.total).toBe(2);
    expect(layout.totalCells).toBe(10);
    expect(layout.percent).toBe(7);
  });

  it('a column with a percent variance hidden: its cell leaves the percent-variance span', () => {
    const layout = spans({ ...DEFAULT_COLUMN_VISIBILITY, ackCount: false });
    expect(layout.percent).toBe(6);
    expect(layout.percentCells).toEqual([
      'openFindings',
      'notCompleteInExpectedDays',
      'complianceCount',
      'missedIsp',
    ]);
  });

  it('a column without one hidden: the label spans one column fewer', () => {
    expect(spans({ ...DEFAULT_COLUMN_VISIBILITY, avgFindings: false }).percent).toBe(5);
  });

  it('every column with a percent variance hidden: no cells, the label spans the table', () => {
    const hidden = { openFindings: false, notCompleteInExpectedDays: false, ackCount: false };
    const layout = spans({
      ...DEFAULT_COLUMN_VISIBILITY,
      ...hidden,
      complianceCount: false,
      missedIsp: false,
    });
    expect(layout.percentCells).toEqual([]);
    expect(layout.percent).toBe(6);
  });
});
