import { describe, expect, it } from 'vitest';
import { localDateTime } from './local-date';
import {
  advanceStormClock,
  frequencyOn,
  NEW_STORM_CLOCK,
  nextRoutineDue,
  postStormStateOf,
  routineDaysOn,
  stormsOf,
  type RainHour,
} from './permit-clock';
import { PERMIT_RULE_SETS, type ProjectPermit, type ReducedPeriod } from './permit-rules';

const permit = (overrides: Partial<ProjectPermit> = {}): ProjectPermit => ({
  ruleSetId: 'cgp-2022',
  frequencyId: null,
  sensitiveWaters: false,
  reducedPeriods: [],
  ...overrides,
});
const fourteenDays = { frequencyId: 'every-14-days-and-storm' };
const period = (kind: ReducedPeriod['kind'], from: string, to: string | null = null): ReducedPeriod => ({
  kind,
  from,
  to,
});

const CGP_STORM = PERMIT_RULE_SETS['cgp-2022'].frequencies[1]!.storm!;
const TXR_STORM = PERMIT_RULE_SETS['txr150000-2023'].frequencies[1]!.storm!;

/** Hours from `start` ('YYYY-MM-DDTHH', UTC) with these inches of rain (and snow), one an hour. */
function hoursFrom(start: string, rain: readonly number[], snow: readonly number[] = []): RainHour[] {
  const first = Date.parse(`${start}:00:00.000Z`);
  return Array.from({ length: Math.max(rain.length, snow.length) }, (_, i) => ({
    hour: new Date(first + i * 3_600_000).toISOString().slice(0, 13),
    rainInches: rain[i] ?? 0,
    snowInches: snow[i] ?? 0,
  }));
}
const dry = (n: number) => Array.from({ length: n }, () => 0);
const hoursBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 3_600_000;

