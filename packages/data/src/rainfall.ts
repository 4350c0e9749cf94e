import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { RainHour, StormClock } from '@stormline/domain/permit-clock';
import { hourStart } from '@stormline/domain/rainfall';
import { batchGet } from './batch-get';
import type { Db } from './dynamo';
import { projectKeys } from './projects';
import type { RainfallSource } from './post-storm-dues';

/**
 * Rainfall at the site (issue 23, docs/decisions/0047). A grid cell's rain is the same for every
 * division (it is the weather, not a customer's record), so its items carry no division:
 *
 * - `RAINCELL#<cell> / DAY#<yyyy-mm-dd>`: that UTC day's hours as read, one attribute an hour
 *   (`h05: { rain, snow, source }`), so a run adds its hours to the day with one UpdateItem
 *   whatever it held before;
 * - `RAINCELL#<cell> / STATE`: how far the cell was read (`readThrough`), and each hour that could
 *   not be read, with when and why (`unread`), until a later run reads it.
 *
 * - `DIVISION#<d>#PROJECT#<p> / STORMCLOCK`: the project's StormClock (`clock`), in its partition
 *   but an item of its own in no index: replacing it hourly costs its own size once, not the
 *   project item's in the table and both indexes, and leaves the project's version alone. It is
 *   only replaced on the condition that it is still the one the run read, so two runs at once
 *   never feed the same hours twice.
 */

export const RAIN_CELL_PREFIX = 'RAINCELL#';

export const rainfallKeys = {
  day: (cell: string, date: string) => ({ pk: `${RAIN_CELL_PREFIX}${cell}`, sk: `DAY#${date}` }),
  state: (cell: string) => ({ pk: `${RAIN_CELL_PREFIX}${cell}`, sk: 'STATE' }),
};

/** Why an hour of a cell could not be read, and when that was last tried. */
export interface UnreadHour {
  at: string;
  reason: string;
}

export interface RainCellState {
  cell: string;
  /** The last hour read and kept, 'YYYY-MM-DDTHH', or null before the first. */
  readThrough: string | null;
  /** The hours not read yet, by hour. */
  unread: Record<string, UnreadHour>;
}

export interface StoredRainHour extends RainHour {
  source: RainfallSource;
}

/** The cell's read state; a cell never read has none. */
export async function getRainCellState(db: Db, cell: string): Promise<RainCellState> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: rainfallKeys.state(cell) }),
  );
  return {
    cell,
    readThrough: (Item?.readThrough as string | undefined) ?? null,
    unread: (Item?.unread as Record<string, UnreadHour> | undefined) ?? {},
  };
}

/** Keeps the hours read (each day's in one write) and moves the cell's state past them. */
export async function storeRainHours(
  db: Db,
  cell: string,
  hours: readonly RainHour[],
  source: RainfallSource,
  now: Date,
): Promise<void> {
  if (hours.length === 0) return;
  const byDay = new Map<string, RainHour[]>();
  for (const hour of hours) {
    const date = hour.hour.slice(0, 10);
    byDay.set(date, [...(byDay.get(date) ?? []), hour]);
  }
  await Promise.all(
    [...byDay].map(([date, dayHours]) => {
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = { ':type': 'RainCellDay', ':cell': cell, ':date': date };
      const sets = dayHours.map((h, i) => {
        names[`#h${i}`] = `h${h.hour.slice(11, 13)}`;
        values[`:h${i}`] = { rain: h.rainInches, snow: h.snowInches, source };
        return `#h${i} = :h${i}`;
      });
      return db.doc.send(
        new UpdateCommand({
          TableName: db.tableName,
          Key: rainfallKeys.day(cell, date),
          UpdateExpression: `SET #type = :type, cell = :cell, #date = :date, ${sets.join(', ')}`,
          ExpressionAttributeNames: { '#type': 'type', '#date': 'date', ...names },
          ExpressionAttributeValues: values,
        }),
      );
    }),
  );
  const last = hours[hours.length - 1]!.hour;
  await markRead(
    db,
    cell,
    last,
    hours.map((h) => h.hour),
    now,
  );
}

