import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import type { Route } from '@stormline/contract/route';
import { bundleHandlers, handlerModule, WEBSOCKET_HANDLERS } from '@stormline/infra/handler-bundles';
import { mean, round } from './stats';

const ROOT = path.resolve(import.meta.dirname, '..');
const INIT_RUNS = 5;

export interface BundleResult {
  /** The handler module, functions/src/{bundle}.ts. */
  bundle: string;
  routes: string[];
  minifiedBytes: number;
  gzipBytes: number;
  /** What fills the bundle: bytes of output per npm package or workspace, largest first. */
  largestInputs: { input: string; bytes: number }[];
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
  results: BundleResult[];
  skipped: { route: string; note: string }[];
  /** Over every route (most share the not-implemented bundle), not over distinct bundles. */
  summary: { smallest: RouteBundle; median: RouteBundle; largest: RouteBundle };
  /** Time to `await import()` the largest bundle in a fresh node process. */
  largestInit: { bundle: string; meanMs: number; runsMs: number[] } | { bundle: string; error: string };
}

/** node_modules/@aws-sdk/client-dynamodb/dist-es/... gives @aws-sdk/client-dynamodb; ours give the workspace. */
function inputOwner(input: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (pkg) return pkg[1]!;
  const ours = /^(packages\/[^/]+|functions)\//.exec(input);
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

/** Mean time to import a module in a fresh node process (parse, compile and run its top level). */
function importTime(file: string): number[] {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(String(performance.now() - t));`;
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  return Array.from({ length: INIT_RUNS }, () => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' });
    const ms = Number(run.stdout);
    if (run.status !== 0 || !Number.isFinite(ms))
      throw new Error(`importing ${path.basename(file)} failed: ${run.stderr.trim().split('\n')[0]}`);
    return ms;
  });
}

/**
 * Bundles every Lambda exactly as the CDK app deploys it (infra's one esbuild build: every route's
 * module, the shared not-implemented handler, the WebSocket handlers) and measures each bundle.
 */
export async function measureBundles(routes: readonly Route[]): Promise<BundleReport> {
  const routesByModule = new Map<string, string[]>();
  for (const route of routes) {
    const module = handlerModule(route);
    routesByModule.set(module, [...(routesByModule.get(module) ?? []), route.key]);
  }
  for (const [name, module] of Object.entries(WEBSOCKET_HANDLERS)) routesByModule.set(module, [`$${name}`]);

  const outdir = await mkdtemp(path.join(os.tmpdir(), 'stormline-bundles-'));
  try {
    const started = performance.now();
    const { dirs, metafile } = bundleHandlers([...routesByModule.keys()], outdir);
    const buildMs = performance.now() - started;

    const results: BundleResult[] = [];
    for (const [module, moduleRoutes] of routesByModule) {
      const file = path.join(dirs.get(module)!, 'index.mjs');
      const contents = await readFile(file);
      const meta = Object.entries(metafile.outputs).find(([out]) => path.resolve(ROOT, out) === file)?.[1];
      if (!meta) throw new Error(`esbuild wrote no ${module}/index.mjs`);
      results.push({
        bundle: module,
        routes: moduleRoutes,
        minifiedBytes: contents.byteLength,
        gzipBytes: gzipSync(contents).byteLength,
        largestInputs: largestInputs(meta.inputs),
      });
    }

    const perRoute: RouteBundle[] = results
      .flatMap((r) =>
        r.routes.map((route) => ({
          route,
          bundle: r.bundle,
          minifiedBytes: r.minifiedBytes,
          gzipBytes: r.gzipBytes,
        })),
      )
      .sort((a, b) => a.minifiedBytes - b.minifiedBytes);
    const summary = {
      smallest: perRoute[0]!,
      median: perRoute[Math.floor((perRoute.length - 1) / 2)]!,
      largest: perRoute[perRoute.length - 1]!,
    };

    let largestInit: BundleReport['largestInit'];
    try {
      const runsMs = importTime(path.join(dirs.get(summary.largest.bundle)!, 'index.mjs'));
      largestInit = {
        bundle: summary.largest.bundle,
        meanMs: round(mean(runsMs)),
        runsMs: runsMs.map((ms) => round(ms)),
      };
    } catch (error) {
      largestInit = { bundle: summary.largest.bundle, error: (error as Error).message };
    }

    return {
      esbuild: esbuild.version,
      buildMs: round(buildMs, 0),
      results,
      skipped: [],
      summary,
      largestInit,
    };
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}
