import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AdminListCase, AdminListsReport, AdminPageOutcome, AdminPageSample } from './admin-lists';
import type { BundleReport, RouteBudget } from './bundle-size';
import { capacityWarning } from './http-latency';
import type { LatencyResult } from './http-latency';
import type { ListCase, ListScalingReport, PageOutcome, PageSample } from './list-scaling';
import { initFailed } from './module-init';
import type { InitOutcome } from './module-init';

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

export const num = (value: number | null | undefined, digits = 2) =>
  value === undefined || value === null || Number.isNaN(value) ? '–' : value.toFixed(digits);
export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

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

const ratioCell = (value: number | null | undefined) =>
  value === null || value === undefined ? '–' : `${value.toFixed(2)}x`;
const initCell = (init: InitOutcome) => (initFailed(init) ? 'failed' : num(init.medianMs));

function budgetCell(row: RouteBudget): string {
  if (!row.withinBudget) return 'not budgeted';
  const over = [
    ...(row.withinBudget.bytes ? [] : ['bytes']),
    ...(row.withinBudget.init === false ? ['init'] : []),
  ];
  if (over.length > 0) return `OVER: ${over.join(', ')}`;
  return row.withinBudget.init === null ? 'init unknown' : 'ok';
}

/** More than 20 points over what one import process at a time keeps busy: something else ran. */
export function busyMachine(machine: { cpus: number; cpuBusyPercent: number }): boolean {
  return machine.cpuBusyPercent > 100 / machine.cpus + 20;
}

export function bundleTable(report: BundleReport): string {
  const { baseline, budget, initSettings } = report;
  const rows = [
    [
      `bare handler (${baseline.bundle})`,
      kb(baseline.minifiedBytes),
      '1.00x',
      initCell(baseline.init),
      '1.00x',
      '',
    ],
    ...report.routes.map((r) => [
      r.route,
      kb(r.minifiedBytes),
      ratioCell(r.bytesRatio),
      initCell(r.init),
      ratioCell(r.initRatio),
      budgetCell(r),
    ]),
  ];
  const { smallest, median, largest } = report.summary;
  const size = (r: typeof smallest) => `${r.route} (${r.bundle}) ${kb(r.minifiedBytes)} KB`;
  const largestBundle = report.bundles.find((r) => r.bundle === largest.bundle)!;
  const inputs = largestBundle.largestInputs.map((i) => `${i.input} ${kb(i.bytes)} KB`).join(', ');
  const failures = [baseline.init, ...report.routes.map((r) => r.init)].filter(initFailed);
  return [
    table(
      ['route', 'KB', 'x bare (bytes)', 'init ms (median)', 'x bare (init)', `budget ${budget.ratio}x`],
      rows,
    ),
    report.overBudget.length === 0
      ? `every budgeted route is within ${budget.ratio}x the bare handler, in bytes and in init`
      : `over ${budget.ratio}x the bare handler: ${report.overBudget
          .map(
            (o) =>
              `${o.route} (${[
                o.bytesRatio === undefined ? '' : `bytes ${o.bytesRatio.toFixed(2)}x`,
                o.initRatio === undefined ? '' : `init ${o.initRatio.toFixed(2)}x`,
              ]
                .filter(Boolean)
                .join(', ')})`,
          )
          .join('; ')}`,
    ...failures.map((f) => `init failed: ${f.error}`),
    ...(busyMachine(report.initMachine)
      ? [
          `WARNING: the CPUs were ${report.initMachine.cpuBusyPercent}% busy while the imports were timed (the imports alone keep about ${Math.round(100 / report.initMachine.cpus)}% busy): something else ran, so the init columns are noise; rerun on a quiet machine`,
        ]
      : []),
    `init: await import() in a fresh node process, median of ${initSettings.runs} interleaved rounds (after ${initSettings.warmupRounds} untimed), ${(report.initMs / 1000).toFixed(0)} s in all; CPUs ${report.initMachine.cpuBusyPercent}% busy meanwhile (the imports alone: about ${Math.round(100 / report.initMachine.cpus)}%)`,
    `over all ${report.bundles.reduce((n, r) => n + r.routes.length, 0)} contract routes: smallest ${size(smallest)} · median ${size(median)} · largest ${size(largest)}`,
    `largest bundle's biggest parts: ${inputs}`,
    `esbuild ${report.esbuild}, one build of ${report.bundles.length + 1} entry points (the baseline included) in ${report.buildMs} ms`,
    ...report.skipped.map((s) => `skipped ${s.route}: ${s.note}`),
  ].join('\n');
}

