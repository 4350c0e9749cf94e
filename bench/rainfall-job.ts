/**
 * The hourly rainfall job at 200 and at 2,000 active projects on a storm-triggered permit, spread
 * over 40 and 400 grid cells (five projects a cell), side by side in one run and one store
 * (`npx tsx bench/rainfall-job.ts`): DynamoDB Local in memory (the local runtime, stream readers
 * off: the job's own cost is measured) and the recorded weather on a port of its own. For each
 * size, two timed runs an hour apart after an untimed first run that starts the new projects'
 * clocks: a dry hour (every clock moves on an hour) and a storm hour (0.3 in in every cell: every
 * project gets a post-storm due). Provider requests must equal the cells; time and DynamoDB
 * capacity per project at 2,000 / at 200 should stay under 1.2. Writes
 * bench/results/rainfall-job.{json,md}.
 */
import os from 'node:os';
import { createClient } from '@stormline/data/clients';
import { createDivision } from '@stormline/data/divisions';
import { capacityTally } from '@stormline/data/dynamo';
import type { Db } from '@stormline/data/dynamo';
import { createProject } from '@stormline/data/projects';
import type { ProjectPermit } from '@stormline/domain/permit-rules';
import { addHours, rainfallCell, utcHourOf } from '@stormline/domain/rainfall';
import { runRainfallJob } from '@stormline/functions/jobs/rainfall';
import { createRecordedWeather, serveRecordedWeather } from '@stormline/local/recorded-weather';
import type { RecordedWeather } from '@stormline/local/recorded-weather';
import { startRuntime } from '@stormline/local/runtime';
import { sampleClient, sampleProject } from '@stormline/local/sample-records';
import { markdownTable, writeResults, writeResultsText } from './report';
import { ratio, round } from './stats';

const PROJECTS_PER_CELL = 5;
const SIZES = [200, 2000] as const;
const CREATE_AT_ONCE = 8;

const CGP_14_DAYS: ProjectPermit = {
  ruleSetId: 'cgp-2022',
  frequencyId: 'every-14-days-and-storm',
  sensitiveWaters: false,
  reducedPeriods: [],
};

/** Cell i of the bench's grid: 0.1° apart, in the western US, never the demo data's. */
function cellSite(i: number): { latitude: number; longitude: number } {
  return { latitude: 35 + Math.floor(i / 40) * 0.1, longitude: -115 - (i % 40) * 0.1 };
}

interface RunSample {
  wallMs: number;
  requests: number;
  rcu: number;
  wcu: number;
  recorded: number;
}

interface SizeResult {
  projects: number;
  cells: number;
  dry: RunSample;
  storm: RunSample;
}

async function timedRun(db: Db, weather: RecordedWeather, now: Date): Promise<RunSample> {
  const since = weather.requests.length;
  const tally = { read: 0, write: 0 };
  const started = performance.now();
  const run = await capacityTally.run(tally, () => runRainfallJob(db, now));
  return {
    wallMs: round(performance.now() - started),
    requests: weather.requests.length - since,
    rcu: round(tally.read),
    wcu: round(tally.write),
    recorded: run.recorded,
  };
}

