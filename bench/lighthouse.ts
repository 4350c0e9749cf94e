import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import type { Result as LighthouseResult } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { startRuntime } from '@stormline/local/runtime';
import { startHttp2Front } from './http2-front';
import { DEMO_ACCOUNTS } from '@stormline/local/seed';
import { createBenchClient } from './bench-client';
import { markdownTable, num, table } from './report';

/**
 * Lighthouse 13 (its default mobile config: simulated slow 4G and a 4x slower CPU) on the two
 * pages a user meets first: /login, and the dashboard signed in as the admin. Debian chromium,
 * headless. The signed-in run puts the token in localStorage at document start, so Lighthouse
 * still clears the origin's cache and storage first and measures a first visit.
 */

export const LIGHTHOUSE_PAGES = [
  { name: '/login', path: '/login', signedIn: false },
  { name: 'dashboard', path: '/divisions/north-region/dashboard', signedIn: true },
] as const;
export type LighthousePageName = (typeof LIGHTHOUSE_PAGES)[number]['name'];

/** Runs per page; the run with the median performance score is the one reported. */
export const LIGHTHOUSE_RUNS = 3;
// The bench's HTTP/2 front has a self-signed certificate (bench/http2-front.ts).
export const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--ignore-certificate-errors'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Lighthouse's simulated metrics (mobile, slow 4G), milliseconds; cls unitless. */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  speedIndexMs: number;
  cls: number;
  /** Bytes over the wire by resource type, as Lighthouse saw them (compressed when served so). */
  transferBytes: { script: number; stylesheet: number; document: number; total: number };
  /** Audits of the accessibility category that failed, with the number of elements each flagged. */
  accessibilityFailures: { id: string; items: number }[];
  finalUrl: string;
}

export interface LighthousePageResult {
  page: LighthousePageName;
  path: string;
  signedIn: boolean;
  /** The run with the median performance score. */
  median: LighthouseRun;
  runs: LighthouseRun[];
}

export interface LighthouseReport {
  lighthouse: string;
  chrome: string;
  settings: { formFactor: string; throttlingMethod: string; runsPerPage: number; chromeFlags: string[] };
  /**
   * 1-minute load average before the runtime started and when the runs ended. Lighthouse times
   * the page's CPU work unthrottled and scales it 4x, so other work on the machine inflates TBT
   * and LCP: above the CPU count before we start, the scores are noise. (The runs themselves,
   * chromium beside the gateway and DynamoDB Local, bring it to about 2.)
   */
  load: { cpus: number; atStart: number; atEnd: number };
  /** Served without compression (`--uncompressed`: the gateway before it compressed). */
  uncompressed?: boolean;
  pages: LighthousePageResult[];
}

const score = (lhr: LighthouseResult, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const metric = (lhr: LighthouseResult, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

function transferBytes(lhr: LighthouseResult): LighthouseRun['transferBytes'] {
  const items = (
    lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
  )?.items;
  const of = (type: string) => items?.find((i) => i.resourceType === type)?.transferSize ?? 0;
  return { script: of('script'), stylesheet: of('stylesheet'), document: of('document'), total: of('total') };
}

function summarise(lhr: LighthouseResult): LighthouseRun {
  const accessibilityFailures = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
    )
    .map((audit) => ({
      id: audit!.id,
      items: (audit!.details as { items?: unknown[] } | undefined)?.items?.length ?? 0,
    }));
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    fcpMs: metric(lhr, 'first-contentful-paint'),
    lcpMs: metric(lhr, 'largest-contentful-paint'),
    tbtMs: metric(lhr, 'total-blocking-time'),
    speedIndexMs: metric(lhr, 'speed-index'),
    cls: metric(lhr, 'cumulative-layout-shift'),
    transferBytes: transferBytes(lhr),
    accessibilityFailures,
    finalUrl: lhr.finalDisplayedUrl,
  };
}

