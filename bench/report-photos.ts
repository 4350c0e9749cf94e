import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { createClient } from '@stormline/data/clients';
import { findingImageCountStep, findingImagePutStep, storedPrintKeyOf } from '@stormline/data/findings';
import { createProject } from '@stormline/data/projects';
import { transact } from '@stormline/data/transact';
import { beginAction, reportChannel } from '@stormline/domain/reports';
import type { ReportView } from '@stormline/contract/reports';
import { PRINT_PHOTO_MAX_SIDE } from '@stormline/domain/print-photos';
import { getDeps } from '@stormline/functions/lib/deps';
import { fileStoreOf } from '@stormline/functions/lib/file-store';
import { makeCameraJpeg } from '@stormline/local/camera-photos';
import { REPO_ROOT } from '@stormline/local/repo-root';
import { startRuntime } from '@stormline/local/runtime';
import type { Runtime } from '@stormline/local/runtime';
import { sampleClient, sampleProject } from '@stormline/local/sample-records';
import { DEMO_ACCOUNTS } from '@stormline/local/seed';
import { createBenchClient, jsonRequest } from './bench-client';
import { sampleChromium, type ChromiumPeak } from './chromium-memory';
import { markdownTable, writeResults, writeResultsText } from './report';
import { round } from './stats';

/**
 * Issue 22's photo bench: inspections with 10, 50 and 100 findings, a 12-megapixel camera photo
 * each (4000 x 3000 JPEGs at about 4 MB, a third of them stored sideways with EXIF orientation 6
 * as a phone held upright stores them), side by side in one run. Numbers, not thresholds.
 *
 * 1. Print copies (docs/decisions/0045), what this branch builds:
 *    - a process of its own makes each size's copies one after another, as the stream Lambda does:
 *      seconds, peak RSS, bytes of the originals and of the copies;
 *    - the product's own path on one machine: the photos' records written as the upload route
 *      writes them, timed until the stream handler has recorded every copy.
 * 2. Time to PDF: `begin:inspection` on the socket for each inspection, its channel's pushes
 *    (progress as the parts land, then done, with `url: null`: the job's tasks sign nothing), then
 *    GET /api/reports/{reportId} for the download link, as the SPA's usePrintJob does, then the
 *    download: seconds in all and per step (Plan, RenderParts, Merge + Record, link + download,
 *    from the pushes), the peak RSS of this process (the runtime and its task handlers run in it)
 *    and of Chromium's processes summed (sampled from /proc: the render Lambda's memory is
 *    Chromium's), the PDF's bytes and pages.
 *
 *   npx tsx bench/report-photos.ts   # -> results/report-photos.json and results/report-photos.md
 *
 * The camera photos are made once (a few minutes) and kept in .local/bench-photos/.
 */

const SIZES = [10, 50, 100] as const;
const PHOTO = { width: 4000, height: 3000 };
const PHOTOS_DIR = path.join(REPO_ROOT, '.local', 'bench-photos');
const NORTH = 'north-region';
/** Goals from issue 22: the 100-photo report under 15 s and 20 MB; per photo at 100 / at 10 under 1.2. */
const GOALS = { seconds: 15, megabytes: 20, perPhotoRatio: 1.2 };
const REPORT_TIMEOUT_MS = 10 * 60_000;
const NOT_AVAILABLE = 'not measured: report job not available';

const log = (line: string) => console.log(line);

/** The cached camera photos, made once: camera-0.jpg ... camera-99.jpg. */
async function cameraPhotos(count: number): Promise<string[]> {
  mkdirSync(PHOTOS_DIR, { recursive: true });
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const file = path.join(PHOTOS_DIR, `camera-${i}.jpg`);
    if (!existsSync(file)) {
      if (i % 10 === 0) log(`  making camera photos ${i + 1}-${Math.min(i + 10, count)} of ${count}…`);
      // Every third one held upright: the sensor's 3000 x 4000 stored with orientation 6.
      const sideways = i % 3 === 2;
      const bytes = await makeCameraJpeg({
        width: sideways ? PHOTO.height : PHOTO.width,
        height: sideways ? PHOTO.width : PHOTO.height,
        orientation: sideways ? 6 : undefined,
        seed: i + 1,
      });
      writeFileSync(file, bytes);
    }
    files.push(file);
  }
  return files;
}

