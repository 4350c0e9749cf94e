import { describe, expect, it } from 'vitest';
import {
  browserToday,
  complianceQueryOf,
  readReportQuery,
  reportDateError,
  writeReportQuery,
} from './report-query';

const TODAY = '2026-03-20';
const read = (search: string) => readReportQuery(new URLSearchParams(search), TODAY);

describe('the report filters in the URL (spec 001 §7 query names)', () => {
  it('reads the defaults from a plain URL: page 1 of 10 rows, every client, no dates, every type', () => {
    expect(read('')).toEqual({
      s: '',
      p: 1,
      r: '10',
      client: [],
      minDate: null,
      maxDate: null,
      findings: null,
    });
    expect(complianceQueryOf(read(''))).toEqual({ p: '1', r: '10' });
  });

  it('reads every filter and sends it as the call names it', () => {
    const query = read(
      's=weir&p=3&r=All&client=alder,birch&minDate=2026-01-01&maxDate=2026-02-01&findings=CA',
    );
    expect(complianceQueryOf(query)).toEqual({
      s: 'weir',
      p: '3',
      r: 'All',
      client: 'alder,birch',
      minDate: '2026-01-01',
      maxDate: '2026-02-01',
      findings: 'CA',
    });
  });

  it('drops what the server would refuse: a bad page or row count, future or unreal dates, a range backwards', () => {
    expect(read('p=0&r=25')).toMatchObject({ p: 1, r: '10' });
    expect(read('p=abc')).toMatchObject({ p: 1 });
    expect(read('maxDate=2026-03-21')).toMatchObject({ maxDate: null });
    expect(read('minDate=2026-02-30')).toMatchObject({ minDate: null });
    expect(read('minDate=2026-03-10&maxDate=2026-03-01')).toMatchObject({
      minDate: null,
      maxDate: '2026-03-01',
    });
    expect(read('client=a,,b,a,c%23d')).toMatchObject({ client: ['a', 'b'] });
    expect(read('findings=C%23A')).toMatchObject({ findings: null });
  });

  it('writes only what is not a default, so a plain report has a plain URL', () => {
    const base = new URLSearchParams('p=3&s=weir');
    expect(writeReportQuery(base, { p: 1, r: '10' }).toString()).toBe('s=weir');
    expect(writeReportQuery(base, { client: ['a', 'b'], r: '20' }).toString()).toBe(
      'p=3&s=weir&client=a%2Cb&r=20',
    );
    expect(writeReportQuery(base, { s: '', findings: null }).toString()).toBe('p=3');
  });
});

describe('the date pickers (spec 001 §5 "Report dates cannot be in the future")', () => {
  const now = new Date('2026-03-20T12:00:00Z');

  it('refuses a day after the viewer’s today, and a Min Date after the Max Date', () => {
    expect(reportDateError({ minDate: null, maxDate: '2026-03-21' }, now, TODAY)).toEqual({
      maxDate: 'Report dates cannot be in the future',
    });
    expect(reportDateError({ minDate: '2026-03-10', maxDate: '2026-03-01' }, now, TODAY)).toEqual({
      minDate: 'Min Date cannot be after Max Date',
    });
    expect(reportDateError({ minDate: '2026-03-01', maxDate: '2026-03-01' }, now, TODAY)).toEqual({});
    expect(reportDateError({ minDate: null, maxDate: TODAY }, now, TODAY)).toEqual({});
  });

  it('takes today from the browser’s calendar', () => {
    expect(browserToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