/** Lighthouse on each page of LIGHTHOUSE_PAGES against a running gateway at baseUrl. */
export interface LighthouseOptions {
  runs?: number;
  /** Also keep each run's full report (JSON) here. */
  reportDir?: string;
  /** Ask for every file uncompressed (Accept-Encoding: identity), as the gateway once served them. */
  uncompressed?: boolean;
  /** The 1-minute load average before anything of the bench started. */
  loadAtStart?: number;
}

export async function measureLighthouse(
  baseUrl: string,
  token: string,
  log: (line: string) => void,
  { runs = LIGHTHOUSE_RUNS, reportDir, uncompressed, loadAtStart }: LighthouseOptions = {},
): Promise<LighthouseReport> {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROME_FLAGS,
  });
  let version = '';
  const atStart = loadAtStart ?? os.loadavg()[0] ?? 0;
  try {
    const chrome = await browser.version();
    const pages: LighthousePageResult[] = [];
    for (const target of LIGHTHOUSE_PAGES) {
      const results: LighthouseRun[] = [];
      for (let run = 0; run < runs; run++) {
        const page = await browser.newPage();
        try {
          // At document start, after Lighthouse has cleared the origin's storage and cache.
          if (target.signedIn)
            await page.evaluateOnNewDocument((value) => localStorage.setItem('token', value), token);
          const result = await lighthouse(
            `${baseUrl}${target.path}`,
            {
              logLevel: 'error',
              output: 'json',
              onlyCategories: [...CATEGORIES],
              ...(uncompressed ? { extraHeaders: { 'Accept-Encoding': 'identity' } } : {}),
            },
            undefined,
            page,
          );
          if (!result) throw new Error(`Lighthouse returned nothing for ${target.path}`);
          const lhr = result.lhr;
          if (lhr.runtimeError) throw new Error(`Lighthouse on ${target.path}: ${lhr.runtimeError.message}`);
          version = lhr.lighthouseVersion;
          if (reportDir) {
            await mkdir(reportDir, { recursive: true });
            const name = `${target.name.replace(/\W+/g, '') || 'page'}-run${run + 1}.report.json`;
            await writeFile(path.join(reportDir, name), JSON.stringify(lhr));
          }
          const summary = summarise(lhr);
          if (new URL(summary.finalUrl).pathname !== target.path)
            throw new Error(`${target.path} ended on ${summary.finalUrl}: the page under test was not shown`);
          results.push(summary);
          log(
            `  ${target.name} run ${run + 1}: performance ${summary.performance}, accessibility ${summary.accessibility}, LCP ${num(summary.lcpMs / 1000, 1)} s`,
          );
        } finally {
          await page.close();
        }
      }
      const sorted = [...results].sort((a, b) => a.performance - b.performance);
      pages.push({
        page: target.name,
        path: target.path,
        signedIn: target.signedIn,
        median: sorted[Math.floor((sorted.length - 1) / 2)]!,
        runs: results,
      });
    }
    return {
      lighthouse: version,
      chrome,
      settings: {
        formFactor: 'mobile',
        throttlingMethod: 'simulate',
        runsPerPage: runs,
        chromeFlags: CHROME_FLAGS,
      },
      load: { cpus: os.cpus().length, atStart: round2(atStart), atEnd: round2(os.loadavg()[0] ?? 0) },
      ...(uncompressed ? { uncompressed } : {}),
      pages,
    };
  } finally {
    await browser.close();
  }
}