describe('routine inspections: the rule in force and the next due date', () => {
  it.each([
    ['CGP 4.2.1: "at least once every 7 calendar days" (the default)', permit(), '2026-03-09'],
    ['CGP 4.2.2: "once every 14 calendar days"', permit(fourteenDays), '2026-03-16'],
    [
      'CGP 4.3: sites discharging to impaired or Tier 2, 2.5 or 3 waters, "once every 7 calendar days", whatever the chosen frequency',
      permit({ ...fourteenDays, sensitiveWaters: true }),
      '2026-03-09',
    ],
    [
      'TXR150000 III.F.6(a): "at least once every 14 calendar days"',
      permit({ ruleSetId: 'txr150000-2023', ...fourteenDays }),
      '2026-03-16',
    ],
    [
      'the fixed interval: "every routine inspection interval of the project\'s days" (10 here)',
      permit({ ruleSetId: 'fixed-interval' }),
      '2026-03-12',
    ],
  ])('%s', (_name, projectPermit, due) => {
    expect(nextRoutineDue(projectPermit, 10, '2026-03-02')).toBe(due);
  });

  it('CGP 4.3 increased frequency also carries the storm trigger (0.25 in within 24 hours), where 4.2.1 has none', () => {
    expect(frequencyOn(permit(), '2026-03-02').frequency.storm).toBeNull();
    const increased = frequencyOn(permit({ sensitiveWaters: true }), '2026-03-02').frequency;
    expect(increased.id).toBe('increased');
    expect(increased.storm).toMatchObject({
      rainInches: 0.25,
      snowInches: 3.25,
      windowHours: 24,
      dueWithinHours: 24,
    });
  });

  it('CGP 4.4.1 stabilized: "twice during the first month, no more than 14 calendar days apart, then once per month"', () => {
    const stabilized = permit({ reducedPeriods: [period('stabilized', '2026-04-01')] });
    expect(routineDaysOn(stabilized, 10, '2026-03-31')).toBe(7);
    expect(routineDaysOn(stabilized, 10, '2026-04-01')).toBe(14);
    expect(routineDaysOn(stabilized, 10, '2026-04-30')).toBe(14);
    expect(routineDaysOn(stabilized, 10, '2026-05-01')).toBe(30);
    expect(nextRoutineDue(stabilized, 10, '2026-04-01')).toBe('2026-04-15');
    expect(nextRoutineDue(stabilized, 10, '2026-04-15')).toBe('2026-04-29');
    // 2026-04-29 + 14 would be 05-13, but from 05-01 'once per month' is in force.
    expect(nextRoutineDue(stabilized, 10, '2026-04-29')).toBe('2026-05-29');
    expect(frequencyOn(stabilized, '2026-05-01').frequency.storm).toBeNull();
  });

  it('CGP 4.4.2: arid or semi-arid areas in the seasonally dry period, "once per month and within 24 hours of a storm event"', () => {
    const arid = permit({ reducedPeriods: [period('arid-dry-season', '2026-05-01', '2026-09-30')] });
    expect(routineDaysOn(arid, 10, '2026-05-01')).toBe(30);
    expect(frequencyOn(arid, '2026-06-01').frequency.storm?.rainInches).toBe(0.25);
    expect(nextRoutineDue(arid, 10, '2026-06-01')).toBe('2026-07-01');
    // The dry season ends 09-30: from 10-01 the 7-day frequency is in force and long overdue.
    expect(nextRoutineDue(arid, 10, '2026-09-20')).toBe('2026-10-01');
  });

  it('CGP 4.4.3(a) frozen, work suspended: "inspections may be suspended until thawing": nothing is due until the period ends', () => {
    const frozen = permit({ reducedPeriods: [period('frozen-suspended', '2026-12-10')] });
    expect(routineDaysOn(frozen, 10, '2026-12-10')).toBeNull();
    expect(nextRoutineDue(frozen, 10, '2026-12-01')).toBe('2026-12-08'); // due before the freeze
    expect(nextRoutineDue(frozen, 10, '2026-12-05')).toBeNull(); // open-ended suspension
    const thawed = permit({ reducedPeriods: [period('frozen-suspended', '2026-12-10', '2027-03-01')] });
    // The 7 days ran out during the suspension: due on the first day after it.
    expect(nextRoutineDue(thawed, 10, '2026-12-05')).toBe('2027-03-02');
    // A suspension shorter than what is left of the interval moves nothing.
    const brief = permit({ reducedPeriods: [period('frozen-suspended', '2026-12-06', '2026-12-07')] });
    expect(nextRoutineDue(brief, 10, '2026-12-05')).toBe('2026-12-12');
  });

  it('CGP 4.4.3(b) frozen, work continuing: "once per month"', () => {
    const frozen = permit({ reducedPeriods: [period('frozen-continuing', '2026-12-10', '2027-02-28')] });
    expect(routineDaysOn(frozen, 10, '2027-01-15')).toBe(30);
    expect(nextRoutineDue(frozen, 10, '2026-12-10')).toBe('2027-01-09');
  });

  it('a reduced period wins over sensitive waters; of two periods the later one wins; one the rule set does not allow is ignored', () => {
    const both = permit({
      sensitiveWaters: true,
      reducedPeriods: [period('frozen-continuing', '2026-12-01')],
    });
    expect(frequencyOn(both, '2026-12-02').frequency.id).toBe('frozen-continuing');
    expect(frequencyOn(both, '2026-11-30').frequency.id).toBe('increased');

    const stabilizedThenFrozen = permit({
      reducedPeriods: [
        period('frozen-suspended', '2026-12-20', '2027-02-01'),
        period('stabilized', '2026-10-01'),
      ],
    });
    expect(frequencyOn(stabilizedThenFrozen, '2026-12-01').reducedPeriod?.kind).toBe('stabilized');
    expect(frequencyOn(stabilizedThenFrozen, '2027-01-05').reducedPeriod?.kind).toBe('frozen-suspended');
    expect(frequencyOn(stabilizedThenFrozen, '2027-02-02').reducedPeriod?.kind).toBe('stabilized');

    const texasFrozen = permit({
      ruleSetId: 'txr150000-2023',
      reducedPeriods: [period('frozen-suspended', '2026-12-01')],
    });
    expect(frequencyOn(texasFrozen, '2026-12-05')).toMatchObject({
      frequency: { id: 'every-7-days' },
      reducedPeriod: null,
    });
  });

  it('a frequency or rule set the product does not have, a malformed date or interval is refused, not replaced by a default', () => {
    expect(() => frequencyOn(permit({ frequencyId: 'every-3-days' }), '2026-03-02')).toThrow(
      "EPA 2022 Construction General Permit has no inspection frequency 'every-3-days'",
    );
    expect(() => frequencyOn(permit({ ruleSetId: 'cgp-2017' as never }), '2026-03-02')).toThrow(
      "No permit rule set 'cgp-2017'",
    );
    expect(() => nextRoutineDue(permit(), 10, '03-02-2026')).toThrow(
      "'03-02-2026' is not a date written 'YYYY-MM-DD'",
    );
    expect(() => nextRoutineDue(permit({ ruleSetId: 'fixed-interval' }), 0, '2026-03-02')).toThrow(
      'A routine interval is a whole number of days, at least 1 (not 0)',
    );
  });
});

