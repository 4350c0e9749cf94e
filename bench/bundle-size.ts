import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import type { Metafile } from 'esbuild';
import type { Route } from '@stormline/contract/route';
import {
  BASELINE_HANDLER,
  BUNDLE_BUDGET_RATIO,
  bundleHandlers,
  handlerModule,
  NOT_IMPLEMENTED,
  WEBSOCKET_HANDLERS,
} from '@stormline/infra/handler-bundles';
import {
  busyPercent,
  cpuTimes,
  INIT_RUNS,
  INIT_WARMUP_ROUNDS,
  initFailed,
  measureInit,
  ratio,
} from './module-init';
import type { InitOutcome } from './module-init';
import { round } from './stats';

export interface BundleResult {
  /** The handler module, functions/src/{bundle}.ts. */
  bundle: string;
  routes: string[];
  minifiedBytes: number;
  gzipBytes: number;
  /** What fills the bundle: bytes of output per npm package or workspace, largest first. */
  largestInputs: { input: string; bytes: number }[];
}

/**
 * One row of the budget table: an implemented HTTP route, a WebSocket handler ($connect,
 * $disconnect), or the shared not-implemented handler (one row for all its routes, outside the
 * budget).
 */
export interface RouteBudget {
  route: string;
  kind: 'http' | 'websocket' | 'not-implemented';
  bundle: string;
  minifiedBytes: number;
  gzipBytes: number;
  /** minifiedBytes / the baseline's. */
  bytesRatio: number;
  init: InitOutcome;
  /** init median / the baseline's init median; null when either import failed. */
  initRatio: number | null;
  /** Each ratio at most BUNDLE_BUDGET_RATIO; null for the not-implemented handler (not budgeted) or a failed import. */
  withinBudget: { bytes: boolean; init: boolean | null } | null;
}

export interface RouteBundle {
  route: string;
  bundle: string;
  minifiedBytes: number;
  gzipBytes: number;
}

export interface BundleReport {
  esbuild: string;
  buildMs: number;
  /** Wall time of all the timed imports. */
  initMs: number;
  budget: { ratio: number; baseline: string; appliesTo: string };
  initSettings: { runs: number; warmupRounds: number; order: string };
  /**
   * The machine while the imports were timed: the 1-minute load average when they started (it
   * still counts the bench's earlier phases) and ended, and how busy all CPUs were meanwhile (the
   * imports alone, one process at a time, keep about 100 / cpus percent busy).
   */
  initMachine: { cpus: number; loadAverageStart: number; loadAverageEnd: number; cpuBusyPercent: number };
  baseline: { bundle: string; minifiedBytes: number; gzipBytes: number; init: InitOutcome };
  /** Implemented routes, then the WebSocket handlers, then the not-implemented handler. */
  routes: RouteBudget[];
  /** Budgeted rows over the ratio, and the ratios that are. */
  overBudget: { route: string; bytesRatio?: number; initRatio?: number }[];
  /** Over every contract route (most share the not-implemented bundle), not over distinct bundles. */
  summary: { smallest: RouteBundle; median: RouteBundle; largest: RouteBundle };
  bundles: BundleResult[];
  skipped: { route: string; note: string }[];
}

/** node_modules/@aws-sdk/client-dynamodb/dist-es/... gives @aws-sdk/client-dynamodb; ours give the workspace. */
function inputOwner(input: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (pkg) return pkg[1]!;
  const ours = /(?:^|\/)(packages\/[^/]+|functions)\//.exec(input);
  return ours ? ours[1]! : input;
}

function largestInputs(inputs: Record<string, { bytesInOutput: number }>): BundleResult['largestInputs'] {
  const owners = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(inputs))
    owners.set(inputOwner(input), (owners.get(inputOwner(input)) ?? 0) + bytesInOutput);
  return [...owners]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([input, bytes]) => ({ input, bytes }));
}

export interface BuiltBundle {
  module: string;
  file: string;
  minifiedBytes: number;
  gzipBytes: number;
  largestInputs: BundleResult['largestInputs'];
}

/**
 * Reads what one `bundleHandlers` build wrote: each module's index.mjs, its gzip size and what
 * fills it (esbuild's metafile names files relative to the working directory).
 */
export async function readBundles(
  modules: readonly string[],
  build: { dirs: Map<string, string>; metafile: Metafile },
): Promise<Map<string, BuiltBundle>> {
  const built = new Map<string, BuiltBundle>();
  for (const module of new Set(modules)) {
    const file = path.join(build.dirs.get(module)!, 'index.mjs');
    const contents = await readFile(file);
    const meta = Object.entries(build.metafile.outputs).find(([out]) => path.resolve(out) === file)?.[1];
    if (!meta) throw new Error(`esbuild wrote no ${module}/index.mjs`);
    built.set(module, {
      module,
      file,
      minifiedBytes: contents.byteLength,
      gzipBytes: gzipSync(contents).byteLength,
      largestInputs: largestInputs(meta.inputs),
    });
  }
  return built;
}

const initMedian = (outcome: InitOutcome) => (initFailed(outcome) ? undefined : outcome.medianMs);

/** How a module compares with the baseline, in bytes and in init median. */
export function againstBaseline(
  bundle: BuiltBundle,
  init: InitOutcome,
  baseline: BuiltBundle,
  baselineInit: InitOutcome,
): { bytesRatio: number; initRatio: number | null; withinBudget: { bytes: boolean; init: boolean | null } } {
  const initRatio = ratio(initMedian(init), initMedian(baselineInit));
  const exactInit =
    initRatio === null ? null : initMedian(init)! / initMedian(baselineInit)! <= BUNDLE_BUDGET_RATIO;
  return {
    bytesRatio: ratio(bundle.minifiedBytes, baseline.minifiedBytes)!,
    initRatio,
    withinBudget: {
      bytes: bundle.minifiedBytes / baseline.minifiedBytes <= BUNDLE_BUDGET_RATIO,
      init: exactInit,
    },
  };
}