/** A GitHub-flavoured markdown table, columns padded so it reads as plain text too. */
export function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(3, h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** Writes a text results file (a markdown table) beside the JSON ones. */
export async function writeResultsText(fileName: string, text: string): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, fileName);
  await writeFile(file, text.endsWith('\n') ? text : `${text}\n`);
  return path.relative(process.cwd(), file);
}

export function listScalingTable(report: ListScalingReport): string {
  const names = report.sizes.map((s) => s.name);
  const cell = (outcome: PageOutcome | undefined, value: (s: PageSample) => string) =>
    outcome === undefined || 'skipped' in outcome ? '–' : value(outcome);
  const perSize = (c: ListCase, value: (s: PageSample) => string) =>
    names.map((name) => cell(c.bySize[name], value));
  const rows = report.cases.map((c) => [
    c.name,
    ...perSize(c, (s) => `${s.rows}${s.nextCursor ? '+' : ''}`),
    ...perSize(c, (s) => num(s.rcu, 1)),
    ...perSize(c, (s) => num(s.p50Ms)),
    ...perSize(c, (s) => num(s.p99Ms)),
  ]);
  const header = [
    'list, page',
    ...['rows', 'RCU', 'p50 ms', 'p99 ms'].flatMap((column) => names.map((name) => `${column} ${name}`)),
  ];
  const sizes = report.sizes
    .map(
      (s) =>
        `${s.name}: ${s.storedDivisions ?? '?'} divisions, ${s.unreadNotifications ?? '?'} unread notifications (the seed + ${s.addedDivisions} / ${s.addedNotifications} added in ${(s.writeMs / 1000).toFixed(1)} s)`,
    )
    .join(' · ');
  const skipped = report.cases.flatMap((c) =>
    Object.entries(c.bySize).flatMap(([size, outcome]) =>
      outcome && 'skipped' in outcome && !outcome.skipped.startsWith('page 1 had no next page')
        ? [`skipped ${c.name} (${size}): ${outcome.skipped}`]
        : [],
    ),
  );
  const notes = new Map(
    report.cases.flatMap((c) => (c.note ? [[c.name.replace(/, page \d+$/, ''), c.note] as const] : [])),
  );
  return [
    table(header, rows),
    sizes,
    ...[...notes].map(([list, note]) => `${list}: ${note}`),
    `rows: shown on the page, + when it has a next page; page 2 follows page 1's cursor. ${report.settings.calls} sequential calls per page (after ${report.settings.warmupCalls} untimed); RCU of the first call.`,
    report.capacityDiffers.length === 0
      ? 'every page showing the same rows at both sizes read the same capacity'
      : `same rows, different capacity at the two sizes: ${report.capacityDiffers.join('; ')}`,
    ...(report.rowsDiffer.length === 0
      ? []
      : [
          `* different rows shown at the two sizes, so different pages compared (not flagged): ${report.rowsDiffer.join('; ')}`,
        ]),
    ...skipped,
  ].join('\n');
}

const adminCell = (outcome: AdminPageOutcome | undefined, value: (s: AdminPageSample) => string) =>
  outcome === undefined || 'skipped' in outcome ? '–' : value(outcome);

/** The admin lists' rows: both sizes side by side, then full / tenth. */
function adminListRows(report: AdminListsReport): { header: string[]; rows: string[][] } {
  const ratioOf = (c: AdminListCase, key: 'p50' | 'rcu') => {
    const value = c.ratios?.[key];
    if (value === undefined || value === null || Number.isNaN(value)) return '–';
    const rowsDiffer = report.rowsDiffer.includes(c.name);
    return `${value.toFixed(2)}x${c.over.includes(key) ? ' !' : rowsDiffer ? ' *' : ''}`;
  };
  const rows = report.cases.map((c) => {
    const [tenth, full] = [c.bySize.tenth, c.bySize.full];
    return [
      c.name,
      ...[tenth, full].map((o) => adminCell(o, (s) => `${s.rows}${s.nextCursor ? '+' : ''}`)),
      ...[tenth, full].map((o) => adminCell(o, (s) => num(s.rcu, 1))),
      ratioOf(c, 'rcu'),
      ...[tenth, full].map((o) => adminCell(o, (s) => num(s.p50Ms))),
      ratioOf(c, 'p50'),
      ...[tenth, full].map((o) => adminCell(o, (s) => num(s.p99Ms))),
    ];
  });
  const header = [
    'list, page',
    'rows tenth',
    'rows full',
    'RCU tenth',
    'RCU full',
    'RCU x',
    'p50 ms tenth',
    'p50 ms full',
    'p50 x',
    'p99 ms tenth',
    'p99 ms full',
  ];
  return { header, rows };
}