describe('storms: CGP 4.2.2 "within 24 hours of the occurrence of a storm event that produces 0.25 inches or more of rain within a 24-hour period"', () => {
  it('CGP 4.2.2: 0.25 in within 24 hours is a storm; 0.24 is not', () => {
    expect(stormsOf(CGP_STORM, hoursFrom('2026-11-28T00', [0.1, 0.1, 0.04]))).toEqual([]);
    expect(stormsOf(CGP_STORM, hoursFrom('2026-11-28T00', [0.1, 0.1, 0.05]))).toEqual([
      {
        kind: 'rain',
        amountInches: 0.25,
        countedAt: '2026-11-28T03:00:00.000Z',
        windowStart: '2026-11-28T00:00:00.000Z',
        windowEnd: '2026-11-28T03:00:00.000Z',
        dueBy: '2026-11-29T03:00:00.000Z',
      },
    ]);
  });

  it('CGP 4.2.2 "within a 24-hour period": 0.15 in and 0.10 in 23 hours apart are a storm; 24 hours apart they are not', () => {
    // Two showers with 22 dry hours between are two events, neither counted alone: together they
    // are CGP 4.2.2's "multiple, smaller storms that ... together produce 0.25 inches or more within
    // a 24-hour period", so the window sums both (only a counted storm's rain is spent).
    const within = stormsOf(CGP_STORM, hoursFrom('2026-11-28T00', [0.15, ...dry(22), 0.1]));
    expect(within).toMatchObject([
      { countedAt: '2026-11-29T00:00:00.000Z', windowStart: '2026-11-28T00:00:00.000Z' },
    ]);
    expect(stormsOf(CGP_STORM, hoursFrom('2026-11-28T00', [0.15, ...dry(23), 0.1]))).toEqual([]);
  });

  it('one event kept going by drizzle: 0.25 in within 24 hours is a storm; the same rain over 25 hours is not', () => {
    // 0.15 in, then 0.01 in every 5th hour (4 dry hours between: the same event), then the rest.
    const drizzle = [...dry(4), 0.01, ...dry(4), 0.01, ...dry(4), 0.01, ...dry(4), 0.01];
    const within = stormsOf(CGP_STORM, hoursFrom('2026-11-28T00', [0.15, ...drizzle, 0, 0, 0.06]));
    expect(within).toMatchObject([
      { countedAt: '2026-11-29T00:00:00.000Z', windowStart: '2026-11-28T00:00:00.000Z', amountInches: 0.25 },
    ]);
    expect(stormsOf(CGP_STORM, hoursFrom('2026-11-28T00', [0.15, ...drizzle, 0, 0, 0, 0.06]))).toEqual([]);
  });

  it('CGP 4.2.2 "once every 14 calendar days and within 24 hours of a storm event": due 24 hours after the hour that reached 0.25 in', () => {
    const [storm] = stormsOf(CGP_STORM, hoursFrom('2026-11-28T03', [0.05, 0.12, 0.14, 0.3]));
    expect(storm).toMatchObject({ countedAt: '2026-11-28T06:00:00.000Z', dueBy: '2026-11-29T06:00:00.000Z' });
    expect(storm!.amountInches).toBe(0.31);
  });

  it('CGP 4.2.2(b): "a snowmelt discharge from a storm event that produces 3.25 inches or more of snow within a 24-hour period"; 3.2 in is not', () => {
    const snow = (inches: number[]) => hoursFrom('2027-01-10T00', [], inches);
    expect(stormsOf(CGP_STORM, snow([1, 1, 1.2]))).toEqual([]);
    expect(stormsOf(CGP_STORM, snow([1, 1, 1.25]))).toEqual([
      {
        kind: 'snowmelt',
        amountInches: 3.25,
        countedAt: '2027-01-10T03:00:00.000Z',
        windowStart: '2027-01-10T00:00:00.000Z',
        windowEnd: '2027-01-10T03:00:00.000Z',
        dueBy: '2027-01-11T03:00:00.000Z',
      },
    ]);
    // Snow is not rain: 3 in of snow and 0.2 in of rain count toward neither threshold.
    expect(stormsOf(CGP_STORM, hoursFrom('2027-01-10T00', [0.1, 0.1], [1.5, 1.5]))).toEqual([]);
    // TXR150000 counts rain only.
    expect(stormsOf(TXR_STORM, snow([2, 2, 2, ...dry(8)]))).toEqual([]);
  });

  it('two storms within 24 hours are two storms, each with its own deadline (rain counted toward one never counts toward the next)', () => {
    const storms = stormsOf(CGP_STORM, hoursFrom('2026-11-28T00', [0.3, ...dry(7), 0.1, 0.2]));
    expect(storms.map((s) => [s.countedAt, s.amountInches, s.windowStart, s.dueBy])).toEqual([
      ['2026-11-28T01:00:00.000Z', 0.3, '2026-11-28T00:00:00.000Z', '2026-11-29T01:00:00.000Z'],
      ['2026-11-28T10:00:00.000Z', 0.3, '2026-11-28T01:00:00.000Z', '2026-11-29T10:00:00.000Z'],
    ]);
    // 0.3 then 0.2: the 0.3 made the first storm, so 0.2 more is no second one.
    expect(stormsOf(CGP_STORM, hoursFrom('2026-11-28T00', [0.3, ...dry(7), 0.1, 0.1]))).toHaveLength(1);
  });

  it("a storm that goes on for days with 0.25 in every day is counted once a day (the conservative reading of CGP's multi-day footnote)", () => {
    const day = [...dry(14), 0.1, 0.1, 0.05, ...dry(7)];
    const storms = stormsOf(CGP_STORM, hoursFrom('2026-11-28T00', [...day, ...day, ...day]));
    expect(storms.map((s) => s.countedAt)).toEqual([
      '2026-11-28T17:00:00.000Z',
      '2026-11-29T17:00:00.000Z',
      '2026-11-30T17:00:00.000Z',
    ]);
  });

  it('a storm spanning local midnight in New York: counted at 01:00 on the 29th, due 01:00 on the 30th', () => {
    // 22:00 to 01:00 EST is 03:00 to 06:00 UTC.
    const [storm] = stormsOf(CGP_STORM, hoursFrom('2026-11-29T03', [0.1, 0.1, 0.1]));
    expect(localDateTime('America/New_York', new Date(storm!.windowStart))).toBe('2026-11-28T22:00');
    expect(localDateTime('America/New_York', new Date(storm!.countedAt))).toBe('2026-11-29T01:00');
    expect(localDateTime('America/New_York', new Date(storm!.dueBy))).toBe('2026-11-30T01:00');
  });

  it.each([
    // Spring forward, 2026-03-08 02:00 EST -> 03:00 EDT: 24 elapsed hours are 25 on the wall clock.
    ['spring forward (2026-03-08)', '2026-03-08T04', '2026-03-08T00:00', '2026-03-09T01:00'],
    // Fall back, 2026-11-01 02:00 EDT -> 01:00 EST: 24 elapsed hours are 23 on the wall clock.
    ['fall back (2026-11-01)', '2026-11-01T02', '2026-10-31T23:00', '2026-11-01T22:00'],
  ])(
    'deadlines are 24 elapsed hours across a DST change in America/New_York: %s',
    (_name, firstHour, countedLocal, dueLocal) => {
      const [storm] = stormsOf(CGP_STORM, hoursFrom(firstHour, [0.3]));
      expect(hoursBetween(storm!.countedAt, storm!.dueBy)).toBe(24);
      expect(localDateTime('America/New_York', new Date(storm!.countedAt))).toBe(countedLocal);
      expect(localDateTime('America/New_York', new Date(storm!.dueBy))).toBe(dueLocal);
    },
  );

  it('a storm whose 24 hours straddle the spring-forward hour still sums 24 elapsed hours, not 23 wall-clock ones', () => {
    // 0.15 in at 00:00 EST on 03-08 (05:00 UTC), 0.10 in 23 elapsed hours later (00:00 EDT on 03-09): one storm.
    const storms = stormsOf(CGP_STORM, hoursFrom('2026-03-08T05', [0.15, ...dry(22), 0.1]));
    expect(storms).toMatchObject([{ countedAt: '2026-03-09T05:00:00.000Z' }]);
    expect(localDateTime('America/New_York', new Date(storms[0]!.countedAt))).toBe('2026-03-09T01:00');
  });
});

