import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  advanceStormClock,
  NEW_STORM_CLOCK,
  postStormStateOf,
  stormsOf,
  type CountedStorm,
  type RainHour,
  type StormClock,
  MEASURABLE_INCHES,
} from './permit-clock';
import { DRY_HOURS_ENDING_A_STORM, PERMIT_RULE_SETS } from './permit-rules';

/**
 * Issue 23: "for any sequence of hourly rainfall and inspections, the due dates computed
 * incrementally by the hourly job equal the ones recomputed from the whole record". The hourly
 * job sees the record in chunks (one hour an hour, a catch-up of many after an outage, a retry
 * that feeds hours again) and stores its clock as JSON between them.
 */

const CGP_STORM = PERMIT_RULE_SETS['cgp-2022'].frequencies[1]!.storm!; // 'threshold'
const TXR_STORM = PERMIT_RULE_SETS['txr150000-2023'].frequencies[1]!.storm!; // 'storm-end'
const HOUR_MS = 3_600_000;
// Two weeks across the spring-forward change in America/New_York (2026-03-08).
const FIRST_HOUR_MS = Date.parse('2026-03-01T00:00:00.000Z');

const thousandths = (max: number) => fc.integer({ min: 0, max }).map((n) => n / 1000);
const hour = (rain: fc.Arbitrary<number>, snow: fc.Arbitrary<number> = fc.constant(0)) =>
  fc.record({ rain, snow });

/**
 * Weather as spells: dry ones (long enough, often enough, for a Texas storm to end), showers with
 * traces and gaps, rainstorms, and now and then a snowstorm.
 */
