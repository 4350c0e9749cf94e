/**
 * The print copies of `count` camera photos made one after another in a process of its own, as the
 * print copies stream Lambda makes a batch of them: prints the seconds, the peak resident memory
 * (maxRSS) and the bytes before and after as JSON, for bench/report-photos.ts.
 *
 *   npx tsx bench/report-photos-copy.ts <folder of camera-*.jpg> <count>
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { makePrintCopy } from '@stormline/functions/lib/print-copy';

const [folder, count] = process.argv.slice(2);
const files = Array.from({ length: Number(count) }, (_, i) => path.join(folder!, `camera-${i}.jpg`));
let bytesBefore = 0;
let bytesAfter = 0;
const perPhotoMs: number[] = [];
const started = performance.now();
for (const file of files) {
  const original = new Uint8Array(readFileSync(file));
  const began = performance.now();
  const copy = await makePrintCopy(original);
  perPhotoMs.push(performance.now() - began);
  bytesBefore += original.byteLength;
  bytesAfter += copy.byteLength;
}
console.log(
  JSON.stringify({
    seconds: (performance.now() - started) / 1000,
    perPhotoMs,
    bytesBefore,
    bytesAfter,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
