import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { median, round } from './stats';

/**
 * Module initialisation of bundled Lambdas: the time `await import()` of a bundle takes in a
 * fresh node process (read, parse, compile, run its top level), roughly the module part of a
 * Lambda cold start. Node's own start-up is not in the number: the clock starts in the process.
 */

/** Timed imports per module; the issue asks for the median of at least 9. Odd, so the median is a run. */
export const INIT_RUNS = 21;
/** Untimed rounds first, so every bundle is in the page cache before any is timed. */
export const INIT_WARMUP_ROUNDS = 1;

export interface InitTiming {
  medianMs: number;
  minMs: number;
  maxMs: number;
  runs: number;
  /** In the order the rounds ran. */
  runsMs: number[];
}

export type InitOutcome = InitTiming | { error: string };

export const initFailed = (outcome: InitOutcome): outcome is { error: string } => 'error' in outcome;

/**
 * The environment of a fresh process: without tsx's loader or a compile cache, which would change
 * what is timed, so every run times the same work whether or not the caller set them.
 */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NODE_OPTIONS;
  delete env.NODE_COMPILE_CACHE;
  return env;
}

/** One import of `file` in a fresh node process, in ms; throws with the child's first error line. */
function importOnce(file: string, env: NodeJS.ProcessEnv): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(String(performance.now() - t));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' });
  const ms = Number(run.stdout);
  if (run.status !== 0 || run.stdout === '' || !Number.isFinite(ms))
    throw new Error(
      `importing ${path.basename(path.dirname(file))}/${path.basename(file)} failed: ${run.stderr.trim().split('\n')[0]}`,
    );
  return ms;
}

/** mulberry32: a small seeded generator, so a round's order is the same from run to run. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = generator(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Times the import of every module (name → bundle file), interleaved: round i imports each module
 * once, one process at a time, in an order shuffled afresh for the round, so drift and background
 * load fall on every module alike instead of on whichever was measured last. A module whose
 * import fails is left out of the later rounds and answers its error.
 */
export function measureInit(
  modules: ReadonlyMap<string, string>,
  options: { runs?: number; warmupRounds?: number; log?: (line: string) => void } = {},
): Map<string, InitOutcome> {
  const runs = options.runs ?? INIT_RUNS;
  const warmupRounds = options.warmupRounds ?? INIT_WARMUP_ROUNDS;
  const env = childEnv();
  const samples = new Map<string, number[]>([...modules.keys()].map((name) => [name, []]));
  const errors = new Map<string, string>();
  const names = [...modules.keys()];
  for (let round = 0; round < warmupRounds + runs; round++) {
    const timed = round >= warmupRounds;
    for (const name of shuffled(names, round + 1)) {
      if (errors.has(name)) continue;
      try {
        const ms = importOnce(modules.get(name)!, env);
        if (timed) samples.get(name)!.push(ms);
      } catch (error) {
        errors.set(name, (error as Error).message);
      }
    }
    if (timed) options.log?.(`  init round ${round - warmupRounds + 1}/${runs}`);
  }
  return new Map(
    names.map((name): [string, InitOutcome] => {
      const error = errors.get(name);
      if (error) return [name, { error }];
      const ms = samples.get(name)!;
      return [
        name,
        {
          medianMs: round(median(ms)),
          minMs: round(Math.min(...ms)),
          maxMs: round(Math.max(...ms)),
          runs: ms.length,
          runsMs: ms.map((x) => round(x)),
        },
      ];
    }),
  );
}

/** `value / baseline`, to 0.01; null when either is missing. */
export function ratio(value: number | undefined, baseline: number | undefined): number | null {
  if (value === undefined || baseline === undefined || !(baseline > 0) || !Number.isFinite(value))
    return null;
  return round(value / baseline);
}

/** Idle and total CPU time of the machine so far, over all CPUs (ms). */
export function cpuTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, total };
}

/**
 * How busy the machine's CPUs were between two cpuTimes() readings, in percent of all CPUs. The
 * imports run one process at a time, so they alone keep about 100 / CPU count percent busy; much
 * more means something else ran beside them.
 */
export function busyPercent(start: { idle: number; total: number }, end: { idle: number; total: number }) {
  const total = end.total - start.total;
  return total > 0 ? Math.round((1 - (end.idle - start.idle) / total) * 100) : Number.NaN;
}