const spell = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .integer({ min: 1, max: 48 })
      .map((n) => Array.from({ length: n }, () => ({ rain: 0, snow: 0 }))),
  },
  {
    weight: 3,
    arbitrary: fc.array(hour(fc.oneof(fc.constant(0), thousandths(40))), { minLength: 1, maxLength: 12 }),
  },
  { weight: 3, arbitrary: fc.array(hour(thousandths(300)), { minLength: 1, maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc.array(hour(thousandths(20), thousandths(900)), { minLength: 1, maxLength: 24 }),
  },
);

const record = fc.array(spell, { minLength: 1, maxLength: 20 }).map((spells): RainHour[] =>
  spells
    .flat()
    .slice(0, 320)
    .map(({ rain, snow }, i) => ({
      hour: new Date(FIRST_HOUR_MS + i * HOUR_MS).toISOString().slice(0, 13),
      rainInches: rain,
      snowInches: snow,
    })),
);

/** Each run: how many new hours it feeds (0 for a run that found none) and how many before them it feeds again. */
const runs = fc.array(fc.record({ length: fc.nat({ max: 40 }), refeed: fc.nat({ max: 30 }) }), {
  maxLength: 30,
});

/** Post-storm inspections started at any minute from the first hour to two days after the last. */
const startedAts = (hours: number) =>
  fc
    .array(fc.integer({ min: 0, max: (hours + 48) * 60 }), { maxLength: 12 })
    .map((minutes) => minutes.map((m) => new Date(FIRST_HOUR_MS + m * 60_000).toISOString()));

/** Measurable rain (snow, for snowmelt) in the hour: it keeps a storm event going. */
const isWet = (h: RainHour, kind: CountedStorm['kind']): boolean =>
  (kind === 'rain' ? h.rainInches : h.snowInches) >= MEASURABLE_INCHES[kind];

/** The record as the hourly runs see it; a last run catches up whatever the others left. */
function chunked(hours: RainHour[], shape: { length: number; refeed: number }[]): RainHour[][] {
  let start = 0;
  const chunks = shape.map(({ length, refeed }) => {
    const end = Math.min(hours.length, start + length);
    const chunk = hours.slice(Math.max(0, start - refeed), end);
    start = end;
    return chunk;
  });
  return [...chunks, hours.slice(start)];
}

describe('the storm clock run hour by hour equals the whole record at once (fast-check)', () => {
  it.each([
    ['CGP 4.2.2, due 24 hours from the threshold', CGP_STORM],
    ['TXR150000 III.F.6(a), due 24 hours from the storm end', TXR_STORM],
  ])('%s: the same storms, deadlines and states', (_name, trigger) => {
    fc.assert(
      fc.property(
        record.chain((hours) =>
          fc.tuple(fc.constant(hours), runs, startedAts(hours.length), fc.nat({ max: 72 })),
        ),
        ([hours, cuts, started, hoursAfter]) => {
          let clock: StormClock = NEW_STORM_CLOCK;
          const incremental: CountedStorm[] = [];
          for (const chunk of chunked(hours, cuts)) {
            const run = advanceStormClock(trigger, clock, chunk);
            incremental.push(...run.storms);
            clock = JSON.parse(JSON.stringify(run.clock)) as StormClock; // stored on the project record
          }
          const whole = stormsOf(trigger, hours);
          expect(incremental).toEqual(whole);
          expect(clock.checkedThrough).toBe(hours.at(-1)!.hour);

          const now = new Date(FIRST_HOUR_MS + (hours.length + hoursAfter) * HOUR_MS);
          const states = (storms: CountedStorm[]) => storms.map((s) => postStormStateOf(s, started, now));
          expect(states(incremental)).toEqual(states(whole));
        },
      ),
      { numRuns: 250 },
    );
  });

  it.each([
    ['CGP 4.2.2', CGP_STORM],
    ['TXR150000', TXR_STORM],
  ])(
    "%s: every storm is its window's rain, reached the threshold, no hour of it counts toward another, and one event is one due",
    (_name, trigger) => {
      fc.assert(
        fc.property(record, (hours) => {
          const storms = stormsOf(trigger, hours);
          const lastOfKind = new Map<string, CountedStorm>();
          for (const storm of storms) {
            const from = Date.parse(storm.windowStart);
            const to = Date.parse(storm.windowEnd);
            expect(storm.windowEnd).toBe(storm.countedAt);
            expect(to - from).toBeGreaterThan(0);
            expect(to - from).toBeLessThanOrEqual(trigger.windowHours * HOUR_MS);

            // The amount is the window's own rain (snow), summed here from the record.
            const inWindow = hours.filter((h) => {
              const ms = Date.parse(`${h.hour}:00:00.000Z`);
              return ms >= from && ms < to;
            });
            const sum = inWindow.reduce(
              (s, h) => s + Math.round((storm.kind === 'rain' ? h.rainInches : h.snowInches) * 1000),
              0,
            );
            expect(Math.round(storm.amountInches * 1000)).toBe(sum);
            const threshold = storm.kind === 'rain' ? trigger.rainInches : trigger.snowInches!;
            expect(storm.amountInches).toBeGreaterThanOrEqual(threshold);

            const dueAfter = Date.parse(storm.dueBy) - to;
            if (trigger.dueFrom === 'threshold') expect(dueAfter).toBe(trigger.dueWithinHours * HOUR_MS);
            else expect(dueAfter).toBeGreaterThanOrEqual(trigger.dueWithinHours * HOUR_MS);

            const previous = lastOfKind.get(storm.kind);
            if (previous) {
              // One storm event is one due (ADR 0046): between the last wet hour that went into
              // the first storm and the hour that counted the second there are DRY_HOURS_ENDING_A_STORM
              // dry hours in a row (the first's event ended), unless (CGP only) the same event was
              // counted again a full window later.
              const sameEventAgain =
                trigger.dueFrom === 'threshold' &&
                Date.parse(storm.countedAt) - Date.parse(previous.countedAt) >= trigger.windowHours * HOUR_MS;
              if (!sameEventAgain) {
                const wetBefore = hours.filter(
                  (h) =>
                    Date.parse(`${h.hour}:00:00.000Z`) < Date.parse(previous.countedAt) &&
                    isWet(h, storm.kind),
                );
                // The first storm's event goes on from its last wet hour before the count until
                // DRY_HOURS_ENDING_A_STORM dry hours in a row, which must come before the second
                // storm; and all its rain is spent, so the second storm's window starts after it.
                let eventLastWet = Date.parse(`${wetBefore.at(-1)!.hour}:00:00.000Z`);
                let dryRun = 0;
                for (const h of hours) {
                  const ms = Date.parse(`${h.hour}:00:00.000Z`);
                  if (ms <= eventLastWet || ms >= to) continue;
                  if (isWet(h, storm.kind)) {
                    eventLastWet = ms;
                    dryRun = 0;
                  } else if (++dryRun >= DRY_HOURS_ENDING_A_STORM) break;
                }
                expect(dryRun).toBeGreaterThanOrEqual(DRY_HOURS_ENDING_A_STORM);
                expect(from).toBeGreaterThan(eventLastWet);
              }
              // Threshold: the next window starts after the counted hour; storm end: after the storm's last wet hour.
              const previousSpentThrough =
                trigger.dueFrom === 'threshold'
                  ? Date.parse(previous.windowEnd)
                  : Date.parse(previous.dueBy) - trigger.dueWithinHours * HOUR_MS;
              expect(from).toBeGreaterThanOrEqual(previousSpentThrough);
            }
            lastOfKind.set(storm.kind, storm);
          }
        }),
        { numRuns: 250 },
      );
    },
  );
});
