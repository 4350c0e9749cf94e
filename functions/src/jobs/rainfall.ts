import type { Db } from '@stormline/data/dynamo';
import { recordPostStormDue } from '@stormline/data/post-storm-dues';
import type { ProjectRecord } from '@stormline/data/projects';
import {
  getStormClocks,
  recordUnreadHours,
  removeStormClock,
  saveStormClock,
  storeRainHours,
} from '@stormline/data/rainfall';
import { localDate } from '@stormline/domain/local-date';
import { advanceStormClock, frequencyOn, NEW_STORM_CLOCK } from '@stormline/domain/permit-clock';
import type { StormClock } from '@stormline/domain/permit-clock';
import type { StormTrigger } from '@stormline/domain/permit-rules';
import { PERMIT_RULE_SETS, projectPermit } from '@stormline/domain/permit-rules';
import {
  addHours,
  hasCoordinates,
  hoursFrom,
  hoursToRead,
  lastCompleteHour,
  rainfallCell,
} from '@stormline/domain/rainfall';
import { getTableDb } from '../lib/deps';
import { fetchHourlyRainfall, RainfallUnavailableError } from '../lib/weather-provider';
import type { RainfallReading } from '../lib/weather-provider';
import { overActiveProjects, overEveryDivision } from './each-division';

/**
 * The rainfall job (issue 23, docs/decisions/0047), hourly: EventBridge Scheduler in the cloud, a
 * timer in the local runtime. It reads the rain that fell at every active project whose permit
 * has a storm trigger today, one provider request per grid cell, keeps each cell's hours, feeds
 * each project's storm clock (packages/domain/src/permit-clock.ts) the hours it has not seen, and
 * records a post-storm inspection due for every storm the clock counts, once per storm.
 *
 * Order matters for a run that fails half way: the dues are recorded before the clock is saved,
 * so a run cut short leaves the clock where it was and the next run counts the same storms again,
 * which the dues' conditional Put turns into nothing. A clock is only replaced while it is the one
 * the run read, so two runs at once never feed the same hours twice.
 *
 * A request that fails records the hours it asked for as unread on the cell and leaves the cell's
 * clocks where they were: the next run asks again from the first hour not fed, so a storm during
 * an outage is still found afterwards, counted from the hour the rain fell.
 */

/** Cells read at once: a run of 400 cells is not 400 requests in a row, nor 400 at one time. */
const CELLS_AT_ONCE = 8;

/** A project the run watches, its clock as read and the trigger its permit has today. */
interface Watched {
  project: ProjectRecord;
  trigger: StormTrigger;
  cell: string;
  /** The clock as stored: the condition of the save. */
  stored: StormClock;
  /** The clock the run feeds (the stored one). */
  clock: StormClock;
}

export interface RainfallRun {
  divisions: number;
  /** Active projects with a storm trigger today and coordinates. */
  projects: number;
  cells: number;
  /** Requests made to the provider (one per cell at most). */
  requests: number;
  /** Cells whose request failed (their hours recorded as unread). */
  failedCells: number;
  /** Post-storm dues recorded (a storm seen before records nothing). */
  recorded: number;
}

/** The storm trigger of a project's permit on its local today, or null (none, or no place to read rain at). */
function watchedTrigger(project: ProjectRecord, now: Date): StormTrigger | null {
  if (!hasCoordinates(project.address)) return null;
  try {
    return frequencyOn(projectPermit(project), localDate(project.timezone, now)).frequency.storm;
  } catch (error) {
    // A permit the clock refuses (a rule set or date it does not know) must not stop every other
    // project's rain: this one is left out, and said so for whoever reads the logs.
    console.error(
      JSON.stringify({
        level: 'error',
        message: 'rainfall job: permit not readable',
        projectId: project.id,
        detail: error instanceof Error ? error.message : String(error),
      }),
    );
    return null;
  }
}

/** Rule sets with a storm trigger in any of their frequencies: only their projects can hold a clock. */
const RULE_SETS_WITH_STORMS = new Set(
  Object.values(PERMIT_RULE_SETS)
    .filter((ruleSet) =>
      [...ruleSet.frequencies, ruleSet.sensitiveWaters, ...Object.values(ruleSet.reduced)].some(
        (f) => f?.storm,
      ),
    )
    .map((ruleSet) => ruleSet.id),
);

/**
 * One page of projects as the run sees them: those watched, each with its clock (read in one
 * BatchGet for the page), a new one saved at the current hour for a project new to a storm rule.
 * A project of a storm rule set watched no more today (a reduced period without storms, no
 * coordinates) loses its clock, so a trigger that returns later starts then, with no backfill.
 */
