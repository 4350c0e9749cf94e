import { addDays, isIsoDate } from './local-date';
import {
  DRY_HOURS_ENDING_A_STORM,
  FIRST_MONTH_DAYS,
  PERMIT_RULE_SETS,
  type InspectionFrequency,
  type PermitRuleSet,
  type ProjectPermit,
  type ReducedPeriod,
  type StormTrigger,
} from './permit-rules';

/**
 * The permit clock (issue 23, docs/decisions/0046): which of a permit's rules applies on a day,
 * when the next routine inspection falls due, which hours of rain at the site count as a storm and
 * by when its post-storm inspection is due, and whether it was done in time. Pure: the hourly job
 * feeds it the rain it read and stores the clock it answers; pages and reports ask it the state.
 */

// ---------------------------------------------------------------------------------------------
// Routine inspections
// ---------------------------------------------------------------------------------------------

function checkedDate(date: string): string {
  if (!isIsoDate(date)) throw new Error(`'${date}' is not a date written 'YYYY-MM-DD'`);
  return date;
}

function covers(period: ReducedPeriod, date: string): boolean {
  return period.from <= date && (period.to === null || date <= period.to);
}

/** The chosen frequency of a rule set; an id it does not have is a bug upstream, not a default. */
function chosenFrequency(ruleSet: PermitRuleSet, frequencyId: string | null): InspectionFrequency {
  if (frequencyId === null) return ruleSet.frequencies[0]!;
  const frequency = ruleSet.frequencies.find((f) => f.id === frequencyId);
  if (!frequency) throw new Error(`${ruleSet.name} has no inspection frequency '${frequencyId}'`);
  return frequency;
}

/**
 * The effective rule on a local date 'YYYY-MM-DD': a reduced period covering the date wins over
 * sensitive waters, which wins over the chosen frequency (frequencyId null: the rule set's first).
 * Of two reduced periods covering the date, the one that began later wins (it is the site's newer
 * condition: ground that froze after it was stabilized); a period of a kind the rule set does not
 * allow (TXR150000 has no frozen periods) is ignored.
 */
export function frequencyOn(
  permit: ProjectPermit,
  date: string,
): { ruleSet: PermitRuleSet; frequency: InspectionFrequency; reducedPeriod: ReducedPeriod | null } {
  checkedDate(date);
  const ruleSet = PERMIT_RULE_SETS[permit.ruleSetId] as PermitRuleSet | undefined;
  if (!ruleSet) throw new Error(`No permit rule set '${permit.ruleSetId}'`);
  let reducedPeriod: ReducedPeriod | null = null;
  for (const period of permit.reducedPeriods) {
    if (!ruleSet.reduced[period.kind] || !covers(period, date)) continue;
    if (!reducedPeriod || period.from >= reducedPeriod.from) reducedPeriod = period;
  }
  if (reducedPeriod) return { ruleSet, frequency: ruleSet.reduced[reducedPeriod.kind]!, reducedPeriod };
  if (permit.sensitiveWaters && ruleSet.sensitiveWaters) {
    return { ruleSet, frequency: ruleSet.sensitiveWaters, reducedPeriod: null };
  }
  return { ruleSet, frequency: chosenFrequency(ruleSet, permit.frequencyId), reducedPeriod: null };
}

/**
 * Days between routine inspections on `date`: the frequency's, the project's own interval for
 * 'project', null while suspended (frozen, work suspended). In a reduced period's first month the
 * frequency's `firstMonthRoutineDays` (CGP 4.4.1's 14) applies.
 */
export function routineDaysOn(
  permit: ProjectPermit,
  projectRoutineInterval: number,
  date: string,
): number | null {
  const { frequency, reducedPeriod } = frequencyOn(permit, date);
  if (frequency.routineDays === null) return null;
  if (frequency.routineDays === 'project') {
    if (!Number.isInteger(projectRoutineInterval) || projectRoutineInterval < 1) {
      throw new Error(
        `A routine interval is a whole number of days, at least 1 (not ${projectRoutineInterval})`,
      );
    }
    return projectRoutineInterval;
  }
  if (
    reducedPeriod &&
    frequency.firstMonthRoutineDays !== undefined &&
    date < addDays(reducedPeriod.from, FIRST_MONTH_DAYS)
  ) {
    return frequency.firstMonthRoutineDays;
  }
  return frequency.routineDays;
}

