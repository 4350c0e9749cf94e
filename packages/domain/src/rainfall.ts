/**
 * Rainfall at the site (issue 23, docs/decisions/0047): the grid cell a site's rain is read and
 * kept under, and the UTC hours the hourly rainfall job reads. Hours travel as 'YYYY-MM-DDTHH'
 * (the hour's start, UTC, 13 characters), the shape the permit clock's RainHour uses.
 */

/**
 * A cell is 0.1° on each side: Open-Meteo's models are gridded at about that (its best global
 * model at ~11 km, the regional ones finer), so every project within one cell reads the same
 * rain, and one request serves them all.
 */
export const RAINFALL_CELL_DEGREES = 0.1;

/** How far back a run reads, at most: a project that fell further behind restarts there. */
export const RAINFALL_LOOKBACK_HOURS = 72;

/** A coordinate to one decimal, without a negative zero: '-121.5', '0'. */
function tenths(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return String(rounded === 0 ? 0 : rounded);
}

/**
 * The grid cell of a site, '38.6|-121.5': its coordinates rounded to 0.1°. A longitude that
 * rounds to -180 is the same meridian as 180 and is written 180.
 */
export function rainfallCell(latitude: number, longitude: number): string {
  const lon = tenths(longitude) === '-180' ? '180' : tenths(longitude);
  return `${tenths(latitude)}|${lon}`;
}

/** The point a cell's rain is asked for: its rounded coordinates, as written. */
export function cellPoint(cell: string): { latitude: string; longitude: string } {
  const [latitude, longitude] = cell.split('|');
  if (latitude === undefined || longitude === undefined || cell.split('|').length !== 2) {
    throw new Error(`Not a rainfall cell: ${cell}`);
  }
  return { latitude, longitude };
}

/** Whether a site's coordinates can place it in a cell (a site saved with 0,0 has none). */
export function hasCoordinates(address: { latitude: number; longitude: number }): boolean {
  const { latitude, longitude } = address;
  return (
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180 &&
    !(latitude === 0 && longitude === 0)
  );
}

const HOUR = /^\d{4}-\d{2}-\d{2}T\d{2}$/;
const HOUR_MS = 60 * 60 * 1000;

export function isRainHour(value: string): boolean {
  return HOUR.test(value) && !Number.isNaN(Date.parse(`${value}:00:00Z`));
}

/** The UTC hour an instant falls in, 'YYYY-MM-DDTHH'. */
export function utcHourOf(instant: Date): string {
  return instant.toISOString().slice(0, 13);
}

/** The instant an hour starts. */
export function hourStart(hour: string): Date {
  return new Date(`${hour}:00:00.000Z`);
}

/** The instant an hour ends, as an ISO string ('…T06' ends at '…T07:00:00.000Z'). */
export function hourEnd(hour: string): string {
  return new Date(hourStart(hour).getTime() + HOUR_MS).toISOString();
}

/** The hour `n` hours after `hour` (before it, for a negative n). */
export function addHours(hour: string, n: number): string {
  return utcHourOf(new Date(hourStart(hour).getTime() + n * HOUR_MS));
}

/** Every hour from `from` to `to`, both kept, in order; none when `from` is after `to`. */
export function hoursFrom(from: string, to: string): string[] {
  const hours: string[] = [];
  for (let t = hourStart(from).getTime(); t <= hourStart(to).getTime(); t += HOUR_MS) {
    hours.push(utcHourOf(new Date(t)));
  }
  return hours;
}

/** The last hour that has ended at `now`: the job reads no further (the current hour is not over). */
export function lastCompleteHour(now: Date): string {
  return addHours(utcHourOf(now), -1);
}

/**
 * What one run reads for a cell: from the hour after the furthest-behind clock of its projects,
 * but no more than RAINFALL_LOOKBACK_HOURS back, to the last complete hour; null when every clock
 * is up to date. `checkedThrough` are the clocks' last hours fed.
 */
export function hoursToRead(
  checkedThrough: readonly string[],
  now: Date,
): { from: string; to: string } | null {
  const to = lastCompleteHour(now);
  const earliestAllowed = addHours(to, -(RAINFALL_LOOKBACK_HOURS - 1));
  if (checkedThrough.length === 0) return null;
  const behind = checkedThrough.reduce((a, b) => (b < a ? b : a));
  const wanted = addHours(behind, 1);
  const from = wanted < earliestAllowed ? earliestAllowed : wanted;
  return from <= to ? { from, to } : null;
}