describe('storm events: CGP 4.2.2 "within 24 hours of the occurrence of a storm event": one event is one due', () => {
  // Every hour has measurable rain (0.01 in or more) or the pattern says otherwise; counted at the end of the hour.
  const day = [...Array.from({ length: 23 }, () => 0.01), 0.02]; // 0.25 in over 24 wet hours
  const snowDay = [...Array.from({ length: 23 }, () => 0.1), 0.95]; // 3.25 in of snow over 24 hours

  it.each([
    [
      '0.6 in in 6 hours (npm run storm): one event, one due (the old clock counted it twice, at 0.25 and again at 0.5)',
      [0.1, 0.1, 0.1, 0.1, 0.1, 0.1],
      ['2026-11-28T03:00:00.000Z'],
    ],
    [
      '0.3 in at 01:00 and 0.3 in at 10:00, 8 dry hours between: two events, two dues',
      [0, 0.3, ...dry(8), 0.3],
      ['2026-11-28T02:00:00.000Z', '2026-11-28T11:00:00.000Z'],
    ],
    [
      '0.3 in and 0.3 in with a 3-hour gap: one event, one due',
      [0, 0.3, ...dry(3), 0.3],
      ['2026-11-28T02:00:00.000Z'],
    ],
    [
      '5 dry hours between is still the same event; 6 make two',
      [0.3, ...dry(5), 0.3, ...dry(6), 0.3],
      ['2026-11-28T01:00:00.000Z', '2026-11-28T14:00:00.000Z'],
    ],
    [
      '0.25 in a day for 3 days in one continuing event: three dues, one a day',
      [...day, ...day, ...day],
      ['2026-11-29T00:00:00.000Z', '2026-11-30T00:00:00.000Z', '2026-12-01T00:00:00.000Z'],
    ],
    [
      '2 in over 30 hours: two dues, the second a full 24 hours after the first',
      Array.from({ length: 30 }, () => 0.0667),
      ['2026-11-28T04:00:00.000Z', '2026-11-29T04:00:00.000Z'],
    ],
    [
      'heavy rain for a day, then a 0.2 in drizzle the next day in the same event: one due (0.2 in since the count is below 0.25)',
      [0.5, 0.5, ...Array.from({ length: 20 }, () => 0.01)],
      ['2026-11-28T01:00:00.000Z'],
    ],
    [
      'two events of 0.2 in and 0.1 in, neither a storm alone: one storm at the second (CGP\'s "multiple, smaller storms")',
      [0.2, ...dry(6), 0.1],
      ['2026-11-28T08:00:00.000Z'],
    ],
    [
      'rain of a counted event, after its count as well, never counts toward the next: 0.3 + 0.2, 6 dry hours, 0.1 is one',
      [0.3, 0.2, ...dry(6), 0.1],
      ['2026-11-28T01:00:00.000Z'],
    ],
  ])('CGP rain: %s', (_name, rain, countedAt) => {
    const storms = stormsOf(CGP_STORM, hoursFrom('2026-11-28T00', rain));
    expect(storms.map((s) => s.countedAt)).toEqual(countedAt);
    for (const storm of storms) expect(hoursBetween(storm.countedAt, storm.dueBy)).toBe(24);
  });

  it.each([
    ['3.25 in of snow in 4 hours, then more snow: one event, one due', [1, 1, 1, 0.25, 1, 1], 1],
    [
      '3.25 in of snow, 8 hours without snow, 3.25 in again: two events, two dues',
      [3.25, ...dry(8), 3.25],
      2,
    ],
    ['3.25 in and 3.25 in with a 3-hour gap: one', [3.25, ...dry(3), 3.25], 1],
    [
      '3.25 in of snow a day for 3 days in one continuing event: three, one a day',
      [...snowDay, ...snowDay, ...snowDay],
      3,
    ],
  ])('CGP 4.2.2(b) snowmelt likewise: %s', (_name, snow, count) => {
    const storms = stormsOf(CGP_STORM, hoursFrom('2027-01-10T00', [], snow));
    expect(storms).toHaveLength(count);
    expect(storms.every((s) => s.kind === 'snowmelt')).toBe(true);
  });

  it('snow below the measurable 0.1 in is a dry hour for snowmelt: 3.25 in, 6 hours of 0.05 in, 3.25 in are two events', () => {
    const snow = [3.25, ...Array.from({ length: 6 }, () => 0.05), 3.25];
    expect(stormsOf(CGP_STORM, hoursFrom('2027-01-10T00', [], snow))).toHaveLength(2);
  });

  it('TXR150000: a long storm with 0.5 in again and again is one event, one due 24 hours after its end', () => {
    const hours = hoursFrom('2026-05-10T00', [...Array.from({ length: 30 }, () => 0.1), ...dry(6)]);
    expect(stormsOf(TXR_STORM, hours).map((s) => [s.countedAt, s.dueBy])).toEqual([
      ['2026-05-10T05:00:00.000Z', '2026-05-12T06:00:00.000Z'],
    ]);
  });

  it('TXR150000: two events within 24 hours, each of 0.5 in with its own rain, are two', () => {
    const two = hoursFrom('2026-05-10T00', [0.5, ...dry(7), 0.5, ...dry(6)]);
    expect(stormsOf(TXR_STORM, two).map((s) => s.dueBy)).toEqual([
      '2026-05-11T01:00:00.000Z',
      '2026-05-11T09:00:00.000Z',
    ]);
    // As before events: 0.3 and 0.3 within 24 hours make one storm, due from the second's end
    // (the window sums uncounted rain as for the CGP; flagged in ADR 0046 for TXR's wording).
    const [joined] = stormsOf(TXR_STORM, hoursFrom('2026-05-10T00', [0.3, ...dry(7), 0.3, ...dry(6)]));
    expect(joined).toMatchObject({
      countedAt: '2026-05-10T09:00:00.000Z',
      dueBy: '2026-05-11T09:00:00.000Z',
    });
  });
});