/**
 * The next routine due date after a routine inspection on `lastRoutineDate` (local dates): the
 * first day D after it on which routine inspections are not suspended and the days since the last
 * one reach the frequency in force on D. So a reduced period that begins stretches the wait (7 to
 * 30 days), one that ends makes the inspection due at once if the standard frequency has already
 * run out, and after a suspension (frozen, work suspended) the inspection is due on the first day
 * after it when the interval ran out meanwhile. Null while suspended with no end date.
 *
 * The rule only changes where a period begins, ends or leaves its first month, so the walk goes
 * from one such day to the next instead of day by day.
 */
export function nextRoutineDue(
  permit: ProjectPermit,
  projectRoutineInterval: number,
  lastRoutineDate: string,
): string | null {
  const first = addDays(checkedDate(lastRoutineDate), 1);
  const changes = new Set<string>();
  for (const period of permit.reducedPeriods) {
    changes.add(period.from);
    changes.add(addDays(period.from, FIRST_MONTH_DAYS));
    if (period.to !== null) changes.add(addDays(period.to, 1));
  }
  const starts = [first, ...[...changes].filter((day) => day > first).sort()];
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i]!;
    const end = starts[i + 1] ?? null; // the next change, exclusive; null: the rule holds for good
    const days = routineDaysOn(permit, projectRoutineInterval, start);
    if (days === null) continue;
    const due = addDays(lastRoutineDate, days);
    const candidate = due > start ? due : start;
    if (end === null || candidate < end) return candidate;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Storms
// ---------------------------------------------------------------------------------------------

/** One hour of rain at a grid cell: `hour` is the UTC hour's start 'YYYY-MM-DDTHH' (13 chars). */
export interface RainHour {
  hour: string;
  rainInches: number;
  snowInches: number;
}

/** A storm counted under a trigger: instants are UTC ISO strings ('2026-11-28T06:00:00.000Z'). */
export interface CountedStorm {
  /** End of the hour at which the rolling total reached the threshold. */
  countedAt: string;
  /** countedAt (or the storm's end, for dueFrom 'storm-end') + dueWithinHours. */
  dueBy: string;
  kind: 'rain' | 'snowmelt';
  /** The rolling window's total when counted (rain, or snow for snowmelt). */
  amountInches: number;
  /** The window that reached it: the start of its first hour and the end of its last (=== countedAt). */
  windowStart: string;
  windowEnd: string;
}

/** A 'storm-end' storm that has reached its threshold and whose end is not known yet. */
export interface StormAwaitingEnd extends Omit<CountedStorm, 'dueBy'> {
  /** The last wet hour so far ('YYYY-MM-DDTHH'); the storm ends once DRY_HOURS_ENDING_A_STORM dry ones follow it. */
  lastWetHour: string;
}

/**
 * The storm event of one kind going on (docs/decisions/0046): a run of wet hours (at least
 * MEASURABLE_INCHES) with fewer than DRY_HOURS_ENDING_A_STORM dry hours between any two of them.
 * One event is one "occurrence of a storm event" (CGP 4.2.2), so it makes one post-storm due, not
 * one each time its rain reaches the threshold again.
 */
export interface StormEvent {
  /** Its last wet hour so far ('YYYY-MM-DDTHH'); the event ends once DRY_HOURS_ENDING_A_STORM dry hours follow it. */
  lastWetHour: string;
  /**
   * The hour at whose end it was last counted, null while it has not reached the threshold. A
   * 'threshold' trigger counts the same event again only windowHours after this, with rain that
   * fell after it; a 'storm-end' trigger never counts it again. When a counted event ends, all its
   * rain is spent (countedThrough moves to its end), so none of it counts toward the next storm.
   */
  lastCountedHour: string | null;
}

