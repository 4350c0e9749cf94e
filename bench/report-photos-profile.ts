/**
 * Where a photo report's time goes, step by step, without the runtime (issue 22; the whole job is
 * bench/report-photos.ts): the findings of `count` one-photo findings printed by Chromium as one
 * part, then cut into parts of PHOTOS_PER_FINDINGS_PART printed four at a time (the RenderParts
 * Map's MaxConcurrency), then the parts merged by pdf-lib (load, copy, stamp, save timed apart).
 * The photos are the print copies of the bench's camera photos (.local/bench-photos/, made by
 * bench/report-photos.ts), made here once into .local/bench-photos/print-*.jpg.
 *
 *   npx tsx bench/report-photos-profile.ts [count=100]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { makePrintCopy } from '@stormline/functions/lib/print-copy';
import { closeReportBrowser, printPart, reportBrowser } from '@stormline/functions/lib/reports/chromium';
import { reportDocument } from '@stormline/functions/lib/reports/html';
import { mergeReport } from '@stormline/functions/lib/reports/pdf-merge';
import { findingRuns, PHOTOS_PER_FINDINGS_PART } from '@stormline/functions/lib/reports/plans/finding-parts';
import {
  findingsSection,
  FINDINGS_CSS,
  type PrintFinding,
} from '@stormline/functions/lib/reports/sections/findings';
import { PHOTO_CSS } from '@stormline/functions/lib/reports/sections/photo';
import { REPO_ROOT } from '@stormline/local/repo-root';
import { sampleChromium } from './chromium-memory';

const count = Number(process.argv[2] ?? 100);
const folder = path.join(REPO_ROOT, '.local', 'bench-photos');
const seconds = (from: number) => Number(((performance.now() - from) / 1000).toFixed(2));

const store = new Map<string, Uint8Array>();
const findings: PrintFinding[] = [];
for (let i = 0; i < count; i++) {
  const file = path.join(folder, `print-${i}.jpg`);
  if (!existsSync(file))
    writeFileSync(
      file,
      await makePrintCopy(new Uint8Array(readFileSync(path.join(folder, `camera-${i}.jpg`)))),
    );
  const bytes = new Uint8Array(readFileSync(file));
  const { width, height } = await sharp(bytes).metadata();
  const key = `files/photo-${i}/print`;
  store.set(key, bytes);
  findings.push({
    number: i + 1,
    typeCode: 'CA',
    typeName: 'Corrective Action',
    color: '#E03131',
    location: `Outfall ${i + 1}`,
    date_initiated: '2026-03-02',
    date_completed: null,
    condition: 'Sediment past the silt fence',
    controlMeasure: null,
    comments: 'Replace the fence and sweep the road.',
    carriedOver: false,
    photos: [{ name: `camera-${i}.jpg`, key, width: width!, height: height!, rotation: 0, annotations: [] }],
  });
}
const fileStore = {
  size: async (key: string) => store.get(key)?.byteLength ?? 0,
  readRange: async (key: string, start: number, end: number) => store.get(key)!.subarray(start, end + 1),
};
const part = (run: PrintFinding[], continued: boolean) => ({
  html: reportDocument({
    title: 'Profile',
    body: findingsSection(run, null, continued),
    css: FINDINGS_CSS + PHOTO_CSS,
  }).toString(),
  assets: run.flatMap((f) => f.photos!.map((p) => p.key)),
  store: fileStore,
});

let started = performance.now();
await reportBrowser();
console.log(`Chromium launched: ${seconds(started)} s`);

const mb = (n: number) => n.toFixed(0);
let chromium = sampleChromium(100);
started = performance.now();
const whole = await printPart(part(findings, false));
let peak = chromium.stop();
console.log(
  `${count} photos as one part: ${seconds(started)} s, ${(whole.byteLength / 1e6).toFixed(1)} MB; Chromium peak RSS ${mb(peak.rssMb)} MB, PSS ${mb(peak.pssMb)} MB`,
);

const runs = findingRuns(findings);
// A render Lambda prints one part at a time: the first run alone, as one invocation does.
await closeReportBrowser();
await reportBrowser();
chromium = sampleChromium(100);
started = performance.now();
await printPart(part(runs[0]!, false));
peak = chromium.stop();
console.log(
  `One part of ${runs[0]!.length} photos alone (a fresh browser, as one render Lambda): ${seconds(started)} s; Chromium peak RSS ${mb(peak.rssMb)} MB, PSS ${mb(peak.pssMb)} MB`,
);

chromium = sampleChromium(100);
started = performance.now();
const printed: Uint8Array[] = new Array(runs.length);
let next = 0;
await Promise.all(
  Array.from({ length: 4 }, async () => {
    while (next < runs.length) {
      const i = next++;
      printed[i] = await printPart(part(runs[i]!, i > 0));
    }
  }),
);
peak = chromium.stop();
console.log(
  `${count} photos as ${runs.length} parts of ≤ ${PHOTOS_PER_FINDINGS_PART}, 4 at a time in one browser: ${seconds(started)} s; Chromium peak RSS ${mb(peak.rssMb)} MB, PSS ${mb(peak.pssMb)} MB`,
);
await closeReportBrowser();

global.gc?.();
const rssBefore = process.memoryUsage().rss;
let rssPeak = rssBefore;
const rssSampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
started = performance.now();
const merged = await mergeReport({
  title: 'Profile',
  subtitle: 'Photo bench',
  parts: printed.map((bytes) => ({ bytes, annotations: [] })),
});
clearInterval(rssSampler);
rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
console.log(
  `Merge (mergeReport) of ${runs.length} parts: ${seconds(started)} s, ${(merged.byteLength / 1e6).toFixed(1)} MB; this process's RSS ${mb(rssBefore / 2 ** 20)} MB before, ${mb(rssPeak / 2 ** 20)} MB at most`,
);

// The merge's steps apart: parse, copy, save (no stamps).
started = performance.now();
const sources = await Promise.all(printed.map((bytes) => PDFDocument.load(bytes, { updateMetadata: false })));
console.log(`  load: ${seconds(started)} s`);
started = performance.now();
const out = await PDFDocument.create();
for (const source of sources)
  for (const page of await out.copyPages(source, source.getPageIndices())) out.addPage(page);
console.log(`  copy pages: ${seconds(started)} s`);
started = performance.now();
await out.save();
console.log(`  save: ${seconds(started)} s`);
started = performance.now();
await out.save({ useObjectStreams: false, objectsPerTick: Infinity });
console.log(`  save (no object streams, no yielding): ${seconds(started)} s`);