describe('storms: TXR150000 III.F.6(a) "within 24 hours of the end of a storm event of 0.5 inches or greater"', () => {
  const storm = hoursFrom('2026-05-10T00', [0.2, 0.2, 0.15, 0.05, 0, 0.02, ...dry(6)]);

  it("TXR's storm end: due 24 hours after the last wet hour before 6 dry hours; counted once that end is known", () => {
    expect(stormsOf(TXR_STORM, storm.slice(0, 11))).toEqual([]); // 5 dry hours: the storm may go on
    expect(stormsOf(TXR_STORM, storm)).toEqual([
      {
        kind: 'rain',
        amountInches: 0.55,
        countedAt: '2026-05-10T03:00:00.000Z', // the hour that reached 0.5 in
        windowStart: '2026-05-10T00:00:00.000Z',
        windowEnd: '2026-05-10T03:00:00.000Z',
        dueBy: '2026-05-11T06:00:00.000Z', // the end of 05:00, the last wet hour, + 24 h
      },
    ]);
  });

  it('TXR150000: 0.49 in is not a storm event of 0.5 inches; a trace below 0.01 in does not keep a storm going', () => {
    expect(stormsOf(TXR_STORM, hoursFrom('2026-05-10T00', [0.2, 0.2, 0.09, ...dry(10)]))).toEqual([]);
    const [withTrace] = stormsOf(TXR_STORM, hoursFrom('2026-05-10T00', [0.3, 0.2, 0.005, 0.004, ...dry(4)]));
    expect(withTrace!.dueBy).toBe('2026-05-11T02:00:00.000Z');
  });

  it('TXR150000: rain after 5 dry hours is the same storm, so the deadline moves to its end; the storm is counted once', () => {
    const hours = hoursFrom('2026-05-10T00', [0.5, ...dry(5), 0.3, ...dry(6)]);
    expect(stormsOf(TXR_STORM, hours)).toMatchObject([
      { countedAt: '2026-05-10T01:00:00.000Z', amountInches: 0.5, dueBy: '2026-05-11T07:00:00.000Z' },
    ]);
  });

  it("TXR150000: the storm's rain is spent at its end: the next 0.5 in starts after it", () => {
    const hours = hoursFrom('2026-05-10T00', [0.5, 0.4, ...dry(6), 0.2, 0.3, ...dry(6)]);
    expect(stormsOf(TXR_STORM, hours).map((s) => [s.countedAt, s.amountInches, s.dueBy])).toEqual([
      ['2026-05-10T01:00:00.000Z', 0.5, '2026-05-11T02:00:00.000Z'],
      ['2026-05-10T10:00:00.000Z', 0.5, '2026-05-11T10:00:00.000Z'],
    ]);
  });
});