/** JSON-serializable: stored on the project record between hourly runs. */
export interface StormClock {
  /** The last hour fed, 'YYYY-MM-DDTHH'. */
  checkedThrough: string | null;
  /** The last hours fed, oldest first, at most the trigger's windowHours of them. */
  recentHours: RainHour[];
  /**
   * Per kind, the last hour whose rain (snow) is spent on a counted storm: the rolling total counts
   * only the hours after it. It moves to the hour a storm is counted and, when a counted event
   * ends, to the event's last wet hour. Rain of an event that was never counted is not spent: it
   * may make a storm with the next event's (CGP 4.2.2's 'multiple, smaller storms').
   */
  countedThrough: { rain: string | null; snowmelt: string | null };
  /** 'storm-end' triggers: storms past their threshold, waiting for their end (one per kind at most). */
  awaitingEnd: StormAwaitingEnd[];
  /**
   * Per kind, the storm event going on after checkedThrough, or null between events. Optional: a
   * clock stored by the job before events were kept has none, and its events are worked out from
   * its recentHours and countedThrough when it is read (see eventFromRecentHours).
   */
  events?: { rain: StormEvent | null; snowmelt: StormEvent | null };
}

/** The clock of a project that has seen no rain yet (frozen: advanceStormClock copies what it is given). */
export const NEW_STORM_CLOCK: StormClock = Object.freeze({
  checkedThrough: null,
  recentHours: Object.freeze([]) as unknown as RainHour[],
  countedThrough: Object.freeze({ rain: null, snowmelt: null }),
  awaitingEnd: Object.freeze([]) as unknown as StormAwaitingEnd[],
  events: Object.freeze({ rain: null, snowmelt: null }),
});

/**
 * The least rain (snow) an hour must have to be wet for a storm's end: the US National Weather
 * Service's measurable amounts, 0.01 in of rain and 0.1 in of snow; a trace below them is dry.
 */
export const MEASURABLE_INCHES = { rain: 0.01, snowmelt: 0.1 } as const;

const HOUR = /^\d{4}-\d{2}-\d{2}T\d{2}$/;
const HOUR_MS = 3_600_000;

function hourStart(hour: string): number {
  const ms = HOUR.test(hour) ? Date.parse(`${hour}:00:00.000Z`) : NaN;
  // Date.parse takes '2026-02-30T24' for March 3rd; a real hour reads back as itself.
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 13) !== hour)
    throw new Error(`'${hour}' is not a UTC hour written 'YYYY-MM-DDTHH'`);
  return ms;
}

const hourAfter = (hour: string): string => new Date(hourStart(hour) + HOUR_MS).toISOString().slice(0, 13);
const endOfHour = (hour: string, plusHours = 0): string =>
  new Date(hourStart(hour) + (1 + plusHours) * HOUR_MS).toISOString();
const hoursFrom = (from: string, to: string): number => (hourStart(to) - hourStart(from)) / HOUR_MS;

// Sums in thousandths of an inch, so 0.1 + 0.15 reaches 0.25 (in floating point it may not).
const milli = (inches: number): number => Math.round(inches * 1000);

type Kind = CountedStorm['kind'];
const amountOf = (hour: RainHour, kind: Kind): number =>
  kind === 'rain' ? hour.rainInches : hour.snowInches;

function kindsOf(trigger: StormTrigger): { kind: Kind; threshold: number }[] {
  const kinds: { kind: Kind; threshold: number }[] = [{ kind: 'rain', threshold: trigger.rainInches }];
  if (trigger.snowInches !== null) kinds.push({ kind: 'snowmelt', threshold: trigger.snowInches });
  return kinds;
}

function checkedHour(hour: RainHour): RainHour {
  hourStart(hour.hour);
  for (const amount of [hour.rainInches, hour.snowInches]) {
    if (!Number.isFinite(amount) || amount < 0) {
      throw new Error(`Rain at ${hour.hour} is not a number of inches, 0 or more: ${amount}`);
    }
  }
  return { hour: hour.hour, rainInches: hour.rainInches, snowInches: hour.snowInches };
}

type Events = NonNullable<StormClock['events']>;

/**
 * Feeds one hour (the one after clock.checkedThrough) into a clock the caller owns (with events).
 * Per kind: the hour extends, starts or (the DRY_HOURS_ENDING_A_STORM-th dry hour) ends the event;
 * a 'storm-end' storm awaiting its end is pushed once the event ends; otherwise, while an event
 * goes on, it is counted when the rolling total of the rain not yet spent reaches the threshold:
 * once, and for a 'threshold' trigger again only after a further full window with the threshold's
 * rain since.
 */
