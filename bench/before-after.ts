import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Route } from '@stormline/contract/route';
import { ROUTES } from '@stormline/contract/route-table';
import type * as Infra from '@stormline/infra/handler-bundles';
import {
  BASELINE_HANDLER,
  BUNDLE_BUDGET_RATIO,
  bundleHandlers,
  handlerModule,
} from '@stormline/infra/handler-bundles';
import { againstBaseline, readBundles } from './bundle-size';
import type { BuiltBundle } from './bundle-size';
import { busyPercent, cpuTimes, INIT_RUNS, INIT_WARMUP_ROUNDS, initFailed, measureInit } from './module-init';
import type { InitOutcome } from './module-init';
import { busyMachine, kb, markdownTable, num, writeResults, writeResultsText } from './report';

/**
 * `npx tsx bench/before-after.ts <old checkout>`: the Lambda bundles of the routes an older commit
 * implemented, then (the checkout given, with its own node_modules) and now (this tree), each
 * against its own bare handler (functions/src/baseline/get-item.ts, copied into the old checkout
 * when it has none). Both trees are bundled by their own infra's bundleHandlers, and every bundle
 * of both is timed in the same interleaved rounds (module-init.ts), so the two columns share the
 * machine's state. Writes bench/results/bundle-before-after.json and .md.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const BASELINE_SOURCE = path.join('functions', 'src', `${BASELINE_HANDLER}.ts`);
const log = (line: string) => console.log(line);

function usage(message: string): never {
  console.error(`${message}\n\nUsage: npx tsx bench/before-after.ts <old checkout>
  e.g. git worktree add /tmp/stormline-before 61c5747 && (cd /tmp/stormline-before && npm ci --ignore-scripts)
       npx tsx bench/before-after.ts /tmp/stormline-before
       git worktree remove --force /tmp/stormline-before`);
  process.exit(2);
}

function gitDescribe(root: string): string {
  try {
    const commit = execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
    }).trim();
    const dirty = execFileSync('git', ['-C', root, 'status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    }).trim();
    return dirty ? `${commit} with uncommitted changes` : commit;
  } catch {
    return 'unknown';
  }
}

/** Identical bare handlers in both trees time differently only by the measurement's own noise: say how much. */
function noiseNote(
  before: { minifiedBytes: number; init: InitOutcome },
  after: { minifiedBytes: number; init: InitOutcome },
): string[] {
  if (before.minifiedBytes !== after.minifiedBytes || initFailed(before.init) || initFailed(after.init))
    return [];
  const spread =
    Math.abs(after.init.medianMs - before.init.medianMs) /
    Math.min(after.init.medianMs, before.init.medianMs);
  return [
    '',
    `The two bare handlers are the same ${before.minifiedBytes} bytes; their init medians differ by ${(spread * 100).toFixed(0)}%, which is the noise of the init columns in this run.`,
  ];
}

const oldArg = process.argv[2];
if (!oldArg) usage('Give the path of the old checkout.');
const oldRoot = path.resolve(oldArg);
const oldInfraFile = path.join(oldRoot, 'infra', 'src', 'handler-bundles.ts');
const oldRouteTable = path.join(oldRoot, 'packages', 'contract', 'src', 'route-table.ts');
if (!existsSync(oldInfraFile) || !existsSync(oldRouteTable))
  usage(`${oldRoot} has no infra/src/handler-bundles.ts or packages/contract/src/route-table.ts.`);
if (!existsSync(path.join(oldRoot, 'node_modules', 'esbuild')))
  usage(
    `${oldRoot} has no node_modules: run npm ci there (its own lockfile; this tree's node_modules would bundle this tree's workspaces).`,
  );
if (!existsSync(path.join(oldRoot, BASELINE_SOURCE))) {
  log(`Copying ${BASELINE_SOURCE} into ${oldRoot}, so both trees have the same bare handler.`);
  await mkdir(path.dirname(path.join(oldRoot, BASELINE_SOURCE)), { recursive: true });
  await copyFile(path.join(ROOT, BASELINE_SOURCE), path.join(oldRoot, BASELINE_SOURCE));
}

const oldInfra = (await import(pathToFileURL(oldInfraFile).href)) as Pick<
  typeof Infra,
  'bundleHandlers' | 'handlerModule'
>;
const oldRoutes = ((await import(pathToFileURL(oldRouteTable).href)) as { ROUTES: readonly Route[] }).ROUTES;

const pairs = oldRoutes
  .filter((r) => r.implemented)
  .map((old) => ({
    route: old.key,
    before: oldInfra.handlerModule(old),
    now: ROUTES.find((r) => r.key === old.key),
  }));
const missing = pairs.filter((p) => !p.now?.implemented).map((p) => p.route);
const compared = pairs.flatMap((p) => (p.now?.implemented ? [{ ...p, after: handlerModule(p.now) }] : []));

