import { Worker } from 'node:worker_threads';
import type { BenchClient, BenchResponse } from './bench-client';
import type { LoadOptions, LoadOutcome } from './load-worker';
import { WRITES_NOTHING } from './route-plans';
import type { LoadPlan, RoutePlan, SequentialPlan } from './route-plans';
import { mean, percentile, round } from './stats';

/** Each load run is preceded by an untimed one of warmupSeconds (DynamoDB Local's JVM warms up slowly). */
export const LOAD = { connections: 10, durationSeconds: 5, warmupSeconds: 1 } as const;
export const SEQUENTIAL = { calls: 100, warmupCalls: 5 } as const;

export interface LatencyResult {
  route: string;
  handler: string;
  mode: 'load' | 'sequential' | 'skipped';
  note?: string;
  /** Status of the sample request (the first call). */
  status?: number;
  /** Timed calls that answered 2xx, and those that did not (or failed to connect). */
  requests?: number;
  failed?: number;
  p50Ms?: number;
  p99Ms?: number;
  meanMs?: number;
  /** Under load only: sequential calls wait for each other, so their rate says little. */
  reqPerSec?: number | null;
  /** DynamoDB capacity units of the sample request. */
  rcu?: number;
  wcu?: number;
}

const ok = (status: number) => status >= 200 && status < 300;

function refusal(response: BenchResponse): string {
  return `the sample call answered ${response.status}: ${JSON.stringify(response.body)}`;
}

/** Starts load-worker.ts in a worker thread through tsx's API (workers do not inherit tsx's loader). */
function runLoad(options: LoadOptions): Promise<LoadOutcome> {
  const worker = new URL('./load-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(worker)}, ${JSON.stringify(import.meta.url)}));`;
  return new Promise((resolve, reject) => {
    const thread = new Worker(boot, { eval: true, workerData: options });
    thread.once('message', (outcome: LoadOutcome) => {
      resolve(outcome);
      void thread.terminate();
    });
    thread.once('error', reject);
    thread.once('exit', (code) => reject(new Error(`the load worker exited with code ${code}`)));
  });
}

async function measureLoad(plan: LoadPlan, client: BenchClient): Promise<LatencyResult> {
  const { route, request } = plan;
  const head = { route: route.key, handler: route.handler, mode: 'load' as const, note: plan.note };
  const sample = await client.send(request);
  if (!ok(sample.status)) return { ...head, mode: 'skipped', status: sample.status, note: refusal(sample) };
  const load = {
    url: `${client.url}${request.path}`,
    method: request.method,
    headers: request.headers,
    body: request.body,
    connections: LOAD.connections,
  };
  // Warms the handler module (loaded on first use), V8 and DynamoDB Local's JIT before timing.
  await runLoad({ ...load, durationSeconds: LOAD.warmupSeconds });
  const outcome = await runLoad({ ...load, durationSeconds: LOAD.durationSeconds });
  return {
    ...head,
    status: sample.status,
    requests: outcome.durations.length,
    failed: outcome.non2xx + outcome.errors + outcome.timeouts,
    p50Ms: round(percentile(outcome.durations, 50)),
    p99Ms: round(percentile(outcome.durations, 99)),
    meanMs: round(mean(outcome.durations)),
    reqPerSec: round(outcome.reqPerSec, 0),
    rcu: sample.rcu,
    wcu: sample.wcu,
  };
}

async function measureSequential(plan: SequentialPlan, client: BenchClient): Promise<LatencyResult> {
  const { route } = plan;
  const head = { route: route.key, handler: route.handler, mode: 'sequential' as const, note: plan.note };
  const timings: number[] = [];
  let failed = 0;
  let sample: BenchResponse | undefined;
  for (let call = 0; call < SEQUENTIAL.warmupCalls + SEQUENTIAL.calls; call++) {
    const request = await plan.prepare(call);
    const response = await client.send(request);
    if (!sample) {
      sample = response;
      if (!ok(response.status))
        return { ...head, mode: 'skipped', status: response.status, note: refusal(response) };
    }
    if (call < SEQUENTIAL.warmupCalls) continue;
    if (ok(response.status)) timings.push(response.ms);
    else failed++;
  }
  return {
    ...head,
    status: sample!.status,
    requests: timings.length,
    failed,
    p50Ms: round(percentile(timings, 50)),
    p99Ms: round(percentile(timings, 99)),
    meanMs: round(mean(timings)),
    reqPerSec: null,
    rcu: sample!.rcu,
    wcu: sample!.wcu,
  };
}

/** A route whose fixture or run throws is reported as skipped, and the others are still measured. */
async function orSkipped(plan: RoutePlan, measure: () => Promise<LatencyResult>): Promise<LatencyResult> {
  try {
    return await measure();
  } catch (error) {
    const note = `the bench failed on this route: ${(error as Error).message}`;
    return { route: plan.route.key, handler: plan.route.handler, mode: 'skipped', note };
  }
}

/**
 * Measures every plan: the reads under load first, then the sequential writes, so the writes (new
 * divisions, say) do not change what the reads return. Results keep the order of the plans.
 */
export async function measureHttp(
  plans: readonly RoutePlan[],
  client: BenchClient,
  log: (line: string) => void,
): Promise<LatencyResult[]> {
  const results = new Map<RoutePlan, LatencyResult>();
  const byKind = (kind: RoutePlan['kind']) => plans.filter((p) => p.kind === kind);
  for (const plan of byKind('load') as LoadPlan[]) {
    log(`  ${plan.route.key}: ${LOAD.connections} connections for ${LOAD.durationSeconds} s`);
    results.set(plan, await orSkipped(plan, () => measureLoad(plan, client)));
  }
  for (const plan of byKind('sequential') as SequentialPlan[]) {
    log(`  ${plan.route.key}: ${SEQUENTIAL.calls} sequential calls`);
    results.set(plan, await orSkipped(plan, () => measureSequential(plan, client)));
  }
  for (const plan of byKind('skipped'))
    results.set(plan, {
      route: plan.route.key,
      handler: plan.route.handler,
      mode: 'skipped',
      note: plan.note,
    });
  return plans.map((plan) => results.get(plan)!);
}

/**
 * A write that reports read units but no write units: either the capacity tally missed its writes
 * (DynamoDB answers PutItem, UpdateItem and DeleteItem with a bare CapacityUnits, which
 * packages/data/src/dynamo.ts files by the command), or it wrote nothing on this call. Routes known
 * to write nothing (WRITES_NOTHING) are left out.
 */
export function capacityWarning(results: readonly LatencyResult[]): string | undefined {
  const suspect = results.filter(
    (r) =>
      r.mode !== 'skipped' &&
      !r.route.startsWith('GET ') &&
      !WRITES_NOTHING.has(r.route) &&
      r.wcu === 0 &&
      (r.rcu ?? 0) > 0,
  );
  if (suspect.length === 0) return undefined;
  return (
    `${suspect.map((r) => r.route).join(', ')} report 0 WCU: either their sample call wrote nothing, ` +
    'or the capacity tally in packages/data/src/dynamo.ts filed their write units under reads.'
  );
}
