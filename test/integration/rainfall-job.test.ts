import { randomBytes } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPostStormDuesOfProject } from '@stormline/data/post-storm-dues';
import type { PostStormDueRecord } from '@stormline/data/post-storm-dues';
import { createClient } from '@stormline/data/clients';
import { createDivision } from '@stormline/data/divisions';
import { createProject as createProjectRecord, projectKeys } from '@stormline/data/projects';
import { getRainCellState, getStormClocks, listRainHours } from '@stormline/data/rainfall';
import { PERMIT_RULE_SETS } from '@stormline/domain/permit-rules';
import type { ProjectPermit } from '@stormline/domain/permit-rules';
import { addHours, hourEnd, hoursFrom, rainfallCell, utcHourOf } from '@stormline/domain/rainfall';
import { runRainfallJob } from '@stormline/functions/jobs/rainfall';
import { createRecordedWeather, serveRecordedWeather } from '@stormline/local/recorded-weather';
import type { RecordedWeather } from '@stormline/local/recorded-weather';
import { sampleClient, sampleProject } from '@stormline/local/sample-records';
import { describeStorm, playStorm, stormHours } from '@stormline/local/storm';
import { testTable } from '../support/table';

/**
 * The hourly rainfall job (issue 23, docs/decisions/0047) against DynamoDB Local and the local
 * runtime's recorded weather, served on a port of its own in this process, where the job runs
 * (as its Lambda would): a scripted storm over two projects in one grid cell and one in another,
 * on the CGP's and Texas's rules. The run times are hours in the recent past, each run given its
 * `now`, so the test does not wait for the clock.
 *
 * The projects are written through the data layer in a division of the test's own (their dues
 * would reach the demo division's managers, whose notifications another file counts); their
 * permit is set on the record here (setPermit) until Create and Edit Project take one (issue 23's
 * permit forms, another branch).
 */

const db = testTable();
const tag = randomBytes(3).toString('hex');
/** The test's own division and client (beforeAll). */
let DIVISION = '';
let clientId = '';
let weather: RecordedWeather;
let provider: { url: string; stop(): Promise<void> };

/** Sacramento (CGP) twice, a few hundred metres apart, and Houston (Texas's TXR150000); the test runtime is the UK variant, whose projects keep GMT. */
const SITES = {
  alder: { latitude: 38.612, longitude: -121.498, zone: 'Europe/London' },
  birch: { latitude: 38.621, longitude: -121.503, zone: 'Europe/London' },
  cedar: { latitude: 29.761, longitude: -95.37, zone: 'Europe/London' },
};
const SACRAMENTO = rainfallCell(SITES.alder.latitude, SITES.alder.longitude);
const HOUSTON = rainfallCell(SITES.cedar.latitude, SITES.cedar.longitude);

const CGP_14_DAYS: ProjectPermit = {
  ruleSetId: 'cgp-2022',
  frequencyId: 'every-14-days-and-storm',
  sensitiveWaters: false,
  reducedPeriods: [],
};
const TXR_14_DAYS: ProjectPermit = { ...CGP_14_DAYS, ruleSetId: 'txr150000-2023' };

/** The storm trigger citations the dues must carry. */
const CGP_CITATION = PERMIT_RULE_SETS['cgp-2022'].frequencies[1]!.storm!.citation;
const TXR_CITATION = PERMIT_RULE_SETS['txr150000-2023'].frequencies[1]!.storm!.citation;

/** The first hour of the script: 30 hours ago, so every run's `now` is in the past. */
const H0 = addHours(utcHourOf(new Date()), -30);
/** A run's `now`: `minutes` past the start of the hour `h` hours after H0. */
const at = (h: number, minutes = 10) => new Date(Date.parse(`${addHours(H0, h)}:00:00Z`) + minutes * 60_000);
const hour = (h: number) => addHours(H0, h);

