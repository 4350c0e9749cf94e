import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { createClient } from '@stormline/data/clients';
import { addDocument, projectOwnerStep } from '@stormline/data/documents';
import type { Db } from '@stormline/data/dynamo';
import { listLegendItems } from '@stormline/data/legend-items';
import { saveMapEdits } from '@stormline/data/map-features';
import type { MapEdit } from '@stormline/data/map-features';
import { createProject } from '@stormline/data/projects';
import { beginConversion, finishConversion, pageFileKeys, recordPage } from '@stormline/data/site-maps';
import { siteMapId } from '@stormline/domain/map-features';
import { SITE_MAP_DOC_TYPE_ID } from '@stormline/domain/project-rules';
import { startRuntime } from '@stormline/local/runtime';
import { sampleClient, sampleProject } from '@stormline/local/sample-records';
import { DEMO_ACCOUNTS } from '@stormline/local/seed';
import { createBenchClient, jsonRequest } from './bench-client';
import type { BenchClient, BenchRequest } from './bench-client';
import { markdownTable, writeResults, writeResultsText } from './report';
import { percentile, ratio, round } from './stats';

/**
 * Issue 21's map feature routes on a map holding 50 features and on one holding 500, side by side
 * in one run and one store (docs/decisions/0041): the editor's read of a map
 * (GET /api/positionables/.../all, every feature with its source joined) and a bulk save moving
 * every feature (PUT .../update with the versions read), and one moving 10. Calls to the two maps
 * alternate, so drift falls on both alike. Capacity and p50 at 500 / at 50 should grow no faster
 * than the features returned or saved (10x); the small save should cost the same on both maps.
 * Numbers, no thresholds.
 *
 *   npx tsx bench/map-features.ts    # -> results/map-features.json and results/map-features.md
 */

export const SIZES = [50, 500] as const;
const CALLS = 20;
const WARMUP = 3;
const NORTH = 'north-region';
const IMAGE = { width: 4000, height: 2828 };
/** How much faster than the rows a p50 ratio may grow before it is listed: the machine's noise. */
const P50_NOISE = 1.25;

interface BenchMap {
  features: number;
  siteMapId: string;
}

/** A project with one converted two-page site map (through the data layer's writers, no files). */
async function mappedProject(db: Db): Promise<{ projectId: string; maps: string[] }> {
  const now = new Date();
  const client = await createClient(db, NORTH, sampleClient('Bench Map Client'), now);
  const project = await createProject(
    db,
    sampleProject({
      divisionId: NORTH,
      client_id: client.id,
      name: 'Bench Map Site',
      inspection_template_id: null,
    }),
  );
  const owner = {
    kind: 'project' as const,
    divisionId: NORTH,
    projectId: project.id,
    docTypeId: SITE_MAP_DOC_TYPE_ID,
  };
  const uploadId = randomUUID();
  const doc = await addDocument(
    db,
    {
      id: uploadId,
      guid: randomUUID(),
      name: 'Bench plan.pdf',
      mimeType: 'application/pdf',
      size: 1,
      width: null,
      height: null,
      objectKey: `files/${uploadId}/bench`,
      owner,
      createdAt: now.toISOString(),
      createdBy: 'bench',
    },
    projectOwnerStep(db, NORTH, project.id),
  );
  const conversionId = randomUUID();
  await beginConversion(db, {
    owner,
    uploadId,
    conversionId,
    sourceKey: doc.objectKey,
    sourceMimeType: doc.mimeType,
    startedBy: null,
    now,
  });
  for (const page of [1, 2]) {
    const files = pageFileKeys(uploadId, conversionId, page);
    await recordPage(
      db,
      {
        id: randomUUID(),
        guid: randomUUID(),
        thumbnailGuid: randomUUID(),
        divisionId: NORTH,
        projectId: project.id,
        uploadId,
        conversionId,
        page,
        ...IMAGE,
        thumbnailWidth: 450,
        thumbnailHeight: 318,
        imageKey: files.image,
        thumbnailKey: files.thumbnail,
        createdAt: now.toISOString(),
      },
      now,
    );
  }
  await finishConversion(
    db,
    { divisionId: NORTH, projectId: project.id, docTypeId: SITE_MAP_DOC_TYPE_ID, uploadId, conversionId },
    { name: doc.name, guid: doc.guid },
    now,
  );
  return { projectId: project.id, maps: [siteMapId(uploadId, 1), siteMapId(uploadId, 2)] };
}