function feedHour(trigger: StormTrigger, clock: StormClock, hour: RainHour, storms: CountedStorm[]): void {
  clock.recentHours.push(hour);
  if (clock.recentHours.length > trigger.windowHours) clock.recentHours.shift();
  clock.checkedThrough = hour.hour;
  const events = clock.events as Events;

  for (const { kind, threshold } of kindsOf(trigger)) {
    const wet = amountOf(hour, kind) >= MEASURABLE_INCHES[kind];
    let event = events[kind];
    if (wet) {
      // Hours are fed in order and an event ends on its 6th dry hour, so an event still open is this one.
      if (event) event.lastWetHour = hour.hour;
      else event = events[kind] = { lastWetHour: hour.hour, lastCountedHour: null };
    } else if (event && hoursFrom(event.lastWetHour, hour.hour) >= DRY_HOURS_ENDING_A_STORM) {
      // A counted event's rain, after its count as well, was its storm's: none of it counts toward the next.
      const counted = event.lastCountedHour;
      if (counted !== null) {
        const spent = counted > event.lastWetHour ? counted : event.lastWetHour;
        const since = clock.countedThrough[kind];
        if (since === null || spent > since) clock.countedThrough[kind] = spent;
      }
      event = events[kind] = null;
    }

    const awaiting = clock.awaitingEnd.find((storm) => storm.kind === kind);
    if (awaiting) {
      if (wet) awaiting.lastWetHour = hour.hour;
      if (event) continue;
      // The storm has ended: its post-storm inspection is due from the end of its last wet hour,
      // and all its rain, to that hour, is spent.
      const { lastWetHour, ...storm } = awaiting;
      storms.push({ ...storm, dueBy: endOfHour(lastWetHour, trigger.dueWithinHours) });
      clock.countedThrough[kind] = lastWetHour;
      clock.awaitingEnd = clock.awaitingEnd.filter((s) => s !== awaiting);
      continue;
    }
    if (!event) continue;

    const last = event.lastCountedHour;
    if (last !== null) {
      if (trigger.dueFrom === 'storm-end') continue; // one count per event
      if (hoursFrom(last, hour.hour) < trigger.windowHours) continue; // not a further full window yet
    }
    const since = clock.countedThrough[kind];
    const window = clock.recentHours.filter(
      (h) => (since === null || h.hour > since) && hoursFrom(h.hour, hour.hour) < trigger.windowHours,
    );
    const total = window.reduce((sum, h) => sum + milli(amountOf(h, kind)), 0);
    if (total < milli(threshold)) continue;

    const countedAt = endOfHour(hour.hour);
    const storm = {
      countedAt,
      kind,
      amountInches: total / 1000,
      windowStart: `${window[0]!.hour}:00:00.000Z`,
      windowEnd: countedAt,
    };
    event.lastCountedHour = hour.hour;
    clock.countedThrough[kind] = hour.hour;
    if (trigger.dueFrom === 'threshold') {
      storms.push({ ...storm, dueBy: endOfHour(hour.hour, trigger.dueWithinHours) });
    } else {
      clock.awaitingEnd.push({ ...storm, lastWetHour: hour.hour });
    }
  }
}

/**
 * The event of a kind going on after clock.checkedThrough, worked out from the hours the clock
 * keeps, for a clock stored before events were (it has none): the wet hours back from the last one
 * with fewer than DRY_HOURS_ENDING_A_STORM dry hours between, none if that many dry hours followed
 * the last. Counted at countedThrough if that falls within those hours, so a storm counted by the
 * old clock is not counted again by the new one. Of an event longer than the kept hours only they
 * are seen, so a count before them is not: that changes nothing about recounting (a full window
 * has passed since), only that the rain of that event after its count is not spent at its end.
 */
function eventFromRecentHours(clock: StormClock, kind: Kind): StormEvent | null {
  const wetHours = clock.recentHours
    .filter((h) => amountOf(h, kind) >= MEASURABLE_INCHES[kind])
    .map((h) => h.hour);
  const lastWetHour = wetHours.at(-1);
  if (lastWetHour === undefined || clock.checkedThrough === null) return null;
  if (hoursFrom(lastWetHour, clock.checkedThrough) >= DRY_HOURS_ENDING_A_STORM) return null;
  let firstWetHour = lastWetHour;
  for (let i = wetHours.length - 2; i >= 0; i--) {
    if (hoursFrom(wetHours[i]!, firstWetHour) > DRY_HOURS_ENDING_A_STORM) break;
    firstWetHour = wetHours[i]!;
  }
  const counted = clock.countedThrough[kind];
  return {
    lastWetHour,
    lastCountedHour: counted !== null && counted >= firstWetHour ? counted : null,
  };
}