/** A fresh in-memory runtime (seeded) serving webDist (default web/dist), the admin signed in. */
export async function measureLighthouseOnFreshRuntime(
  log: (line: string) => void,
  options: LighthouseOptions & { webDist?: string } = {},
): Promise<LighthouseReport> {
  const admin = DEMO_ACCOUNTS.find((a) => a.email === 'admin@example.com')!;
  const loadAtStart = os.loadavg()[0] ?? 0;
  const runtime = await startRuntime({ port: 0, seed: true, region: 'UK', webDist: options.webDist });
  // The statistics stream handler works through the seed before anything is timed.
  await runtime.streams.drained();
  // Served over HTTP/2, as CloudFront serves it (bench/http2-front.ts).
  const front = await startHttp2Front(runtime.url);
  try {
    const token = await createBenchClient(runtime.url).signIn(admin.email, admin.password);
    return await measureLighthouse(front.url, token, log, { loadAtStart, ...options });
  } finally {
    await front.close();
    await runtime.stop();
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const round2 = (value: number) => Math.round(value * 100) / 100;

function busyWarning({ load }: LighthouseReport): string[] {
  return load.atStart > load.cpus
    ? [
        `WARNING: load average ${load.atStart} on ${load.cpus} CPUs before the runs: other work inflates TBT and LCP; rerun on a quiet machine`,
      ]
    : [];
}

function rows(report: LighthouseReport): string[][] {
  return report.pages.map(({ page, median: m }) => [
    page,
    String(m.performance),
    String(m.accessibility),
    String(m.bestPractices),
    num(m.fcpMs / 1000, 1),
    num(m.lcpMs / 1000, 1),
    num(m.tbtMs, 0),
    num(m.cls, 3),
    kb(m.transferBytes.script),
    kb(m.transferBytes.stylesheet),
  ]);
}

const HEADER = ['page', 'perf', 'a11y', 'best pr.', 'FCP s', 'LCP s', 'TBT ms', 'CLS', 'JS KB', 'CSS KB'];

export function lighthouseTable(report: LighthouseReport): string {
  const failures = report.pages.flatMap(({ page, median }) =>
    median.accessibilityFailures.map(
      (f) => `${page}: accessibility audit ${f.id} fails (${f.items} elements)`,
    ),
  );
  return [
    table(HEADER, rows(report)),
    ...failures,
    ...busyWarning(report),
    `Lighthouse ${report.lighthouse}, ${report.chrome}, mobile (simulated throttling), served over HTTP/2 as CloudFront serves it; the median of ${report.settings.runsPerPage} runs by performance score; JS and CSS KB over the wire`,
  ].join('\n');
}

/** Where and when a results file was written (report.ts's envelope), when it was read back. */
type Measured = LighthouseReport & { measuredAt?: string; machine?: { loadAverage?: number[] } };

const when = (report: Measured) =>
  report.measuredAt
    ? `${report.measuredAt.slice(0, 16).replace('T', ' ')} UTC, load average ${report.machine?.loadAverage?.[0] ?? '?'}`
    : 'this run';

/** The markdown summary beside the JSON: this run, and the run before the first-load work when kept. */
export function lighthouseMarkdown(after: Measured, before?: Measured): string {
  const sections = [
    '# Lighthouse: /login and the dashboard',
    '',
    `Lighthouse ${after.lighthouse} (default mobile config: simulated slow 4G, 4x CPU slowdown), ${after.chrome}, flags \`${after.settings.chromeFlags.join(' ')}\`; each row is the median of ${after.settings.runsPerPage} runs by performance score. JS and CSS KB are bytes over the wire (compressed, headers included). Written by \`npm run bench\` or \`npx tsx bench/lighthouse-run.ts\` (bench/README.md).`,
    '',
    `## Now (${when(after)})`,
    '',
    markdownTable(HEADER, rows(after)),
    ...busyWarning(after).map((w) => `\n${w}`),
  ];
  if (before)
    sections.push(
      '',
      `## Before the first-load work (lighthouse-before.json, ${when(before)})`,
      '',
      markdownTable(HEADER, rows(before)),
      ...(before.load ? busyWarning(before).map((w) => `\n${w}`) : []),
    );
  return sections.join('\n');
}

/**
 * A Lighthouse results file as written (with its envelope), if it exists: `lighthouse`, or
 * `lighthouse-before`, the numbers measured before the first-load work.
 */
export async function readLighthouseResults(name: string): Promise<Measured | undefined> {
  const file = path.join(import.meta.dirname, 'results', `${name}.json`);
  const text = await readFile(file, 'utf8').catch(() => undefined);
  return text ? (JSON.parse(text) as Measured) : undefined;
}