/** `count` features on the baseline of a map: polygons of 6 points and lines of 4, of two legend items. */
async function fillMap(db: Db, projectId: string, map: string, count: number): Promise<void> {
  const legend = (await listLegendItems(db, NORTH, {}, { pageSize: 25 })).items;
  const area = legend.find((i) => i.type === 'control_measure')!;
  const line = legend.find((i) => i.type === 'pollutant')!;
  const edits: MapEdit[] = Array.from({ length: count }, (_, i) => {
    const x = 100 + (i % 25) * 150;
    const y = 100 + Math.floor(i / 25) * 120;
    const polygon = i % 2 === 0;
    return {
      kind: 'create',
      clientId: null,
      type: polygon ? area.type : line.type,
      sourceId: polygon ? area.id : line.id,
      sourceScope: 'division',
      shape: {
        position_x: x,
        position_y: y,
        geometry: polygon
          ? {
              type: 'polygon',
              points: [
                [x, y],
                [x + 60, y],
                [x + 100, y + 40],
                [x + 60, y + 80],
                [x, y + 80],
                [x - 20, y + 40],
              ],
            }
          : {
              type: 'line',
              points: [
                [x, y],
                [x + 40, y + 20],
                [x + 80, y + 10],
                [x + 120, y + 60],
              ],
            },
        config: null,
      },
    };
  });
  await saveMapEdits(db, {
    divisionId: NORTH,
    projectId,
    siteMapId: map,
    targetType: 'project_uploads',
    n: 0,
    inspectionId: null,
    edits,
    guards: [],
    by: 'bench',
    now: new Date(),
  });
}

interface Feature {
  positionables_id: string;
  positionable_id: string;
  positionable_type: string;
  position_x: number;
  position_y: number;
  geometry: { type: string; points?: number[][] };
  version: number;
}

const positionables = (m: BenchMap) => `/api/positionables/project_uploads/${m.siteMapId}/baseline/all`;

/** Every feature of the map moved by one pixel, at the versions just read. */
async function moveRequest(
  m: BenchMap,
  token: string,
  client: BenchClient,
  limit: number,
): Promise<BenchRequest> {
  const read = await client.send(jsonRequest('GET', positionables(m), { token, divisionId: NORTH }));
  const features = (read.body as { pageData: Feature[] }).pageData.slice(0, limit);
  const step = features[0]!.version % 2 === 0 ? 1 : -1;
  return jsonRequest('PUT', `${positionables(m)}/update`, {
    token,
    divisionId: NORTH,
    body: {
      items: features.map((f) => ({
        positionables_id: f.positionables_id,
        positionable_id: f.positionable_id,
        positionable_type: f.positionable_type,
        position_x: f.position_x + step,
        position_y: f.position_y,
        geometry: { ...f.geometry, points: f.geometry.points!.map(([x, y]) => [x! + step, y]) },
        version: f.version,
      })),
    },
  });
}

interface Case {
  name: string;
  /** Features the request returns or saves, by map size. */
  rows: (m: BenchMap) => number;
  request: (m: BenchMap, token: string, client: BenchClient) => Promise<BenchRequest>;
}

const CASES: readonly Case[] = [
  {
    name: 'read the map (GET positionables, all)',
    rows: (m) => m.features,
    request: async (m, t) => jsonRequest('GET', positionables(m), { token: t, divisionId: NORTH }),
  },
  {
    name: 'save every feature moved (PUT update)',
    rows: (m) => m.features,
    request: (m, t, c) => moveRequest(m, t, c, m.features),
  },
  {
    name: 'save 10 features moved (PUT update)',
    rows: () => 10,
    request: (m, t, c) => moveRequest(m, t, c, 10),
  },
];

interface Sample {
  p50: number;
  p95: number;
  rcu: number;
  wcu: number;
  status: number;
  rows: number;
}

async function measure(client: BenchClient, token: string, maps: BenchMap[], c: Case) {
  const samples = new Map<number, { ms: number[]; rcu: number; wcu: number; status: number }>();
  for (const m of maps) samples.set(m.features, { ms: [], rcu: 0, wcu: 0, status: 0 });
  for (let i = 0; i < WARMUP + CALLS; i++) {
    for (const m of i % 2 === 0 ? maps : [...maps].reverse()) {
      const response = await client.send(await c.request(m, token, client));
      const s = samples.get(m.features)!;
      s.status = response.status;
      if (response.status !== 200)
        throw new Error(`${c.name}: ${response.status} ${JSON.stringify(response.body)}`);
      if (i < WARMUP) continue;
      s.ms.push(response.ms);
      s.rcu = response.rcu;
      s.wcu = response.wcu;
    }
  }
  const out: Record<string, Sample> = {};
  for (const m of maps) {
    const s = samples.get(m.features)!;
    out[String(m.features)] = {
      p50: round(percentile(s.ms, 50)),
      p95: round(percentile(s.ms, 95)),
      rcu: s.rcu,
      wcu: s.wcu,
      status: s.status,
      rows: c.rows(m),
    };
  }
  return out;
}