/** Projects `from` to `to` - 1 of the bench division, five to a cell. */
async function addProjects(db: Db, divisionId: string, clientId: string, from: number, to: number) {
  let next = from;
  const worker = async () => {
    while (next < to) {
      const i = next++;
      const site = cellSite(Math.floor(i / PROJECTS_PER_CELL));
      // A few hundred metres apart within the cell.
      const offset = (i % PROJECTS_PER_CELL) * 0.004;
      await createProject(
        db,
        sampleProject({
          divisionId,
          client_id: clientId,
          name: `Rain site ${String(i).padStart(4, '0')}`,
          permit: CGP_14_DAYS,
          address: {
            street_1: null,
            city: null,
            state_id: null,
            country_id: null,
            zip: null,
            latitude: site.latitude + offset,
            longitude: site.longitude - offset,
          },
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: CREATE_AT_ONCE }, worker));
}

const perProject = (value: number, projects: number) => value / projects;

export async function measureRainfallJob(log: (line: string) => void) {
  const runtime = await startRuntime({ port: 0, seed: true, region: 'UK', streamReaders: false });
  const weather = createRecordedWeather();
  const provider = await serveRecordedWeather(weather);
  process.env.WEATHER_API_URL = provider.url;
  try {
    const db = runtime.db;
    const division = await createDivision(db, { name: 'Rain bench' });
    const client = await createClient(db, division.id, sampleClient('Rain bench client'));
    // Hours in the recent past, so every run's `now` is given, not waited for.
    const base = addHours(utcHourOf(new Date()), -40);
    const at = (h: number) => new Date(Date.parse(`${addHours(base, h)}:00:00Z`) + 10 * 60_000);
    const loadStart = os.loadavg()[0] ?? 0;
    const results: SizeResult[] = [];
    let made = 0;
    for (const [i, size] of SIZES.entries()) {
      const cells = size / PROJECTS_PER_CELL;
      log(`${size} projects in ${cells} cells: writing ${size - made} more…`);
      await addProjects(db, division.id, client.id, made, size);
      made = size;
      const start = i * 30;
      // Untimed: the new projects' clocks start at this hour (older ones catch up).
      await runRainfallJob(db, at(start));
      log('  a dry hour…');
      const dry = await timedRun(db, weather, at(start + 1));
      for (let c = 0; c < cells; c++) {
        const site = cellSite(c);
        await weather.record(rainfallCell(site.latitude, site.longitude), [
          { hour: addHours(base, start + 1), rainInches: 0.3, snowInches: 0 },
        ]);
      }
      log('  a storm hour…');
      const storm = await timedRun(db, weather, at(start + 2));
      results.push({ projects: size, cells, dry, storm });
    }
    const [small, large] = results as [SizeResult, SizeResult];
    const ratios = (kind: 'dry' | 'storm') => ({
      msPerProject: ratio(
        perProject(large[kind].wallMs, large.projects),
        perProject(small[kind].wallMs, small.projects),
      ),
      rcuPerProject: ratio(
        perProject(large[kind].rcu, large.projects),
        perProject(small[kind].rcu, small.projects),
      ),
      wcuPerProject: ratio(
        perProject(large[kind].wcu, large.projects),
        perProject(small[kind].wcu, small.projects),
      ),
    });
    return {
      settings: { projectsPerCell: PROJECTS_PER_CELL, sizes: SIZES, permit: CGP_14_DAYS },
      machine: {
        cpus: os.cpus().length,
        loadAverageStart: loadStart,
        loadAverageEnd: os.loadavg()[0] ?? 0,
      },
      results,
      ratios: { dry: ratios('dry'), storm: ratios('storm') },
      requestsEqualCells: results.every((r) => r.dry.requests === r.cells && r.storm.requests === r.cells),
    };
  } finally {
    delete process.env.WEATHER_API_URL;
    await provider.stop();
    await runtime.stop();
  }
}

type Report = Awaited<ReturnType<typeof measureRainfallJob>>;

export function rainfallJobMarkdown(report: Report & { measuredAt: string }): string {
  const rows = report.results.flatMap((r) =>
    (['dry', 'storm'] as const).map((kind) => {
      const s = r[kind];
      return [
        `${r.projects} in ${r.cells} cells`,
        kind === 'dry' ? 'dry hour' : 'storm hour',
        String(s.requests),
        String(s.recorded),
        String(s.wallMs),
        (s.wallMs / r.projects).toFixed(2),
        (s.rcu / r.projects).toFixed(2),
        (s.wcu / r.projects).toFixed(2),
      ];
    }),
  );
  const ratioRows = (['dry', 'storm'] as const).map((kind) => [
    kind === 'dry' ? 'dry hour' : 'storm hour',
    String(report.ratios[kind].msPerProject),
    String(report.ratios[kind].rcuPerProject),
    String(report.ratios[kind].wcuPerProject),
  ]);
  const busy = report.machine.loadAverageStart > report.machine.cpus;
  return [
    '# The hourly rainfall job at 200 and 2,000 projects',
    '',
    `Measured ${report.measuredAt} (\`npx tsx bench/rainfall-job.ts\`): DynamoDB Local in memory and the recorded weather, one store, ${report.settings.projectsPerCell} projects a cell on CGP 4.2.2 (14 days and after 0.25 in). Machine: ${report.machine.cpus} CPUs, load ${report.machine.loadAverageStart.toFixed(1)} → ${report.machine.loadAverageEnd.toFixed(1)}${busy ? ' (busy: the times are noisy; capacity does not move)' : ''}. The dry hour moves every clock on an hour; the storm hour puts 0.3 in on every cell, so every project gets a post-storm due. RCU and WCU are what DynamoDB Local reports for every call of the run (the division pages, the demo divisions' too, the cells and the clocks).`,
    '',
    markdownTable(
      ['projects', 'run', 'requests', 'dues', 'wall ms', 'ms / project', 'RCU / project', 'WCU / project'],
      rows,
    ),
    '',
    'At 2,000 / at 200, per project:',
    '',
    markdownTable(['run', 'time', 'RCU', 'WCU'], ratioRows),
    '',
    report.requestsEqualCells
      ? 'Provider requests equal the cells in every timed run.'
      : 'Provider requests did NOT equal the cells in every run.',
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const log = (line: string) => console.log(line);
  const report = await measureRainfallJob(log);
  const measured = { ...report, measuredAt: new Date().toISOString() };
  const file = await writeResults('rainfall-job', measured);
  const md = await writeResultsText('rainfall-job.md', rainfallJobMarkdown(measured));
  log(rainfallJobMarkdown(measured));
  log(`Wrote ${file} and ${md}.`);
}