interface CopyRun {
  seconds: number;
  perPhotoMs: number[];
  bytesBefore: number;
  bytesAfter: number;
  maxRssMb: number;
}

function copiesInOwnProcess(count: number): CopyRun {
  const output = execFileSync(
    'npx',
    ['tsx', path.join(import.meta.dirname, 'report-photos-copy.ts'), PHOTOS_DIR, String(count)],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(output.trim().split('\n').at(-1)!) as CopyRun;
}

interface Inspection {
  size: number;
  inspectionId: string;
  photos: { findingId: string; imageId: string }[];
}

/** A project with one inspection of `size` findings (through the routes), each with one camera photo. */
async function inspectionWithPhotos(
  runtime: Runtime,
  token: string,
  size: number,
  files: readonly string[],
): Promise<{ inspection: Inspection; secondsToCopies: number }> {
  const deps = await getDeps();
  const store = fileStoreOf(deps);
  const client = createBenchClient(runtime.url);
  const owner = await createClient(deps.db, NORTH, sampleClient(`Photo bench ${randomUUID().slice(0, 6)}`));
  const project = await createProject(
    deps.db,
    sampleProject({
      divisionId: NORTH,
      client_id: owner.id,
      name: `Photo bench ${size}`,
      inspection_template_id: 'routine-stormwater',
    }),
  );
  const begun = await client.send(
    jsonRequest('POST', '/api/inspections', {
      token,
      divisionId: NORTH,
      body: { projectId: project.id, type: 'Routine' },
    }),
  );
  if (begun.status !== 201) throw new Error(`New inspection: ${begun.status} ${JSON.stringify(begun.body)}`);
  const inspectionId = (begun.body as { id: string }).id;
  const findingIds: string[] = [];
  for (let i = 0; i < size; i++) {
    const made = await client.send(
      jsonRequest('POST', `/api/inspections/${inspectionId}/findings`, {
        token,
        divisionId: NORTH,
        body: { finding_type_id: 'ca', location: `Outfall ${i + 1}`, date_initiated: '2026-03-02' },
      }),
    );
    if (made.status !== 201) throw new Error(`New finding: ${made.status} ${JSON.stringify(made.body)}`);
    findingIds.push((made.body as { id: string }).id);
  }
  // The originals go to the bucket first (the browser's PUTs, untimed); the clock starts when the
  // photos' records are written, as the upload route writes them, and stops when the stream
  // handler has recorded the last copy.
  const photos: { findingId: string; imageId: string; objectKey: string; file: string }[] = [];
  for (const [i, findingId] of findingIds.entries()) {
    const imageId = randomUUID();
    const objectKey = `files/${imageId}/${randomUUID()}`;
    await store.put(objectKey, new Uint8Array(readFileSync(files[i]!)), 'image/jpeg');
    photos.push({ findingId, imageId, objectKey, file: files[i]! });
  }
  const started = performance.now();
  for (const photo of photos) {
    const sideways = photo.file.endsWith('.jpg') && Number(/camera-(\d+)/.exec(photo.file)![1]) % 3 === 2;
    await transact(deps.db, [
      findingImagePutStep(deps.db, NORTH, {
        id: photo.imageId,
        findingId: photo.findingId,
        name: path.basename(photo.file),
        mime_type: 'image/jpeg',
        objectKey: photo.objectKey,
        // A thumbnail is the browser's; the report never prints it.
        thumbnailKey: photo.objectKey,
        width: sideways ? PHOTO.height : PHOTO.width,
        height: sideways ? PHOTO.width : PHOTO.height,
        rotation: 0,
        annotations: [],
        uploadedAt: new Date().toISOString(),
        uploadedBy: 'bench',
        version: 0,
      }),
      findingImageCountStep(deps.db, NORTH, photo.findingId, 1),
    ]);
  }
  for (const photo of photos)
    while (!(await storedPrintKeyOf(deps.db, NORTH, photo.findingId, photo.imageId)))
      await new Promise((r) => setTimeout(r, 50));
  const secondsToCopies = (performance.now() - started) / 1000;
  return { inspection: { size, inspectionId, photos }, secondsToCopies };
}

/** When each step of the job ended, in seconds from the begin (from the channel's pushes). */
interface Phases {
  /** Plan done: the first push with the parts counted (status progress, 0 of total). */
  planned: number | null;
  /** Each part counted, in the order they landed. */
  parts: number[];
  /** Merge and Record done: the push with status done. */
  done: number | null;
  /** GET /api/reports/{reportId} answered with the link. */
  linked: number | null;
}

type PdfRun =
  | {
      measured: true;
      seconds: number;
      peakRssMb: number;
      chromium: ChromiumPeak;
      phases: Phases;
      parts: number;
      pdfBytes: number;
      pages: number | null;
    }
  | { measured: false; reason: string };

/**
 * The inspection report as the SPA's Print gets it: begin on the socket, the job's pushes on its
 * channel (progress, then done with `url: null`: the tasks sign nothing), then GET
 * /api/reports/{reportId} for the download link, then the download.
 */
async function timeToPdf(runtime: Runtime, token: string, inspectionId: string): Promise<PdfRun> {
  const ws = new WebSocket(`${runtime.url.replace('http', 'ws')}/ws?token=${encodeURIComponent(token)}`);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const chromium = sampleChromium();
  const phases: Phases = { planned: null, parts: [], done: null, linked: null };
  try {
    const key = randomUUID().replaceAll('-', '');
    const channel = reportChannel('inspection', key);
    const requestId = `bench-${key}`;
    const started = performance.now();
    const since = () => (performance.now() - started) / 1000;
    const outcome = await new Promise<PdfRun | ReportView>((resolve) => {
      const timer = setTimeout(
        () => resolve({ measured: false, reason: `no done within ${REPORT_TIMEOUT_MS / 1000} s` }),
        REPORT_TIMEOUT_MS,
      );
      ws.on('message', (data) => {
        const message = JSON.parse(data.toString()) as {
          requestId?: string;
          ok?: boolean;
          message?: string;
          type?: string;
          channel?: string;
          report?: ReportView;
        };
        // A refusal is answered `type: 'error'` with the 4xx's message (functions/src/ws/socket-message.ts).
        if (message.requestId === requestId && (message.type === 'error' || message.ok === false)) {
          clearTimeout(timer);
          resolve({
            measured: false,
            reason: /Unknown action/i.test(message.message ?? '')
              ? NOT_AVAILABLE
              : `refused: ${message.message ?? 'no message'}`,
          });
        }
        if (message.type === 'channel' && message.channel === channel && message.report) {
          const report = message.report;
          if (report.status === 'progress') {
            if (phases.planned === null) phases.planned = since();
            while (phases.parts.length < report.completed) phases.parts.push(since());
          }
          if (report.status === 'done' || report.status === 'error') {
            phases.done = since();
            clearTimeout(timer);
            resolve(report);
          }
        }
      });
      ws.send(
        JSON.stringify({
          action: beginAction('inspection'),
          requestId,
          divisionId: NORTH,
          key,
          inspectionId,
        }),
      );
    });
    if ('measured' in outcome) return outcome;
    if (outcome.status === 'error')
      return { measured: false, reason: `the report job failed: ${outcome.message ?? 'no message'}` };
    // The done push carries no link: the job read through the API has one, made at each read.
    const read = await createBenchClient(runtime.url).send(
      jsonRequest('GET', `/api/reports/${outcome.reportId}`, { token, divisionId: NORTH }),
    );
    const url = (read.body as ReportView | undefined)?.url;
    if (read.status !== 200 || !url)
      return { measured: false, reason: `GET /api/reports/{reportId} answered ${read.status} with no link` };
    phases.linked = since();
    const response = await fetch(new URL(url, runtime.url));
    const pdf = new Uint8Array(await response.arrayBuffer());
    const seconds = since();
    if (response.status !== 200) return { measured: false, reason: `download answered ${response.status}` };
    const file = path.join(os.tmpdir(), `stormline-photo-bench-${inspectionId}.pdf`);
    writeFileSync(file, pdf);
    let pages: number | null = null;
    try {
      pages = Number(
        /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1] ?? NaN,
      );
    } catch {
      pages = null;
    }
    return {
      measured: true,
      seconds,
      peakRssMb: peakRss / 1024 / 1024,
      chromium: chromium.stop(),
      phases,
      parts: outcome.total,
      pdfBytes: statSync(file).size,
      pages,
    };
  } finally {
    clearInterval(sampler);
    chromium.stop();
    ws.close();
  }
}