export async function measureMapFeatures(log: (line: string) => void) {
  const runtime = await startRuntime({ port: 0, seed: true, region: 'UK' });
  try {
    const client = createBenchClient(runtime.url);
    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'Admin')!;
    const token = await client.signIn(admin.email, admin.password);
    log('Writing a project with two maps of 50 and 500 features…');
    const { projectId, maps: ids } = await mappedProject(runtime.db);
    const maps: BenchMap[] = SIZES.map((features, i) => ({ features, siteMapId: ids[i]! }));
    for (const m of maps) await fillMap(runtime.db, projectId, m.siteMapId, m.features);
    await runtime.streams.drained();
    const loadStart = os.loadavg()[0] ?? 0;
    const started = performance.now();
    const cases = [];
    for (const c of CASES) {
      log(`  ${c.name}`);
      const bySize = await measure(client, token, maps, c);
      const small = bySize['50']!;
      const large = bySize['500']!;
      cases.push({
        name: c.name,
        bySize,
        ratios: {
          rows: ratio(large.rows, small.rows),
          p50: ratio(large.p50, small.p50),
          rcu: ratio(large.rcu, small.rcu),
          wcu: ratio(large.wcu, small.wcu),
        },
      });
    }
    return {
      settings: { calls: CALLS, warmupCalls: WARMUP, sizes: SIZES, image: IMAGE, p50Noise: P50_NOISE },
      machine: {
        cpus: os.cpus().length,
        loadAverageStart: loadStart,
        loadAverageEnd: os.loadavg()[0] ?? 0,
        timedMs: round(performance.now() - started),
      },
      cases,
      /**
       * Cases whose capacity grew faster than the rows they return or save, or whose p50 grew more
       * than P50_NOISE faster (latency on a shared machine moves by that much from run to run).
       */
      fasterThanRows: cases
        .filter(
          (c) =>
            c.ratios.p50 > c.ratios.rows * P50_NOISE ||
            c.ratios.rcu > c.ratios.rows ||
            c.ratios.wcu > c.ratios.rows,
        )
        .map((c) => c.name),
    };
  } finally {
    await runtime.stop();
  }
}

export function mapFeaturesMarkdown(report: Awaited<ReturnType<typeof measureMapFeatures>>): string {
  const rows = report.cases.map((c) => {
    const a = c.bySize['50']!;
    const b = c.bySize['500']!;
    return [
      c.name,
      `${a.rows} / ${b.rows}`,
      `${a.p50} / ${b.p50}`,
      `${a.p95} / ${b.p95}`,
      `${c.ratios.p50}`,
      `${a.rcu} / ${b.rcu}`,
      `${c.ratios.rcu}`,
      `${a.wcu} / ${b.wcu}`,
      `${c.ratios.wcu}`,
    ];
  });
  const busy = report.machine.loadAverageStart > report.machine.cpus;
  return [
    '# Map features at 50 and 500 features on a map',
    '',
    `${report.settings.calls} timed calls per case and map after ${report.settings.warmupCalls} untimed, the two maps alternating, in one run and one store (\`npx tsx bench/map-features.ts\`). Machine: ${report.machine.cpus} CPUs, load ${report.machine.loadAverageStart.toFixed(1)} → ${report.machine.loadAverageEnd.toFixed(1)}${busy ? ' (busy: the latency columns are noisy; capacity does not move)' : ''}. Columns are "at 50 / at 500"; ratios are at 500 / at 50, against the rows ratio (p50 with ${report.settings.p50Noise}x for noise). RCU and WCU are the gateway's \`x-consumed-*-units\` as DynamoDB Local reports them.`,
    '',
    markdownTable(
      ['case', 'rows', 'p50 ms', 'p95 ms', 'p50 ratio', 'RCU', 'RCU ratio', 'WCU', 'WCU ratio'],
      rows,
    ),
    '',
    report.fasterThanRows.length === 0
      ? 'No case grows faster than the features it returns or saves.'
      : `Growing faster than the features returned or saved: ${report.fasterThanRows.join(', ')}.`,
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const log = (line: string) => console.log(line);
  const report = await measureMapFeatures(log);
  const file = await writeResults('map-features', { ...report, measuredAt: new Date().toISOString() });
  const md = await writeResultsText('map-features.md', mapFeaturesMarkdown(report));
  log(mapFeaturesMarkdown(report));
  log(`Wrote ${file} and ${md}.`);
}
