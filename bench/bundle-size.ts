import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import type { Route } from '@stormline/contract/route';
import { mean, percentile, round } from './stats';

const ROOT = path.resolve(import.meta.dirname, '..');
const HTTP_DIR = path.join(ROOT, 'functions', 'src', 'http');
/** The one handler every unimplemented route shares. */
export const NOT_IMPLEMENTED = 'not-implemented';
const INIT_RUNS = 5;
/**
 * An ESM bundle has no `require`, but the CommonJS packages inside it (@smithy/node-http-handler,
 * jsonwebtoken) require Node built-ins at load: without this banner the bundle throws
 * 'Dynamic require of "node:https" is not supported' on import. The usual Lambda ESM banner.
 */
const REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

export interface BundleResult {
  /** The handler module, functions/src/http/{bundle}.ts. */
  bundle: string;
  routes: string[];
  minifiedBytes: number;
  gzipBytes: number;
  /** What fills the bundle: bytes of output per npm package or workspace, largest first. */
  largestInputs: { input: string; bytes: number }[];
}

export interface BundleReport {
  esbuild: string;
  buildMs: number;
  results: BundleResult[];
  skipped: { route: string; note: string }[];
  summary: { smallest: BundleResult; median: BundleResult; largest: BundleResult };
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
 * Bundles the handler of every implemented route as its Lambda would be (aws-sdk v3 included, not
 * external), plus the shared not-implemented handler, in one esbuild build.
 */
export async function measureBundles(routes: readonly Route[]): Promise<BundleReport> {
  const entries = new Map<string, string[]>([[NOT_IMPLEMENTED, []]]);
  const skipped: BundleReport['skipped'] = [];
  for (const route of routes.filter((r) => r.implemented)) {
    if (!existsSync(path.join(HTTP_DIR, `${route.handler}.ts`))) {
      skipped.push({ route: route.key, note: `no module functions/src/http/${route.handler}.ts` });
      continue;
    }
    entries.set(route.handler, [...(entries.get(route.handler) ?? []), route.key]);
  }

  const outdir = await mkdtemp(path.join(os.tmpdir(), 'stormline-bundles-'));
  try {
    const started = performance.now();
    const build = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: Object.fromEntries([...entries.keys()].map((b) => [b, path.join(HTTP_DIR, `${b}.ts`)])),
      bundle: true,
      minify: true,
      treeShaking: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      banner: { js: REQUIRE_BANNER },
      outdir,
      outExtension: { '.js': '.mjs' },
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const buildMs = performance.now() - started;

    const results: BundleResult[] = [];
    const files = new Map<string, Uint8Array>();
    for (const [bundle, bundleRoutes] of entries) {
      const file = path.join(outdir, `${bundle}.mjs`);
      const output = build.outputFiles.find((f) => f.path === file);
      const meta = build.metafile.outputs[path.relative(ROOT, file)];
      if (!output || !meta) throw new Error(`esbuild wrote no ${bundle}.mjs`);
      files.set(bundle, output.contents);
      results.push({
        bundle,
        routes: bundleRoutes,
        minifiedBytes: output.contents.byteLength,
        gzipBytes: gzipSync(output.contents).byteLength,
        largestInputs: largestInputs(meta.inputs),
      });
    }

    const bySize = [...results].sort((a, b) => a.minifiedBytes - b.minifiedBytes);
    const medianSize = percentile(
      bySize.map((r) => r.minifiedBytes),
      50,
    );
    const summary = {
      smallest: bySize[0]!,
      median: bySize.find((r) => r.minifiedBytes === medianSize)!,
      largest: bySize[bySize.length - 1]!,
    };

    const largestFile = path.join(outdir, `${summary.largest.bundle.replaceAll('/', '-')}.mjs`);
    await writeFile(largestFile, files.get(summary.largest.bundle)!);
    let largestInit: BundleReport['largestInit'];
    try {
      const runsMs = importTime(largestFile);
      largestInit = {
        bundle: summary.largest.bundle,
        meanMs: round(mean(runsMs)),
        runsMs: runsMs.map((ms) => round(ms)),
      };
    } catch (error) {
      largestInit = { bundle: summary.largest.bundle, error: (error as Error).message };
    }

    return { esbuild: esbuild.version, buildMs: round(buildMs, 0), results, skipped, summary, largestInit };
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}
