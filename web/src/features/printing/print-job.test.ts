import { describe, expect, it } from 'vitest';
import { later, reportView } from './testing/report-fixtures';
import { newChannelKey, newerReport, progressPercent } from './print-job';

describe('which account of a print job is newer (pushes and reads cross on the wire)', () => {
  const requested = reportView('inspection', 'k1');
  const progress = (completed: number, at: number) =>
    reportView('inspection', 'k1', { status: 'progress', completed, total: 8, updatedAt: later(at) });

  it('takes the later one, whichever arrives last', () => {
    expect(newerReport(requested, progress(2, 2))).toEqual(progress(2, 2));
    expect(newerReport(progress(5, 5), progress(2, 2))).toEqual(progress(5, 5));
  });

  it('at the same moment, prefers the further state and the larger count', () => {
    const doneNow = reportView('inspection', 'k1', { status: 'done', completed: 8, total: 8 });
    expect(newerReport(doneNow, requested)).toBe(doneNow);
    expect(newerReport(requested, doneNow)).toBe(doneNow);
    const three = reportView('inspection', 'k1', { status: 'progress', completed: 3, total: 8 });
    const four = reportView('inspection', 'k1', { status: 'progress', completed: 4, total: 8 });
    expect(newerReport(four, three)).toBe(four);
  });

  it('never lets another job (an earlier press, before Retry) replace this one', () => {
    const other = reportView('inspection', 'k0', {
      reportId: 'rep-0',
      status: 'error',
      updatedAt: later(60),
    });
    expect(newerReport(requested, other)).toBe(requested);
    expect(newerReport(null, other)).toBe(other);
  });
});

describe('print job helpers', () => {
  it('makes a fresh channel key per press, of the contract’s Id pattern', () => {
    const keys = new Set(Array.from({ length: 20 }, newChannelKey));
    expect(keys.size).toBe(20);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });

  it('counts whole percent, 0 before the total is known', () => {
    expect(progressPercent({ completed: 3, total: 8 })).toBe(38);
    expect(progressPercent({ completed: 0, total: 0 })).toBe(0);
    expect(progressPercent({ completed: 9, total: 8 })).toBe(100);
  });
});
