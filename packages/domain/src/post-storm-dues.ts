import { displayDate, localDate, localDateTime } from './local-date';
import { frequencyOn, postStormStateOf } from './permit-clock';
import { projectPermit, type ProjectPermit } from './permit-rules';

/**
 * The life of a post-storm due after the rainfall job records it (issue 23, docs/decisions/0048):
 * what its notification and its Inspections Due row say, and what a project's post-storm
 * inspections make of it (done in time, late, or missed), by the permit clock's rule
 * (postStormStateOf). Pure: the stream handler, the inspection writers and the hourly job apply it.
 */

/** A due as these rules read it (the record's fields, UTC instants). */
export interface PostStormDueFacts {
  countedAt: string;
  dueBy: string;
  kind: 'rain' | 'snowmelt';
  amountInches: number;
  windowStart: string;
  windowEnd: string;
}

/** '0.31 in of rain', '3.40 in of snow'. */
export function stormAmountText(due: Pick<PostStormDueFacts, 'kind' | 'amountInches'>): string {
  return `${due.amountInches.toFixed(2)} in of ${due.kind === 'snowmelt' ? 'snow' : 'rain'}`;
}

/** An instant in the project's zone as the product shows dates (MM-DD-YYYY, spec 000 §9) and a 24-hour time. */
export function displayDateTime(timeZone: string, instant: string): string {
  const local = localDateTime(timeZone, new Date(instant));
  return `${displayDate(local.slice(0, 10))} ${local.slice(11)}`;
}

/** The same without the year ('11-28 06:00'): the end of the rain's window, a day before the deadline. */
function displayMonthDayTime(timeZone: string, instant: string): string {
  return displayDateTime(timeZone, instant).replace(/^(\d{2}-\d{2})-\d{4}/, '$1');
}

const windowHours = (due: Pick<PostStormDueFacts, 'windowStart' | 'windowEnd'>) =>
  Math.round((Date.parse(due.windowEnd) - Date.parse(due.windowStart)) / 3_600_000);

/**
 * The notification's words (issue 23): 'Post-storm inspection due by 11-29-2026 06:00 at Alder
 * Creek: 0.31 in of rain in the 24 hours to 11-28 06:00', in the project's zone.
 */
export function postStormDueText(
  projectName: string,
  due: Omit<PostStormDueFacts, 'countedAt'>,
  timeZone: string,
) {
  return (
    `Post-storm inspection due by ${displayDateTime(timeZone, due.dueBy)} at ${projectName}: ` +
    `${stormAmountText(due)} in the ${windowHours(due)} hours to ${displayMonthDayTime(timeZone, due.windowEnd)}`
  );
}

/** The reason an Inspections Due row and the calendar give: '0.31 in of rain, 11-28 06:00'. */
export function postStormReason(due: Omit<PostStormDueFacts, 'countedAt' | 'dueBy'>, timeZone: string) {
  return `${stormAmountText(due)}, ${displayMonthDayTime(timeZone, due.windowEnd)}`;
}

/** The storm's day in the project's zone ('YYYY-MM-DD'): the compliance report counts a due on it. */
export function stormDayOf(due: Pick<PostStormDueFacts, 'countedAt'>, timeZone: string): string {
  return localDate(timeZone, new Date(due.countedAt));
}

/**
 * The UTC instant of a local wall-clock time 'YYYY-MM-DDTHH:mm' in `timeZone` (an inspection's
 * date as it records it). A time skipped by a daylight-saving change answers the instant an hour
 * on, as a clock set forward would show it.
 */
export function instantOfLocal(timeZone: string, local: string): string {
  const wanted = Date.parse(`${local.slice(0, 16)}:00.000Z`);
  let guess = wanted;
  for (let i = 0; i < 3; i++) {
    const shown = Date.parse(`${localDateTime(timeZone, new Date(guess))}:00.000Z`);
    if (shown === wanted) break;
    guess += wanted - shown;
  }
  return new Date(guess).toISOString();
}