const projects: Record<keyof typeof SITES, string> = { alder: '', birch: '', cedar: '' };

/**
 * A project of the test's own division, written through the data layer: the dues it gets would
 * otherwise reach the demo division's managers, whom other files count notifications for.
 */
async function createProject(name: string, site: (typeof SITES)[keyof typeof SITES]) {
  const project = await createProjectRecord(
    db,
    sampleProject({
      divisionId: DIVISION,
      client_id: clientId,
      name,
      timezone: site.zone,
      address: {
        street_1: null,
        city: null,
        state_id: null,
        country_id: null,
        zip: null,
        latitude: site.latitude,
        longitude: site.longitude,
      },
    }),
  );
  return project.id;
}

/** Until Create and Edit Project take a permit, it is set on the record, as that save will. */
async function setPermit(projectId: string, permit: ProjectPermit) {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: projectKeys.project(DIVISION, projectId),
      UpdateExpression: 'SET permit = :permit',
      ExpressionAttributeValues: { ':permit': permit },
    }),
  );
}

/** The requests the recorded weather answered for our two cells from `since` on, by cell. */
function requestsSince(since: number) {
  const ours = weather.requests.slice(since).filter((r) => r.cell === SACRAMENTO || r.cell === HOUSTON);
  return {
    [SACRAMENTO]: ours.filter((r) => r.cell === SACRAMENTO).length,
    [HOUSTON]: ours.filter((r) => r.cell === HOUSTON).length,
  };
}

/** Runs the job at `now` and answers how many requests it made per cell. */
async function runAt(now: Date) {
  const since = weather.requests.length;
  const run = await runRainfallJob(db, now);
  return { run, requests: requestsSince(since) };
}

/** Our projects' storm clocks as stored, by project id. */
const storedClocks = (ids: readonly string[] = Object.values(projects)) =>
  getStormClocks(
    db,
    ids.map((id) => ({ divisionId: DIVISION, id })),
  );

const dues = (projectId: string): Promise<PostStormDueRecord[]> =>
  listPostStormDuesOfProject(db, DIVISION, projectId);

beforeAll(async () => {
  weather = createRecordedWeather();
  provider = await serveRecordedWeather(weather);
  // The job runs in this process, as its Lambda would: it asks the recorded weather.
  process.env.WEATHER_API_URL = provider.url;
  DIVISION = (await createDivision(db, { name: `Rain ${tag}` })).id;
  clientId = (await createClient(db, DIVISION, sampleClient(`Rain client ${tag}`))).id;
  projects.alder = await createProject(`Alder Creek ${tag}`, SITES.alder);
  projects.birch = await createProject(`Birch Lane ${tag}`, SITES.birch);
  projects.cedar = await createProject(`Cedar Bayou ${tag}`, SITES.cedar);
  await setPermit(projects.alder, CGP_14_DAYS);
  await setPermit(projects.birch, CGP_14_DAYS);
  await setPermit(projects.cedar, TXR_14_DAYS);
});

afterAll(async () => {
  delete process.env.WEATHER_API_URL;
  await provider?.stop();
  db.doc.destroy();
});