/**
 * A deep copy, so the clock handed in (perhaps NEW_STORM_CLOCK, perhaps the stored one) is never
 * changed; a clock stored without events gets them here.
 */
function copyOf(clock: StormClock): StormClock {
  return {
    checkedThrough: clock.checkedThrough,
    recentHours: clock.recentHours.map((h) => ({ ...h })),
    countedThrough: { ...clock.countedThrough },
    awaitingEnd: clock.awaitingEnd.map((s) => ({ ...s })),
    events: clock.events
      ? {
          rain: clock.events.rain ? { ...clock.events.rain } : null,
          snowmelt: clock.events.snowmelt ? { ...clock.events.snowmelt } : null,
        }
      : { rain: eventFromRecentHours(clock, 'rain'), snowmelt: eventFromRecentHours(clock, 'snowmelt') },
  };
}

/**
 * Feeds the hours after clock.checkedThrough (in order, contiguous; hours at or before it are
 * ignored, a gap throws); answers the storms counted by them and the clock to store. A run that
 * sees the same hours again (a retry, an overlapping catch-up) counts nothing twice.
 */
export function advanceStormClock(
  trigger: StormTrigger,
  clock: StormClock,
  hours: readonly RainHour[],
): { storms: CountedStorm[]; clock: StormClock } {
  const next = copyOf(clock);
  const storms: CountedStorm[] = [];
  for (const given of hours) {
    const hour = checkedHour(given);
    if (next.checkedThrough !== null && hour.hour <= next.checkedThrough) continue;
    if (next.checkedThrough !== null && hour.hour !== hourAfter(next.checkedThrough)) {
      throw new Error(
        `Rain hours must follow on: ${hourAfter(next.checkedThrough)} is next, not ${hour.hour}`,
      );
    }
    feedHour(trigger, next, hour, storms);
  }
  return { storms, clock: next };
}

/** The whole record at once (what the property compares the incremental runs with). */
export function stormsOf(trigger: StormTrigger, hours: readonly RainHour[]): CountedStorm[] {
  return advanceStormClock(trigger, NEW_STORM_CLOCK, hours).storms;
}

// ---------------------------------------------------------------------------------------------
// Post-storm inspections
// ---------------------------------------------------------------------------------------------

/** A post-storm inspection started at `startedAt` (UTC ISO): 'Post Storm' or 'Routine + Post Storm'. */
export type PostStormState = 'due' | 'done' | 'missed' | 'late';

/**
 * What a due is, given the post-storm inspections of the project and now: done by the first one
 * started from countedAt to dueBy (one started during the storm after it was counted counts; one
 * before it reached the threshold does not); once dueBy has passed, late by the first one started
 * after it, missed with none. One inspection settles every due whose window it falls in. Starts
 * after `now` are not known yet and are ignored.
 */
export function postStormStateOf(
  due: Pick<CountedStorm, 'countedAt' | 'dueBy'>,
  postStormInspectionsStartedAt: readonly string[],
  now: Date,
): { state: PostStormState; settledBy: string | null } {
  const countedAt = Date.parse(due.countedAt);
  const dueBy = Date.parse(due.dueBy);
  const nowMs = now.getTime();
  const started = postStormInspectionsStartedAt
    .map((at) => {
      const ms = Date.parse(at);
      if (Number.isNaN(ms)) throw new Error(`'${at}' is not a UTC instant`);
      return { at, ms };
    })
    .filter(({ ms }) => ms <= nowMs)
    .sort((a, b) => a.ms - b.ms);
  const inTime = started.find(({ ms }) => ms >= countedAt && ms <= dueBy);
  if (inTime) return { state: 'done', settledBy: inTime.at };
  if (nowMs <= dueBy) return { state: 'due', settledBy: null };
  const late = started.find(({ ms }) => ms > dueBy);
  return late ? { state: 'late', settledBy: late.at } : { state: 'missed', settledBy: null };
}