/**
 * When a post-storm inspection was done, for the clock: its recorded date and time (what the
 * inspector certifies and the report prints) in the project's zone. A date-only record ('T00:00',
 * a form whose Inspection Date asks the day alone) made on the day it was created says nothing of
 * the hour, so the creation instant stands for it; on a later day (entered afterwards) it counts
 * from that day's start.
 */
export function inspectionStartedAt(
  inspection: { created_date: string; createdAt: string },
  timeZone: string,
): string {
  const dateOnly = inspection.created_date.length <= 10 || inspection.created_date.slice(11, 16) === '00:00';
  const sameDay =
    localDate(timeZone, new Date(inspection.createdAt)) === inspection.created_date.slice(0, 10);
  if (dateOnly && sameDay) return new Date(inspection.createdAt).toISOString();
  return instantOfLocal(
    timeZone,
    inspection.created_date.length <= 10 ? `${inspection.created_date}T00:00` : inspection.created_date,
  );
}

/** A post-storm inspection ('Post Storm' or 'Routine + Post Storm') as the clock sees it. */
export interface PostStormInspectionTime {
  inspectionId: string;
  /** When it was done: its recorded date and time in the project's zone, as a UTC instant. */
  startedAt: string;
}

export const SETTLED_POST_STORM_STATUSES = ['done', 'late', 'missed'] as const;
export type PostStormSettlement = {
  status: (typeof SETTLED_POST_STORM_STATUSES)[number];
  inspectionId: string | null;
};

/**
 * What a stored due becomes given the project's post-storm inspections and now, or null when
 * nothing changes: done in time or late with the inspection that settled it (final), missed once
 * the deadline passed with none; a missed one turns late (or done, should an inspection dated in
 * the window be entered afterwards) when one arrives.
 */
export function settlementOf(
  due: Pick<PostStormDueFacts, 'countedAt' | 'dueBy'> & { status: string },
  inspections: readonly PostStormInspectionTime[],
  now: Date,
): PostStormSettlement | null {
  if (due.status === 'done' || due.status === 'late') return null;
  const { state, settledBy } = postStormStateOf(
    due,
    inspections.map((i) => i.startedAt),
    now,
  );
  if (state === 'due') return null;
  if (state === 'missed') return due.status === 'missed' ? null : { status: 'missed', inspectionId: null };
  const inspection = inspections.find((i) => i.startedAt === settledBy);
  return { status: state, inspectionId: inspection?.inspectionId ?? null };
}

/**
 * The permit rule a printed inspection names (issue 23): the rule set and the rule in force on the
 * inspection's day, with the reduced-frequency period that made it so.
 */
export function permitRuleLine(project: { permit?: ProjectPermit | null }, date: string): string {
  const { ruleSet, frequency, reducedPeriod } = frequencyOn(projectPermit(project), date);
  const period = reducedPeriod
    ? ` (reduced frequency from ${displayDate(reducedPeriod.from)}${reducedPeriod.to ? ` to ${displayDate(reducedPeriod.to)}` : ''})`
    : '';
  return `${ruleSet.name}: ${frequency.citation}${period}`;
}

/**
 * The rainfall a post-storm inspection answered, as its printed report names it: '0.31 in of rain
 * in the 24 hours to 11-28-2026 06:00 (open-meteo, grid cell 38.6|-121.5); due by 11-29-2026
 * 06:00, done in time'.
 */
export function triggeringRainfallLine(
  due: Omit<PostStormDueFacts, 'countedAt'> & { source: string; cell: string; status: string },
  timeZone: string,
): string {
  const settled = due.status === 'late' ? 'done late' : 'done in time';
  return (
    `${stormAmountText(due)} in the ${windowHours(due)} hours to ${displayDateTime(timeZone, due.windowEnd)} ` +
    `(${due.source}, grid cell ${due.cell}); due by ${displayDateTime(timeZone, due.dueBy)}, ${settled}`
  );
}