/** What the admin lists' table says under it: the sizes, the machine, the flags and what was skipped. */
function adminListNotes(report: AdminListsReport): string[] {
  const { timedMachine: m, settings } = report;
  const limit = `${settings.ratioLimit}x`;
  const writes = report.divisions.map((d) => d.writeMs);
  return [
    report.divisions
      .map(
        (d) =>
          `${d.name}: ${d.stored.users ?? '?'} users (${d.added.users} + the admin), ${d.stored.clients ?? '?'} clients, ${d.stored.groups ?? '?'} groups, ${d.added.legendItems} legend items, ${d.stored.templates ?? '?'} templates`,
      )
      .join(' · '),
    `rows: shown on the page, + when it has a next page; page 2 follows page 1's cursor. ${settings.calls} calls per page and size (after ${settings.warmupCalls} untimed), the two sizes alternating, after ${settings.warmupRounds} untimed calls round the first pages; RCU of the first call; x: full / tenth, ! above ${limit}.`,
    `load average ${m.loadAverageStart.toFixed(2)} at the start of the timed calls and ${m.loadAverageEnd.toFixed(2)} at the end, on ${m.cpus} CPUs (${(m.timedMs / 1000).toFixed(0)} s timed; the divisions written in ${writes.map((w) => (w / 1000).toFixed(1)).join(' s and ')} s)${m.loadAverageStart > m.cpus || m.loadAverageEnd > m.cpus ? ': WARNING, busier than the CPU count, the latency columns are noisy' : ''}`,
    report.capacityOver.length === 0
      ? `capacity: every page reads and writes at most ${limit} at full size what it does at a tenth`
      : `capacity above ${limit} at full size: ${report.capacityOver.join('; ')}`,
    report.latencyOver.length === 0
      ? `latency: every p50 at full size is within ${limit} of the tenth's${report.latencyOverOnce.length > 0 ? ' (counting the rechecks)' : ''}`
      : `p50 latency above ${limit} at full size, timed twice: ${report.latencyOver.join('; ')}`,
    ...report.cases.flatMap((c) =>
      c.recheck
        ? [
            `recheck of ${c.name} (p50 ${c.ratios!.p50.toFixed(2)}x the first time): ${num(c.recheck.p50Tenth)} ms tenth, ${num(c.recheck.p50Full)} ms full, ${c.recheck.p50.toFixed(2)}x`,
          ]
        : [],
    ),
    ...(report.rowsDiffer.length === 0
      ? []
      : [
          `* different rows shown at the two sizes, so different pages compared (not flagged): ${report.rowsDiffer.join('; ')}`,
        ]),
    ...report.skippedRoutes.map((s) => `skipped ${s.route}: ${s.reason}`),
    ...report.cases.flatMap((c) =>
      Object.entries(c.bySize).flatMap(([size, outcome]) =>
        outcome && 'skipped' in outcome ? [`not timed: ${c.name} (${size}): ${outcome.skipped}`] : [],
      ),
    ),
  ];
}

export function adminListsTable(report: AdminListsReport): string {
  const { header, rows } = adminListRows(report);
  return [table(header, rows), ...adminListNotes(report)].join('\n');
}

export function adminListsMarkdown(report: AdminListsReport & { measuredAt?: string }): string {
  const { header, rows } = adminListRows(report);
  return [
    '# Administration lists at two division sizes',
    '',
    `Written by \`npx tsx bench/admin-lists-run.ts\` (and \`npm run bench\`)${report.measuredAt ? ` at ${report.measuredAt}` : ''}; see bench/README.md.`,
    '',
    markdownTable(header, rows),
    '',
    ...adminListNotes(report).map((line) => `- ${line}`),
  ].join('\n');
}