describe('the hourly rainfall job', () => {
  it('puts the two Sacramento sites in one cell and Houston in another', () => {
    expect(SACRAMENTO).toBe('38.6|-121.5');
    expect(rainfallCell(SITES.birch.latitude, SITES.birch.longitude)).toBe(SACRAMENTO);
    expect(HOUSTON).toBe('29.8|-95.4');
  });

  it('starts a project new to a storm rule at the current hour, asking nothing before it', async () => {
    const { requests } = await runAt(at(0));
    expect(requests).toEqual({ [SACRAMENTO]: 0, [HOUSTON]: 0 });
    const clocks = await storedClocks();
    for (const id of Object.values(projects)) expect(clocks.get(id)?.checkedThrough).toBe(hour(-1));
  });

  it('finds a storm with one request per cell and records one post-storm due per project, with its evidence', async () => {
    // 0.3 in over 3 hours in Sacramento (0.25 in reached in the third), 0.8 in over 4 hours in Houston.
    await weather.record(SACRAMENTO, stormHours(0.3, 3, hour(2)));
    await weather.record(HOUSTON, stormHours(0.8, 4, hour(3)));
    const { run, requests } = await runAt(at(12));
    expect(requests).toEqual({ [SACRAMENTO]: 1, [HOUSTON]: 1 });
    expect(run.recorded).toBeGreaterThanOrEqual(3);

    const counted = `${hour(3)}:00:00.000Z`;
    for (const id of [projects.alder, projects.birch]) {
      const [due, ...more] = await dues(id);
      expect(more).toEqual([]);
      expect(due).toMatchObject({
        countedAt: counted,
        dueBy: hourEnd(hour(26)),
        kind: 'rain',
        amountInches: 0.3,
        windowStart: `${hour(0)}:00:00.000Z`,
        windowEnd: counted,
        source: 'recorded',
        cell: SACRAMENTO,
        citation: CGP_CITATION,
        status: 'due',
      });
    }
    // Texas counts from the end of the storm: the last wet hour (hour 3) followed by 6 dry hours.
    const [texas, ...moreTexas] = await dues(projects.cedar);
    expect(moreTexas).toEqual([]);
    expect(texas).toMatchObject({
      countedAt: `${hour(3)}:00:00.000Z`,
      dueBy: hourEnd(hour(27)),
      amountInches: 0.6,
      source: 'recorded',
      cell: HOUSTON,
      citation: TXR_CITATION,
    });

    // The cells' hours are kept, and read through the last complete hour.
    const kept = await listRainHours(db, SACRAMENTO, hour(0), hour(3));
    expect(kept.map((h) => [h.hour, h.rainInches, h.source])).toEqual([
      [hour(0), 0.1, 'recorded'],
      [hour(1), 0.1, 'recorded'],
      [hour(2), 0.1, 'recorded'],
      [hour(3), 0, 'recorded'],
    ]);
    expect((await getRainCellState(db, SACRAMENTO)).readThrough).toBe(hour(11));
  });

  it('records nothing more, and asks nothing, on a second run in the same hour', async () => {
    const { run, requests } = await runAt(at(12, 40));
    expect(requests).toEqual({ [SACRAMENTO]: 0, [HOUSTON]: 0 });
    expect(run.recorded).toBe(0);
    for (const id of Object.values(projects)) expect(await dues(id)).toHaveLength(1);
  });

  it('records the hours it could not read during an outage, and finds the storm afterwards, counted from the rain', async () => {
    // 0.4 in over hours 14 and 15 in Sacramento while the provider answers 503.
    await weather.record(SACRAMENTO, stormHours(0.4, 2, hour(15)));
    weather.failWith(503);
    const outage = await runAt(at(16));
    expect(outage.requests).toEqual({ [SACRAMENTO]: 1, [HOUSTON]: 1 });
    expect(outage.run.failedCells).toBeGreaterThanOrEqual(2);
    const state = await getRainCellState(db, SACRAMENTO);
    expect(Object.keys(state.unread).sort()).toEqual(hoursFrom(hour(12), hour(15)));
    expect(state.unread[hour(14)]).toEqual({ at: at(16).toISOString(), reason: 'status 503' });
    const clocks = await storedClocks();
    for (const id of Object.values(projects)) {
      expect(clocks.get(id)?.checkedThrough).toBe(hour(11));
      expect(await dues(id)).toHaveLength(1);
    }

    weather.failWith(null);
    const catchUp = await runAt(at(18));
    expect(catchUp.requests).toEqual({ [SACRAMENTO]: 1, [HOUSTON]: 1 });
    const asked = weather.requests.filter((r) => r.cell === SACRAMENTO).at(-1)!;
    // From the first hour not read (12, ending at 13:00 in the provider's terms) to the last complete one.
    expect([asked.startHour, asked.endHour]).toEqual([`${hour(13)}:00`, `${hour(18)}:00`]);
    for (const id of [projects.alder, projects.birch]) {
      const [, second, ...more] = await dues(id);
      expect(more).toEqual([]);
      // Counted at the end of hour 15, when the rain reached 0.25 in, not at the run two hours later.
      expect(second).toMatchObject({
        countedAt: `${hour(16)}:00:00.000Z`,
        dueBy: hourEnd(hour(39)),
        amountInches: 0.4,
        windowEnd: `${hour(16)}:00:00.000Z`,
      });
      // The window is the permit clock's (its 24 hours after the last storm's rain), the storm's rain within it.
      expect(second!.windowStart <= `${hour(14)}:00:00.000Z`).toBe(true);
    }
    expect(await dues(projects.cedar)).toHaveLength(1);
    expect((await getRainCellState(db, SACRAMENTO)).unread).toEqual({});
  });

  it('reads at most 72 hours back for a project that fell further behind, and still finds a storm in them', async () => {
    const elm = await createProject(`Elm Hollow ${tag}`, {
      latitude: 39.74,
      longitude: -104.99,
      zone: 'Europe/London',
    });
    await setPermit(elm, CGP_14_DAYS);
    const denver = rainfallCell(39.74, -104.99);
    // Its clock starts 80 hours before the script's first hour; then nothing runs for 100 hours.
    await runAt(at(-80));
    await weather.record(denver, stormHours(0.3, 2, hour(18)));
    await runRainfallJob(db, at(20));
    const asked = weather.requests.filter((r) => r.cell === denver);
    expect(asked).toHaveLength(1);
    // 72 hours to the last complete one (19): from hour -52, ending at -51 in the provider's terms.
    expect([asked[0]!.startHour, asked[0]!.endHour]).toEqual([`${hour(-51)}:00`, `${hour(20)}:00`]);
    expect(await dues(elm)).toMatchObject([{ countedAt: `${hour(19)}:00:00.000Z`, amountInches: 0.3 }]);
    expect((await storedClocks([elm])).get(elm)?.checkedThrough).toBe(hour(19));
  });

  it('plays a scripted storm over a project, as `npm run storm` does, and says what it recorded', async () => {
    const name = `Dogwood Flats ${tag}`;
    const id = await createProject(name, { latitude: 47.61, longitude: -122.33, zone: 'Europe/London' });
    await setPermit(id, CGP_14_DAYS);
    const storm = createRecordedWeather();
    const served = await serveRecordedWeather(storm);
    process.env.WEATHER_API_URL = served.url;
    try {
      const now = new Date();
      // The command's defaults, 0.6 in over 6 hours: one storm event, so one due (ADR 0046), not
      // one at 0.25 in and another at 0.5 in as the first counting rule had it.
      const played = await playStorm(db, storm, { project: name.toUpperCase() }, now);
      expect(played.cell).toBe('47.6|-122.3');
      expect(played.hours.map((h) => h.rainInches)).toEqual([0.1, 0.1, 0.1, 0.1, 0.1, 0.1]);
      expect(played.dues).toHaveLength(1);
      expect(played.dues[0]).toMatchObject({ amountInches: 0.3, source: 'recorded', cell: '47.6|-122.3' });
      expect(describeStorm(played)).toContain(
        `Post-storm inspection due by ${played.dues[0]!.dueBy} at ${name}`,
      );
      // Playing it again records no second due for the same storm.
      const again = await playStorm(db, storm, { project: name }, now);
      expect(again.dues).toHaveLength(1);
      await expect(playStorm(db, storm, { project: `No such ${tag}` }, now)).rejects.toThrow(
        /No active project/,
      );
    } finally {
      process.env.WEATHER_API_URL = provider.url;
      await served.stop();
    }
  });
});