describe('the storm clock, hour by hour', () => {
  it('counts a storm once however many runs see its hours (a retry, an overlapping catch-up)', () => {
    const hours = hoursFrom('2026-11-28T00', [0.1, 0.1, 0.1, 0, 0]);
    const first = advanceStormClock(CGP_STORM, NEW_STORM_CLOCK, hours.slice(0, 3));
    expect(first.storms).toHaveLength(1);
    const again = advanceStormClock(CGP_STORM, JSON.parse(JSON.stringify(first.clock)), hours);
    expect(again.storms).toEqual([]);
    expect(again.clock.checkedThrough).toBe('2026-11-28T04');
  });

  it('a storm during an outage is counted when the missing hours are fed, its deadline from when the rain fell', () => {
    const hours = hoursFrom('2026-11-28T00', [0, 0, 0.3, 0, 0, 0, 0]);
    const before = advanceStormClock(CGP_STORM, NEW_STORM_CLOCK, hours.slice(0, 1));
    const catchUp = advanceStormClock(CGP_STORM, before.clock, hours.slice(1));
    expect(catchUp.storms).toMatchObject([
      { countedAt: '2026-11-28T03:00:00.000Z', dueBy: '2026-11-29T03:00:00.000Z' },
    ]);
  });

  it('refuses a gap, a malformed hour and a negative amount, and never changes the clock it was given', () => {
    const { clock } = advanceStormClock(CGP_STORM, NEW_STORM_CLOCK, hoursFrom('2026-11-28T00', [0.1]));
    expect(() => advanceStormClock(CGP_STORM, clock, hoursFrom('2026-11-28T02', [0]))).toThrow(
      'Rain hours must follow on: 2026-11-28T01 is next, not 2026-11-28T02',
    );
    expect(() =>
      advanceStormClock(CGP_STORM, clock, [{ hour: '2026-11-28 01:00', rainInches: 0, snowInches: 0 }]),
    ).toThrow("'2026-11-28 01:00' is not a UTC hour written 'YYYY-MM-DDTHH'");
    expect(() => stormsOf(CGP_STORM, [{ hour: '2026-02-30T24', rainInches: 0, snowInches: 0 }])).toThrow(
      "'2026-02-30T24' is not a UTC hour written 'YYYY-MM-DDTHH'",
    );
    expect(() => advanceStormClock(CGP_STORM, clock, hoursFrom('2026-11-28T01', [-0.1]))).toThrow(
      'Rain at 2026-11-28T01 is not a number of inches, 0 or more: -0.1',
    );
    const stored = JSON.stringify(clock);
    advanceStormClock(CGP_STORM, clock, hoursFrom('2026-11-28T01', [0.2]));
    expect(JSON.stringify(clock)).toBe(stored);
    expect(NEW_STORM_CLOCK).toEqual({
      checkedThrough: null,
      recentHours: [],
      countedThrough: { rain: null, snowmelt: null },
      awaitingEnd: [],
      events: { rain: null, snowmelt: null },
    });
  });

  it('keeps at most windowHours hours of rain, so the stored clock does not grow', () => {
    const { clock } = advanceStormClock(CGP_STORM, NEW_STORM_CLOCK, hoursFrom('2026-11-01T00', dry(24 * 30)));
    expect(clock.recentHours).toHaveLength(24);
    expect(clock.recentHours[0]!.hour).toBe('2026-11-30T00');
  });

  it('the event going on is kept on the clock between runs, so a run that sees the rest of the storm does not count it again', () => {
    const hours = hoursFrom('2026-11-28T00', [0.1, 0.1, 0.1, 0.1, 0.1, 0.1]);
    const first = advanceStormClock(CGP_STORM, NEW_STORM_CLOCK, hours.slice(0, 3));
    expect(first.storms).toHaveLength(1);
    expect(first.clock.events).toEqual({
      rain: { lastWetHour: '2026-11-28T02', lastCountedHour: '2026-11-28T02' },
      snowmelt: null,
    });
    const second = advanceStormClock(CGP_STORM, JSON.parse(JSON.stringify(first.clock)), hours.slice(3));
    expect(second.storms).toEqual([]);
    const ended = advanceStormClock(CGP_STORM, second.clock, hoursFrom('2026-11-28T06', dry(6)));
    expect(ended.clock.events).toEqual({ rain: null, snowmelt: null });
  });

  describe('a clock stored by the job before events were kept (no `events`) is still read', () => {
    /** What the old clock stored after feeding these hours: no events, countedThrough at its last count. */
    function oldClock(hours: RainHour[], countedThrough: string | null) {
      const { events: _dropped, ...clock } = advanceStormClock(CGP_STORM, NEW_STORM_CLOCK, hours).clock;
      return JSON.parse(
        JSON.stringify({ ...clock, countedThrough: { rain: countedThrough, snowmelt: null } }),
      );
    }

    it('between storms: it reads as the new clock (no event going on), and the next storm is counted once', () => {
      const clock = oldClock(hoursFrom('2026-11-28T00', [0.3, ...dry(10)]), '2026-11-28T00');
      expect(clock).not.toHaveProperty('events');
      const run = advanceStormClock(CGP_STORM, clock, hoursFrom('2026-11-28T11', [0.2, 0.2, 0.2, 0.2]));
      expect(run.storms.map((s) => s.countedAt)).toEqual(['2026-11-28T13:00:00.000Z']);
      expect(run.clock.events!.rain).toEqual({
        lastWetHour: '2026-11-28T14',
        lastCountedHour: '2026-11-28T12',
      });
    });

    it('in the middle of a storm the old clock counted: the event is worked out from its hours and not counted again', () => {
      const clock = oldClock(hoursFrom('2026-11-28T00', [0.1, 0.1, 0.1, 0.1]), '2026-11-28T02');
      const run = advanceStormClock(CGP_STORM, clock, hoursFrom('2026-11-28T04', [0.1, 0.1, 0.1, ...dry(6)]));
      expect(run.storms).toEqual([]);
      expect(run.clock.events).toEqual({ rain: null, snowmelt: null });
    });

    it('with no hours at all (a clock the job just started): the new clock defaults', () => {
      const clock = {
        checkedThrough: '2026-11-28T00',
        recentHours: [],
        countedThrough: { rain: null, snowmelt: null },
        awaitingEnd: [],
      };
      const run = advanceStormClock(CGP_STORM, clock, hoursFrom('2026-11-28T01', [0.3]));
      expect(run.storms).toHaveLength(1);
      expect(clock).not.toHaveProperty('events'); // the clock handed in is not changed
    });
  });

  it('a TXR storm awaiting its end is kept on the clock between runs', () => {
    const hours = hoursFrom('2026-05-10T00', [0.6, ...dry(6)]);
    const first = advanceStormClock(TXR_STORM, NEW_STORM_CLOCK, hours.slice(0, 4));
    expect(first.storms).toEqual([]);
    expect(first.clock.awaitingEnd).toMatchObject([
      { countedAt: '2026-05-10T01:00:00.000Z', lastWetHour: '2026-05-10T00' },
    ]);
    const second = advanceStormClock(TXR_STORM, JSON.parse(JSON.stringify(first.clock)), hours.slice(4));
    expect(second.storms).toMatchObject([{ dueBy: '2026-05-11T01:00:00.000Z' }]);
    expect(second.clock.awaitingEnd).toEqual([]);
  });
});

