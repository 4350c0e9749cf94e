import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BundleReport } from './bundle-size';
import { capacityWarning } from './http-latency';
import type { LatencyResult } from './http-latency';

const RESULTS_DIR = path.join(import.meta.dirname, 'results');

/** Where and when the numbers were taken; they only compare with numbers from the same machine. */
function envelope() {
  const cpus = os.cpus();
  return {
    measuredAt: new Date().toISOString(),
    node: process.version,
    machine: {
      cpus: cpus.length,
      model: cpus[0]?.model.trim() ?? 'unknown',
      /** 1, 5 and 15 minute load averages when written: above the CPU count, other work shared the machine. */
      loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    },
  };
}

export async function writeResults(name: string, content: Record<string, unknown>): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  await writeFile(file, `${JSON.stringify({ ...envelope(), ...content }, null, 2)}\n`);
  return path.relative(process.cwd(), file);
}

/** Left-aligns the first column and right-aligns the rest (numbers). */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const num = (value: number | null | undefined, digits = 2) =>
  value === undefined || value === null || Number.isNaN(value) ? '–' : value.toFixed(digits);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export function latencyTable(results: readonly LatencyResult[]): string {
  const rows = results
    .filter((r) => r.mode !== 'skipped')
    .map((r) => [
      r.route,
      r.mode,
      num(r.p50Ms),
      num(r.p99Ms),
      num(r.reqPerSec, 0),
      num(r.rcu, 1),
      num(r.wcu, 1),
      r.failed ? String(r.failed) : '',
    ]);
  const lines = [table(['route', 'mode', 'p50 ms', 'p99 ms', 'req/s', 'RCU', 'WCU', 'failed'], rows)];
  for (const r of results.filter((x) => x.mode === 'skipped')) lines.push(`skipped ${r.route}: ${r.note}`);
  const warning = capacityWarning(results);
  if (warning) lines.push(`note: ${warning}`);
  return lines.join('\n');
}

export function bundleTable(report: BundleReport): string {
  const rows = report.results.map((r) => [
    r.bundle,
    String(r.routes.length),
    kb(r.minifiedBytes),
    kb(r.gzipBytes),
  ]);
  const { smallest, median, largest } = report.summary;
  const size = (r: typeof smallest) => `${r.route} (${r.bundle}) ${kb(r.minifiedBytes)} KB`;
  const largestBundle = report.results.find((r) => r.bundle === largest.bundle)!;
  const init =
    'error' in report.largestInit
      ? `init of the largest failed: ${report.largestInit.error}`
      : `init (await import) of ${report.largestInit.bundle}: ${num(report.largestInit.meanMs)} ms, mean of ${report.largestInit.runsMs.length} fresh node processes`;
  const inputs = largestBundle.largestInputs.map((i) => `${i.input} ${kb(i.bytes)} KB`).join(', ');
  return [
    table(['bundle', 'routes', 'minified KB', 'gzip KB'], rows),
    `over all ${report.results.reduce((n, r) => n + r.routes.length, 0)} routes: smallest ${size(smallest)} · median ${size(median)} · largest ${size(largest)}`,
    `largest bundle's biggest parts: ${inputs}`,
    init,
    `esbuild ${report.esbuild}, one build of ${report.results.length} entry points in ${report.buildMs} ms`,
    ...report.skipped.map((s) => `skipped ${s.route}: ${s.note}`),
  ].join('\n');
}