const scratch = await mkdtemp(path.join(os.tmpdir(), 'stormline-before-after-'));
try {
  log(`Bundling ${compared.length} routes in ${oldRoot} and in ${ROOT}…`);
  const beforeModules = [BASELINE_HANDLER, ...compared.map((p) => p.before)];
  const afterModules = [BASELINE_HANDLER, ...compared.map((p) => p.after)];
  const before = await readBundles(
    beforeModules,
    oldInfra.bundleHandlers(beforeModules, path.join(scratch, 'before')),
  );
  const after = await readBundles(afterModules, bundleHandlers(afterModules, path.join(scratch, 'after')));

  const files = new Map<string, string>([
    ...[...before].map(([module, b]): [string, string] => [`before ${module}`, b.file]),
    ...[...after].map(([module, b]): [string, string] => [`after ${module}`, b.file]),
  ]);
  log(
    `Timing init: ${files.size} modules, ${INIT_RUNS} interleaved rounds (after ${INIT_WARMUP_ROUNDS} untimed)…`,
  );
  const loadStart = os.loadavg()[0] ?? 0;
  const cpuStart = cpuTimes();
  const inits = measureInit(files, { log });
  const cpuBusy = busyPercent(cpuStart, cpuTimes());
  const loadEnd = os.loadavg()[0] ?? 0;

  const side = (built: Map<string, BuiltBundle>, tag: 'before' | 'after', module: string) => {
    const bundle = built.get(module)!;
    const init = inits.get(`${tag} ${module}`)!;
    const vs = againstBaseline(
      bundle,
      init,
      built.get(BASELINE_HANDLER)!,
      inits.get(`${tag} ${BASELINE_HANDLER}`)!,
    );
    return {
      bundle: module,
      minifiedBytes: bundle.minifiedBytes,
      gzipBytes: bundle.gzipBytes,
      bytesRatio: vs.bytesRatio,
      init,
      initRatio: vs.initRatio,
      withinBudget: vs.withinBudget,
    };
  };
  const baselineRow = {
    route: `bare handler (${BASELINE_HANDLER})`,
    before: side(before, 'before', BASELINE_HANDLER),
    after: side(after, 'after', BASELINE_HANDLER),
  };
  const rows = compared.map((p) => ({
    route: p.route,
    before: side(before, 'before', p.before),
    after: side(after, 'after', p.after),
  }));

  const beforeCommit = gitDescribe(oldRoot);
  const afterCommit = gitDescribe(ROOT);
  const jsonFile = await writeResults('bundle-before-after', {
    before: { checkout: oldRoot, commit: beforeCommit },
    after: { checkout: ROOT, commit: afterCommit },
    budget: { ratio: BUNDLE_BUDGET_RATIO, baseline: BASELINE_HANDLER },
    initSettings: {
      runs: INIT_RUNS,
      warmupRounds: INIT_WARMUP_ROUNDS,
      order:
        "interleaved: each round imports every bundle of both trees once, one fresh node process at a time, in a seeded shuffled order; each tree's ratios are to its own bare handler",
    },
    initMachine: {
      cpus: os.cpus().length,
      loadAverageStart: Number(loadStart.toFixed(2)),
      loadAverageEnd: Number(loadEnd.toFixed(2)),
      cpuBusyPercent: cpuBusy,
    },
    baseline: baselineRow,
    routes: rows,
    notImplementedNow: missing,
  });

  const median = (init: InitOutcome) => (initFailed(init) ? 'failed' : num(init.medianMs));
  const x = (value: number | null) => (value === null ? '–' : `${value.toFixed(2)}x`);
  const tableRows = [baselineRow, ...rows].map((r) => [
    r.route,
    kb(r.before.minifiedBytes),
    kb(r.after.minifiedBytes),
    median(r.before.init),
    median(r.after.init),
    x(r.before.initRatio),
    x(r.after.initRatio),
  ]);
  const header = [
    'route',
    'before KB',
    'after KB',
    'before init ms',
    'after init ms',
    'before x bare init',
    'after x bare init',
  ];
  const bytesLine = rows
    .map((r) => `${r.route} ${x(r.before.bytesRatio)} → ${x(r.after.bytesRatio)}`)
    .join(' · ');
  const markdown = [
    '# Lambda bundles before and after',
    '',
    `Before: \`${beforeCommit}\`; after: \`${afterCommit}\`. Written by \`npx tsx bench/before-after.ts <old checkout>\` on ${new Date().toISOString()}, node ${process.version}, ${os.cpus().length} CPUs, 1-minute load average ${loadStart.toFixed(2)} when the imports started and ${loadEnd.toFixed(2)} when they ended, CPUs ${cpuBusy}% busy meanwhile (the imports alone: about ${Math.round(100 / os.cpus().length)}%).`,
    '',
    `KB: minified bundle built by each tree's own infra (\`bundleHandlers\`). Init: \`await import()\` in a fresh node process, median of ${INIT_RUNS} rounds interleaving every bundle of both trees. x bare: to the same tree's bare handler (\`functions/src/${BASELINE_HANDLER}.ts\`, the same source in both); the budget is ${BUNDLE_BUDGET_RATIO}x.`,
    '',
    markdownTable(header, tableRows),
    '',
    `Bytes, x bare (before → after): ${bytesLine}.`,
    ...(busyMachine({ cpus: os.cpus().length, cpuBusyPercent: cpuBusy })
      ? [
          '',
          `WARNING: the CPUs were ${cpuBusy}% busy while the imports were timed: something else ran, so the init columns are noise; rerun on a quiet machine.`,
        ]
      : []),
    ...noiseNote(baselineRow.before, baselineRow.after),
    ...(missing.length > 0 ? ['', `Implemented before but not now: ${missing.join(', ')}.`] : []),
  ].join('\n');
  const mdFile = await writeResultsText('bundle-before-after.md', markdown);

  log('');
  log(markdown);
  log('');
  log(`Wrote ${jsonFile} and ${mdFile}.`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