describe('post-storm inspections: done, late, missed', () => {
  const due = { countedAt: '2026-11-28T06:00:00.000Z', dueBy: '2026-11-29T06:00:00.000Z' };
  const at = (iso: string) => new Date(iso);

  it.each([
    ['none yet, before the deadline: due', [], '2026-11-28T20:00:00Z', 'due', null],
    [
      'one started in the window: done',
      ['2026-11-28T15:00:00.000Z'],
      '2026-11-28T20:00:00Z',
      'done',
      '2026-11-28T15:00:00.000Z',
    ],
    [
      'one started at the deadline itself: done',
      ['2026-11-29T06:00:00.000Z'],
      '2026-12-01T00:00:00Z',
      'done',
      '2026-11-29T06:00:00.000Z',
    ],
    ['none, the deadline passed: missed', [], '2026-11-29T06:00:01Z', 'missed', null],
    [
      'one started after the deadline: late',
      ['2026-11-29T09:00:00.000Z'],
      '2026-11-30T00:00:00Z',
      'late',
      '2026-11-29T09:00:00.000Z',
    ],
    [
      'one after the deadline but after now is not known yet: missed',
      ['2026-11-30T09:00:00.000Z'],
      '2026-11-30T00:00:00Z',
      'missed',
      null,
    ],
    [
      'one started before the storm reached 0.25 in does not count: missed',
      ['2026-11-28T05:30:00.000Z'],
      '2026-11-30T00:00:00Z',
      'missed',
      null,
    ],
  ] as const)('%s', (_name, startedAt, now, state, settledBy) => {
    expect(postStormStateOf(due, startedAt, at(now))).toEqual({ state, settledBy });
  });

  it('an inspection done during the storm, after it reached 0.25 in and while the rain goes on, settles it', () => {
    const hours = hoursFrom('2026-11-28T03', [0.1, 0.1, 0.1, 0.2, 0.3, 0.2]); // rain to 09:00 UTC
    const storms = stormsOf(CGP_STORM, hours);
    // One event, one due: the first counting rule counted this rain twice (06:00, and 0.5 in more by 08:00).
    expect(storms).toHaveLength(1);
    const [storm] = storms;
    expect(storm!.countedAt).toBe('2026-11-28T06:00:00.000Z');
    expect(postStormStateOf(storm!, ['2026-11-28T07:30:00.000Z'], at('2026-11-30T00:00:00Z'))).toEqual({
      state: 'done',
      settledBy: '2026-11-28T07:30:00.000Z',
    });
  });

  it('one inspection settles both of two storms within 24 hours when it falls in both windows', () => {
    const storms = stormsOf(CGP_STORM, hoursFrom('2026-11-28T00', [0.3, ...dry(7), 0.3]));
    expect(storms).toHaveLength(2);
    const states = storms.map((s) =>
      postStormStateOf(s, ['2026-11-28T12:00:00.000Z'], at('2026-11-30T00:00:00Z')),
    );
    expect(states).toEqual([
      { state: 'done', settledBy: '2026-11-28T12:00:00.000Z' },
      { state: 'done', settledBy: '2026-11-28T12:00:00.000Z' },
    ]);
    // One at 03:00 on the 29th is in the second window only: the first storm's inspection was late.
    const later = storms.map(
      (s) => postStormStateOf(s, ['2026-11-29T03:00:00.000Z'], at('2026-11-30T00:00:00Z')).state,
    );
    expect(later).toEqual(['late', 'done']);
  });

  it('the first of several starts in the window settles it', () => {
    expect(
      postStormStateOf(
        due,
        ['2026-11-29T01:00:00.000Z', '2026-11-28T10:00:00.000Z'],
        at('2026-11-30T00:00:00Z'),
      ),
    ).toEqual({ state: 'done', settledBy: '2026-11-28T10:00:00.000Z' });
  });
});