/** The state after `hours` were read: readThrough moves on (never back), those hours are no longer unread. */
async function markRead(db: Db, cell: string, last: string, hours: readonly string[], now: Date) {
  const state = await getRainCellState(db, cell);
  const unread = { ...state.unread };
  for (const hour of hours) delete unread[hour];
  await putState(
    db,
    {
      cell,
      readThrough: state.readThrough && state.readThrough > last ? state.readThrough : last,
      unread,
    },
    now,
  );
}

/** Records that the cell's `hours` could not be read now, and why (the next run asks for them again). */
export async function recordUnreadHours(
  db: Db,
  cell: string,
  hours: readonly string[],
  reason: string,
  now: Date,
): Promise<void> {
  if (hours.length === 0) return;
  const state = await getRainCellState(db, cell);
  const unread = { ...state.unread };
  for (const hour of hours) unread[hour] = { at: now.toISOString(), reason };
  await putState(db, { ...state, unread }, now);
}

async function putState(db: Db, state: RainCellState, now: Date) {
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: {
        ...rainfallKeys.state(state.cell),
        type: 'RainCellState',
        ...state,
        updatedAt: now.toISOString(),
      },
    }),
  );
}

/** The cell's hours kept from `fromHour` to `toHour` (both kept), in order; hours never read are absent. */
export async function listRainHours(
  db: Db,
  cell: string,
  fromHour: string,
  toHour: string,
): Promise<StoredRainHour[]> {
  const hours: StoredRainHour[] = [];
  const first = hourStart(fromHour);
  const last = hourStart(toHour);
  for (
    let day = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), first.getUTCDate()));
    day <= last;
    day = new Date(day.getTime() + 86_400_000)
  ) {
    const date = day.toISOString().slice(0, 10);
    const { Item } = await db.doc.send(
      new GetCommand({ TableName: db.tableName, Key: rainfallKeys.day(cell, date) }),
    );
    for (let h = 0; h < 24; h++) {
      const hour = `${date}T${String(h).padStart(2, '0')}`;
      const value = Item?.[`h${hour.slice(11, 13)}`] as
        { rain: number; snow: number; source: RainfallSource } | undefined;
      if (value && hour >= fromHour && hour <= toHour) {
        hours.push({ hour, rainInches: value.rain, snowInches: value.snow, source: value.source });
      }
    }
  }
  return hours;
}

/** A project's storm clock: its own item in the project's partition, in no index. */
export const stormClockKey = (divisionId: string, projectId: string) => ({
  pk: projectKeys.project(divisionId, projectId).pk,
  sk: 'STORMCLOCK',
});

/**
 * The storm clocks of these projects (100 a call), by project id; none for those without one.
 * Eventually consistent, at half the reads: a clock read stale (an hour-old write not yet seen)
 * makes its save's condition fail, and the clock waits for the next run.
 */
export async function getStormClocks(
  db: Db,
  projects: readonly { divisionId: string; id: string }[],
): Promise<Map<string, StormClock>> {
  const items = await batchGet(
    db,
    projects.map((p) => stormClockKey(p.divisionId, p.id)),
    false,
  );
  return new Map(items.map((item) => [item.projectId as string, item.clock as StormClock]));
}

/**
 * Replaces a project's StormClock, on the condition that it is still the one the run read
 * (`previous`, or none): answers false when another run moved it first, and then nothing is
 * written.
 */
export async function saveStormClock(
  db: Db,
  project: { divisionId: string; id: string },
  previous: StormClock | null,
  next: StormClock,
): Promise<boolean> {
  const values: Record<string, unknown> = {};
  let condition: string;
  if (previous === null) {
    condition = 'attribute_not_exists(pk)';
  } else if (previous.checkedThrough === null) {
    condition = 'clock.checkedThrough = :null';
    values[':null'] = null;
  } else {
    condition = 'clock.checkedThrough = :previous';
    values[':previous'] = previous.checkedThrough;
  }
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          ...stormClockKey(project.divisionId, project.id),
          type: 'StormClock',
          divisionId: project.divisionId,
          projectId: project.id,
          clock: next,
        },
        ConditionExpression: condition,
        ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Takes away the clock of a project whose rule no longer has a storm trigger (or that lost its
 * coordinates), so that when one applies again the clock starts at that hour, not back then.
 */
export async function removeStormClock(db: Db, project: { divisionId: string; id: string }): Promise<void> {
  await db.doc.send(
    new DeleteCommand({ TableName: db.tableName, Key: stormClockKey(project.divisionId, project.id) }),
  );
}