/**
 * Bundles every Lambda exactly as the CDK app deploys it (infra's one esbuild build: every route's
 * module, the shared not-implemented handler, the WebSocket handlers) together with the bare
 * one-item read (BASELINE_HANDLER) in the same build, then times every distinct budgeted module's
 * import against the baseline's, interleaved (module-init.ts).
 */
export async function measureBundles(
  routes: readonly Route[],
  log: (line: string) => void = () => {},
): Promise<BundleReport> {
  const routesByModule = new Map<string, string[]>();
  for (const route of routes) {
    const module = handlerModule(route);
    routesByModule.set(module, [...(routesByModule.get(module) ?? []), route.key]);
  }
  for (const [name, module] of Object.entries(WEBSOCKET_HANDLERS)) routesByModule.set(module, [`$${name}`]);

  const outdir = await mkdtemp(path.join(os.tmpdir(), 'stormline-bundles-'));
  try {
    const modules = [BASELINE_HANDLER, ...routesByModule.keys()];
    const started = performance.now();
    const build = bundleHandlers(modules, outdir);
    const buildMs = performance.now() - started;
    const built = await readBundles(modules, build);

    log(
      `  timing init: ${built.size} modules, ${INIT_RUNS} interleaved rounds (after ${INIT_WARMUP_ROUNDS} untimed)…`,
    );
    const initStarted = performance.now();
    const loadStart = os.loadavg()[0] ?? 0;
    const cpuStart = cpuTimes();
    const inits = measureInit(new Map([...built].map(([module, b]) => [module, b.file])));
    const cpuBusy = busyPercent(cpuStart, cpuTimes());
    const loadEnd = os.loadavg()[0] ?? 0;
    const initMs = performance.now() - initStarted;

    const baseline = built.get(BASELINE_HANDLER)!;
    const baselineInit = inits.get(BASELINE_HANDLER)!;
    const row = (route: string, kind: RouteBudget['kind'], module: string): RouteBudget => {
      const bundle = built.get(module)!;
      const init = inits.get(module)!;
      const compared = againstBaseline(bundle, init, baseline, baselineInit);
      return {
        route,
        kind,
        bundle: module,
        minifiedBytes: bundle.minifiedBytes,
        gzipBytes: bundle.gzipBytes,
        bytesRatio: compared.bytesRatio,
        init,
        initRatio: compared.initRatio,
        withinBudget: kind === 'not-implemented' ? null : compared.withinBudget,
      };
    };
    const notImplemented = routesByModule.get(NOT_IMPLEMENTED) ?? [];
    const budgetRows: RouteBudget[] = [
      ...routes.filter((r) => r.implemented).map((r) => row(r.key, 'http', handlerModule(r))),
      ...Object.entries(WEBSOCKET_HANDLERS).map(([name, module]) => row(`$${name}`, 'websocket', module)),
      ...(notImplemented.length > 0
        ? [row(`not implemented (${notImplemented.length} routes)`, 'not-implemented', NOT_IMPLEMENTED)]
        : []),
    ];
    const overBudget = budgetRows.flatMap((r) => {
      if (!r.withinBudget || (r.withinBudget.bytes && r.withinBudget.init !== false)) return [];
      return [
        {
          route: r.route,
          ...(r.withinBudget.bytes ? {} : { bytesRatio: r.bytesRatio }),
          ...(r.withinBudget.init === false ? { initRatio: r.initRatio! } : {}),
        },
      ];
    });

    const bundles: BundleResult[] = [...routesByModule].map(([module, moduleRoutes]) => {
      const b = built.get(module)!;
      return {
        bundle: module,
        routes: moduleRoutes,
        minifiedBytes: b.minifiedBytes,
        gzipBytes: b.gzipBytes,
        largestInputs: b.largestInputs,
      };
    });
    const perRoute: RouteBundle[] = bundles
      .flatMap((r) =>
        r.routes.map((route) => ({
          route,
          bundle: r.bundle,
          minifiedBytes: r.minifiedBytes,
          gzipBytes: r.gzipBytes,
        })),
      )
      .sort((a, b) => a.minifiedBytes - b.minifiedBytes);

    return {
      esbuild: esbuild.version,
      buildMs: round(buildMs, 0),
      initMs: round(initMs, 0),
      budget: {
        ratio: BUNDLE_BUDGET_RATIO,
        baseline: BASELINE_HANDLER,
        appliesTo:
          'every implemented route and the WebSocket handlers, bytes and init median each; not the not-implemented handler',
      },
      initSettings: {
        runs: INIT_RUNS,
        warmupRounds: INIT_WARMUP_ROUNDS,
        order:
          'interleaved: each round imports every module once, one fresh node process at a time, in a seeded shuffled order',
      },
      initMachine: {
        cpus: os.cpus().length,
        loadAverageStart: round(loadStart),
        loadAverageEnd: round(loadEnd),
        cpuBusyPercent: cpuBusy,
      },
      baseline: {
        bundle: BASELINE_HANDLER,
        minifiedBytes: baseline.minifiedBytes,
        gzipBytes: baseline.gzipBytes,
        init: baselineInit,
      },
      routes: budgetRows,
      overBudget,
      summary: {
        smallest: perRoute[0]!,
        median: perRoute[Math.floor((perRoute.length - 1) / 2)]!,
        largest: perRoute[perRoute.length - 1]!,
      },
      bundles,
      skipped: [],
    };
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}