async function main(): Promise<void> {
  const load = os.loadavg()[0] ?? 0;
  if (load > os.cpus().length)
    log(
      `The machine is busy (load average ${load.toFixed(1)} on ${os.cpus().length} CPUs): expect noisy numbers.`,
    );
  const largest = Math.max(...SIZES);
  log(`Camera photos (${PHOTO.width} x ${PHOTO.height}) in ${path.relative(REPO_ROOT, PHOTOS_DIR)}…`);
  const files = await cameraPhotos(largest);

  log('Print copies in a process of their own…');
  const copies = SIZES.map((size) => {
    const run = copiesInOwnProcess(size);
    log(`  ${size}: ${run.seconds.toFixed(1)} s, peak ${run.maxRssMb.toFixed(0)} MB`);
    return { size, ...run };
  });

  log('The product on one machine: copies through the stream handler, then the inspection reports…');
  const admin = DEMO_ACCOUNTS.find((a) => a.email === 'admin@example.com')!;
  const runtime = await startRuntime({ port: 0, seed: true, region: 'UK' });
  const pipeline: { size: number; secondsToCopies: number; pdf: PdfRun }[] = [];
  try {
    await runtime.streams.drained();
    const token = await createBenchClient(runtime.url).signIn(admin.email, admin.password);
    const inspections = [];
    for (const size of SIZES) {
      const made = await inspectionWithPhotos(runtime, token, size, files);
      log(`  ${size} photos' copies through the stream: ${made.secondsToCopies.toFixed(1)} s`);
      inspections.push(made);
    }
    for (const { inspection, secondsToCopies } of inspections) {
      const pdf = await timeToPdf(runtime, token, inspection.inspectionId);
      log(
        `  ${inspection.size} photos' report: ${pdf.measured ? `${pdf.seconds.toFixed(1)} s, ${(pdf.pdfBytes / 1024 / 1024).toFixed(1)} MB` : pdf.reason}`,
      );
      pipeline.push({ size: inspection.size, secondsToCopies, pdf });
    }
  } finally {
    await runtime.stop();
  }

  const perPhoto = (seconds: number, size: number) => seconds / size;
  const first = SIZES[0];
  const last = SIZES.at(-1)!;
  const ratioOf = (secondsOf: (size: number) => number | null) => {
    const small = secondsOf(first);
    const big = secondsOf(last);
    return small && big ? round(perPhoto(big, last) / perPhoto(small, first)) : null;
  };
  const copySeconds = (size: number) => copies.find((c) => c.size === size)!.seconds;
  const streamSeconds = (size: number) => pipeline.find((p) => p.size === size)!.secondsToCopies;
  const pdfOf = (size: number) => pipeline.find((p) => p.size === size)!.pdf;
  const pdfSeconds = (size: number) => {
    const pdf = pdfOf(size);
    return pdf.measured ? pdf.seconds : null;
  };
  const mb = (bytes: number) => round(bytes / 1024 / 1024, 1);

  /** The job's steps, from the channel's pushes: Plan, the Map of parts, Merge with Record, then the link and the file. */
  const phasesOf = (pdf: Extract<PdfRun, { measured: true }>) => {
    const { planned, parts, done, linked } = pdf.phases;
    const rendered = parts.at(-1) ?? planned ?? 0;
    return {
      plan: round(planned ?? 0),
      renderParts: round(rendered - (planned ?? 0)),
      partsLandedAt: parts.map((t) => round(t)),
      mergeAndRecord: round((done ?? rendered) - rendered),
      linkAndDownload: round(pdf.seconds - (linked === null ? pdf.seconds : (done ?? 0))),
    };
  };

  const results = {
    photo: { ...PHOTO, jpegQuality: 92, sidewaysEvery: 3, printMaxSide: PRINT_PHOTO_MAX_SIDE },
    goals: GOALS,
    printCopies: SIZES.map((size) => {
      const run = copies.find((c) => c.size === size)!;
      const sorted = [...run.perPhotoMs].sort((a, b) => a - b);
      return {
        size,
        ownProcessSeconds: round(run.seconds),
        medianPhotoMs: round(sorted[Math.floor(sorted.length / 2)]!),
        peakRssMb: round(run.maxRssMb, 1),
        originalsMb: mb(run.bytesBefore),
        copiesMb: mb(run.bytesAfter),
        shrink: round(run.bytesBefore / run.bytesAfter, 1),
        throughStreamSeconds: round(streamSeconds(size)),
      };
    }),
    printCopiesPerPhotoRatio: { ownProcess: ratioOf(copySeconds), throughStream: ratioOf(streamSeconds) },
    timeToPdf: SIZES.map((size) => {
      const pdf = pdfOf(size);
      const firstSeconds = pdfSeconds(first);
      return pdf.measured
        ? {
            size,
            seconds: round(pdf.seconds),
            perPhotoSeconds: round(pdf.seconds / size, 3),
            perPhotoRatioTo10: firstSeconds ? round(pdf.seconds / size / (firstSeconds / first)) : null,
            phases: phasesOf(pdf),
            parts: pdf.parts,
            peakRssMb: round(pdf.peakRssMb, 1),
            chromiumPeakRssMb: round(pdf.chromium.rssMb, 1),
            chromiumPeakPssMb: round(pdf.chromium.pssMb, 1),
            chromiumProcesses: pdf.chromium.processes,
            pdfMb: round(pdf.pdfBytes / 1024 / 1024, 2),
            pdfBytes: pdf.pdfBytes,
            pages: pdf.pages,
          }
        : { size, notMeasured: pdf.reason };
    }),
    timeToPdfPerPhotoRatio: ratioOf(pdfSeconds),
  };

  const cell = (size: number, value: (pdf: Extract<PdfRun, { measured: true }>) => string) => {
    const pdf = pdfOf(size);
    return pdf.measured ? value(pdf) : '–';
  };
  const pdfMeasured = SIZES.some((size) => pdfOf(size).measured);
  const md = [
    '# Report photos: print copies and time to PDF (bench/report-photos.ts)',
    '',
    `Inspections of ${SIZES.join(', ')} findings, one ${PHOTO.width} x ${PHOTO.height} camera JPEG each (quality 92, texture at three scales, about 4 MB; every third stored sideways with EXIF orientation 6), side by side in one run. Load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} on ${os.cpus().length} CPUs.`,
    '',
    '## 1. Print copies (made once, when a photo is stored)',
    '',
    markdownTable(
      ['', ...SIZES.map((s) => `${s} photos`)],
      [
        ['originals (MB)', ...results.printCopies.map((r) => String(r.originalsMb))],
        [
          `print copies, ≤ ${PRINT_PHOTO_MAX_SIDE} px (MB)`,
          ...results.printCopies.map((r) => String(r.copiesMb)),
        ],
        ['times smaller', ...results.printCopies.map((r) => String(r.shrink))],
        ['own process: seconds', ...results.printCopies.map((r) => String(r.ownProcessSeconds))],
        ['own process: median ms a photo', ...results.printCopies.map((r) => String(r.medianPhotoMs))],
        ['own process: peak RSS (MB)', ...results.printCopies.map((r) => String(r.peakRssMb))],
        [
          'through the stream handler: seconds',
          ...results.printCopies.map((r) => String(r.throughStreamSeconds)),
        ],
      ],
    ),
    '',
    `Time a photo at ${last} / at ${first}: own process ${results.printCopiesPerPhotoRatio.ownProcess ?? '–'}, through the stream ${results.printCopiesPerPhotoRatio.throughStream ?? '–'}.`,
    '',
    '## 2. Time to PDF (the inspection report: begin:inspection, done on its channel, the download)',
    '',
    pdfMeasured
      ? markdownTable(
          ['', ...SIZES.map((s) => `${s} photos`)],
          [
            ['seconds to the downloaded PDF', ...SIZES.map((s) => cell(s, (p) => p.seconds.toFixed(1)))],
            ['seconds a photo', ...SIZES.map((s) => cell(s, (p) => (p.seconds / s).toFixed(3)))],
            [
              `a photo's time / at ${first}`,
              ...SIZES.map((s) =>
                cell(s, (p) =>
                  pdfSeconds(first) ? (p.seconds / s / (pdfSeconds(first)! / first)).toFixed(2) : '–',
                ),
              ),
            ],
            ['Plan (s)', ...SIZES.map((s) => cell(s, (p) => phasesOf(p).plan.toFixed(1)))],
            ['RenderParts (s)', ...SIZES.map((s) => cell(s, (p) => phasesOf(p).renderParts.toFixed(1)))],
            ['parts printed', ...SIZES.map((s) => cell(s, (p) => String(p.parts)))],
            [
              'Merge + Record (s)',
              ...SIZES.map((s) => cell(s, (p) => phasesOf(p).mergeAndRecord.toFixed(1))),
            ],
            [
              'link read + download (s)',
              ...SIZES.map((s) => cell(s, (p) => phasesOf(p).linkAndDownload.toFixed(1))),
            ],
            ['peak RSS, runtime process (MB)', ...SIZES.map((s) => cell(s, (p) => p.peakRssMb.toFixed(0)))],
            [
              "peak RSS, Chromium's processes summed (MB)",
              ...SIZES.map((s) => cell(s, (p) => p.chromium.rssMb.toFixed(0))),
            ],
            [
              "peak PSS, Chromium's processes summed (MB)",
              ...SIZES.map((s) => cell(s, (p) => p.chromium.pssMb.toFixed(0))),
            ],
            [
              'Chromium processes (most at once)',
              ...SIZES.map((s) => cell(s, (p) => String(p.chromium.processes))),
            ],
            ['PDF size (MB)', ...SIZES.map((s) => cell(s, (p) => (p.pdfBytes / 1024 / 1024).toFixed(2)))],
            ['pages', ...SIZES.map((s) => cell(s, (p) => String(p.pages ?? '–')))],
          ],
        ) +
        `\n\nTime a photo at ${last} / at ${first}: ${results.timeToPdfPerPhotoRatio ?? '–'} (goal under ${GOALS.perPhotoRatio}); goals for ${last} photos: under ${GOALS.seconds} s and ${GOALS.megabytes} MB.`
      : SIZES.map(
          (s) =>
            `- ${s} photos: ${pdfSeconds(s) === null ? (pdfOf(s) as { reason: string }).reason : 'measured'}`,
        ).join('\n'),
  ].join('\n');
  const json = await writeResults('report-photos', results);
  const text = await writeResultsText('report-photos.md', md);
  log('');
  log(md);
  log(`Wrote ${json} and ${text}.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