async function watchPage(db: Db, page: readonly ProjectRecord[], now: Date): Promise<Watched[]> {
  const candidates = page.filter((project) => RULE_SETS_WITH_STORMS.has(projectPermit(project).ruleSetId));
  if (candidates.length === 0) return [];
  const clocks = await getStormClocks(db, candidates);
  const seen = await Promise.all(
    candidates.map(async (project): Promise<Watched | null> => {
      const trigger = watchedTrigger(project, now);
      const stored = clocks.get(project.id) ?? null;
      if (!trigger) {
        if (stored) await removeStormClock(db, project);
        return null;
      }
      const cell = rainfallCell(project.address.latitude, project.address.longitude);
      if (stored) return { project, trigger, cell, stored, clock: stored };
      // New to a storm rule: its clock starts at the current hour (the first fed once it is over),
      // saved before anything is read; another run that saved one first feeds it this hour.
      const clock: StormClock = { ...NEW_STORM_CLOCK, checkedThrough: lastCompleteHour(now) };
      return (await saveStormClock(db, project, null, clock))
        ? { project, trigger, cell, stored: clock, clock }
        : null;
    }),
  );
  return seen.filter((w): w is Watched => w !== null);
}

/** Feeds one project the cell's new hours; records its storms' dues, then saves its clock. */
async function advanceProject(
  db: Db,
  watched: Watched,
  reading: RainfallReading & { from: string },
  now: Date,
): Promise<number> {
  let clock = watched.clock;
  const fedThrough = clock.checkedThrough ?? addHours(reading.from, -1);
  // Further behind than a run reads: the hours before `from` are lost, the clock restarts there.
  if (fedThrough < addHours(reading.from, -1))
    clock = { ...NEW_STORM_CLOCK, checkedThrough: addHours(reading.from, -1) };
  const hours = reading.hours.filter((h) => clock.checkedThrough === null || h.hour > clock.checkedThrough);
  if (hours.length === 0) return 0;
  const advanced = advanceStormClock(watched.trigger, clock, hours);
  let recorded = 0;
  for (const storm of advanced.storms) {
    const added = await recordPostStormDue(db, {
      divisionId: watched.project.divisionId,
      projectId: watched.project.id,
      countedAt: storm.countedAt,
      dueBy: storm.dueBy,
      kind: storm.kind,
      amountInches: storm.amountInches,
      windowStart: storm.windowStart,
      windowEnd: storm.windowEnd,
      source: reading.source,
      cell: watched.cell,
      citation: watched.trigger.citation,
      recordedAt: now.toISOString(),
    });
    if (added) recorded++;
  }
  await saveStormClock(db, watched.project, watched.stored, advanced.clock);
  return recorded;
}

/** One cell: one request for every hour its projects still need, then each project's clock. */
async function readCell(
  db: Db,
  cell: string,
  projects: readonly Watched[],
  now: Date,
): Promise<{ requested: boolean; failed: boolean; recorded: number }> {
  const range = hoursToRead(
    projects.map((w) => w.clock.checkedThrough ?? lastCompleteHour(now)),
    now,
  );
  if (!range) return { requested: false, failed: false, recorded: 0 };
  let reading;
  try {
    reading = await fetchHourlyRainfall(cell, range.from, range.to);
  } catch (error) {
    if (!(error instanceof RainfallUnavailableError)) throw error;
    await recordUnreadHours(db, cell, hoursFrom(range.from, range.to), error.reason, now);
    return { requested: true, failed: true, recorded: 0 };
  }
  await storeRainHours(db, cell, reading.hours, reading.source, now);
  const readThrough = reading.hours.at(-1)?.hour ?? addHours(range.from, -1);
  await recordUnreadHours(db, cell, hoursFrom(addHours(readThrough, 1), range.to), 'no value yet', now);
  const recorded = await Promise.all(
    projects.map((w) =>
      advanceProject(db, w, { from: range.from, hours: reading.hours, source: reading.source }, now),
    ),
  );
  return { requested: true, failed: false, recorded: recorded.reduce((a, b) => a + b, 0) };
}

/** The whole job at `now`: every division's active projects, then every cell they are in. */
export async function runRainfallJob(db: Db, now: Date): Promise<RainfallRun> {
  const byCell = new Map<string, Watched[]>();
  let projects = 0;
  const { divisions } = await overEveryDivision(db, (divisionId) =>
    overActiveProjects(db, divisionId, async (page) => {
      for (const watched of await watchPage(db, page, now)) {
        projects++;
        byCell.set(watched.cell, [...(byCell.get(watched.cell) ?? []), watched]);
      }
      return 0;
    }),
  );
  const run: RainfallRun = {
    divisions,
    projects,
    cells: byCell.size,
    requests: 0,
    failedCells: 0,
    recorded: 0,
  };
  const cells = [...byCell];
  let next = 0;
  const worker = async () => {
    while (next < cells.length) {
      const [cell, watched] = cells[next++]!;
      // A project whose new clock another run saved first is that run's to feed this hour.
      const result = await readCell(
        db,
        cell,
        watched.filter((w) => w.stored !== null),
        now,
      );
      if (result.requested) run.requests++;
      if (result.failed) run.failedCells++;
      run.recorded += result.recorded;
    }
  };
  await Promise.all(Array.from({ length: CELLS_AT_ONCE }, worker));
  return run;
}

/**
 * What EventBridge Scheduler invokes (its payload is not read: the job always looks at now). A
 * provider failure is not the run's failure (it is recorded on the cell); anything else is thrown,
 * for the schedule's retries and dead-letter queue.
 */
export async function handler(): Promise<RainfallRun> {
  return runRainfallJob(getTableDb(), new Date());
}
