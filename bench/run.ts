import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { ROUTES } from '@stormline/contract/route-table';
import { DEMO_ACCOUNTS } from '@stormline/local/seed';
import { startRuntime } from '@stormline/local/runtime';
import { buildWebIfStale } from '@stormline/local/web-build';
import { measureAdminLists } from './admin-lists';
import { createBenchClient } from './bench-client';
import { measureBundles } from './bundle-size';
import { capacityWarning, LOAD, measureHttp, SEQUENTIAL } from './http-latency';
import type { LatencyResult } from './http-latency';
import {
  lighthouseMarkdown,
  lighthouseTable,
  measureLighthouseOnFreshRuntime,
  readLighthouseResults,
} from './lighthouse';
import { measureListScaling } from './list-scaling';
import {
  adminListsMarkdown,
  adminListsTable,
  bundleTable,
  latencyTable,
  listScalingTable,
  writeResults,
  writeResultsText,
} from './report';
import { planRoute } from './route-plans';
import type { RoutePlan } from './route-plans';

/**
 * `npm run bench`: latency, throughput and DynamoDB capacity of every implemented route against
 * the local gateway; the list routes at two data sizes; the administration lists at two division
 * sizes; every route's Lambda bundle and module init against the bare handler's; then Lighthouse
 * on /login and the dashboard. Numbers, not thresholds.
 *
 * Benches run on their own (bench/README.md), each writing its results/*.json and .md:
 * dashboard.ts, template-sizes.ts, map-features.ts, convert-pdf.ts and report-photos.ts (print
 * copies and time to PDF of inspections with 10, 50 and 100 camera photos).
 */

const started = performance.now();
const log = (line: string) => console.log(line);
const admin = DEMO_ACCOUNTS.find((a) => a.email === 'admin@example.com')!;
const implemented = ROUTES.filter((r) => r.implemented);

const load1 = os.loadavg()[0] ?? 0;
if (load1 > os.cpus().length)
  log(
    `The machine is busy (load average ${load1.toFixed(1)} on ${os.cpus().length} CPUs): expect noisy numbers.`,
  );
log(`Starting the local runtime (in memory) for ${implemented.length} implemented routes…`);
const runtime = await startRuntime({ port: 0, seed: true, region: 'UK' });
// The statistics stream handler works through the seed before anything is timed.
await runtime.streams.drained();
let latency: LatencyResult[];
try {
  const client = createBenchClient(runtime.url);
  const ctx = {
    client,
    adminToken: await client.signIn(admin.email, admin.password),
    runId: randomBytes(3).toString('hex'),
    jwtSecret: runtime.env.JWT_SECRET!,
  };
  const plans: RoutePlan[] = [];
  for (const route of implemented) plans.push(await planRoute(route, ctx));
  latency = await measureHttp(plans, client, log);
} finally {
  await runtime.stop();
}

log('Lists at two data sizes (a fresh runtime)…');
const lists = await measureListScaling(log);

log('Administration lists at two division sizes (a fresh runtime)…');
const adminLists = await measureAdminLists(log);

log('Bundling the handlers and timing their init…');
const bundles = await measureBundles(ROUTES, log);

// Last, on a fresh runtime: Lighthouse's CPU timings suffer from anything else running.
log('Lighthouse on /login and the dashboard (a fresh runtime, web/dist built if stale)…');
buildWebIfStale();
const lighthouse = await measureLighthouseOnFreshRuntime(log);

const latencyFile = await writeResults('http-latency', {
  settings: {
    load: { connections: LOAD.connections, durationSeconds: LOAD.durationSeconds },
    sequential: { calls: SEQUENTIAL.calls },
  },
  capacityWarning: capacityWarning(latency),
  results: latency,
});
const listFile = await writeResults('list-scaling', { ...lists });
const adminListsFile = await writeResults('admin-lists', { ...adminLists });
const adminListsSummary = await writeResultsText(
  'admin-lists.md',
  adminListsMarkdown({ ...adminLists, measuredAt: new Date().toISOString() }),
);
const bundleFile = await writeResults('bundle-size', { ...bundles });
const lighthouseFile = await writeResults('lighthouse', { ...lighthouse });
const lighthouseSummary = await writeResultsText(
  'lighthouse.md',
  lighthouseMarkdown(
    (await readLighthouseResults('lighthouse'))!,
    await readLighthouseResults('lighthouse-before'),
  ),
);

log('');
log(latencyTable(latency));
log('');
log(listScalingTable(lists));
log('');
log(adminListsTable(adminLists));
log('');
log(bundleTable(bundles));
log('');
log(lighthouseTable(lighthouse));
log('');
log(
  `Wrote ${latencyFile}, ${listFile}, ${adminListsFile}, ${adminListsSummary}, ${bundleFile}, ${lighthouseFile} and ${lighthouseSummary} in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
);
