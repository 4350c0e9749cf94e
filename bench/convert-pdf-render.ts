/**
 * One render task's work in a process of its own, as a Lambda runs it: open the PDF with mupdf,
 * render one page and its thumbnail to PNG. Prints the peak resident memory (maxRSS) as JSON, for
 * bench/convert-pdf.ts.
 *
 *   npx tsx bench/convert-pdf-render.ts <file.pdf> <page>
 */
import { readFileSync } from 'node:fs';
import { openSource, renderPage } from '@stormline/functions/jobs/convert/pdf-engine';

const [file, page] = process.argv.slice(2);
const bytes = new Uint8Array(readFileSync(file!));
const started = performance.now();
const source = openSource(bytes);
const rendered = renderPage(source, bytes, Number(page));
source.document.destroy();
console.log(
  JSON.stringify({
    ms: performance.now() - started,
    width: rendered.image.width,
    pngBytes: rendered.image.png.byteLength,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
