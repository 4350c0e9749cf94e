import { encode as encodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/**
 * Real files made in code, for the demo regulation groups and the tests: a PDF with readable pages
 * (pdf-lib), and PNG and JPEG pictures of a site plan drawn pixel by pixel. Nothing is downloaded.
 */

/** A PDF whose pages carry a title and lines of text (a permit, a plan, a fact sheet). */
export async function makePdf(title: string, paragraphs: readonly string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setProducer('Stormline demo data');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([612, 792]);
  page.drawText(title, { x: 56, y: 720, size: 20, font: bold, color: rgb(0.05, 0.25, 0.45) });
  let y = 684;
  for (const paragraph of paragraphs) {
    for (const line of wrap(paragraph, 88)) {
      if (y < 72) {
        page = pdf.addPage([612, 792]);
        y = 720;
      }
      page.drawText(line, { x: 56, y, size: 11, font, color: rgb(0.1, 0.1, 0.1) });
      y -= 16;
    }
    y -= 10;
  }
  return pdf.save();
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** RGBA pixels of a simple site plan: grass, a road, a pond, a silt fence and the site boundary. */
function sitePlan(width: number, height: number): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let [r, g, b] = [120, 170, 90];
      if (Math.abs(y - height * 0.5) < height * 0.06) [r, g, b] = [90, 90, 95];
      const dx = (x - width * 0.75) / (width * 0.14);
      const dy = (y - height * 0.25) / (height * 0.12);
      if (dx * dx + dy * dy < 1) [r, g, b] = [60, 120, 200];
      // Silt fence along the low side, and the site boundary dashed in red.
      if (Math.abs(y - Math.floor(height * 0.8)) <= 1 && x % 12 < 8) [r, g, b] = [230, 120, 30];
      const edge = Math.min(x, y, width - 1 - x, height - 1 - y);
      if (edge >= 4 && edge <= 5 && (x + y) % 16 < 10) [r, g, b] = [200, 40, 40];
      const i = (y * width + x) * 4;
      data[i] = r;
      data[i + 1] = g;
      data[i + 2] = b;
      data[i + 3] = 255;
    }
  }
  return data;
}

export function makePng(width: number, height: number): Uint8Array {
  return encodePng({ width, height, data: sitePlan(width, height), channels: 4, depth: 8 });
}

export function makeJpeg(width: number, height: number): Uint8Array {
  return new Uint8Array(jpeg.encode({ width, height, data: Buffer.from(sitePlan(width, height)) }, 85).data);
}

/**
 * A site-map PDF of `pages` landscape A3 sheets (a boundary, a road, a pond, silt fence and a
 * title block), for the conversion's tests, browser walk and bench.
 */
export async function makeSiteMapPdf(title: string, pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setProducer('Stormline demo data');
  const font = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (let n = 1; n <= pages; n++) {
    const page = pdf.addPage([1191, 842]);
    page.drawRectangle({ x: 40, y: 40, width: 1111, height: 762, color: rgb(0.55, 0.75, 0.45) });
    page.drawRectangle({ x: 40, y: 380, width: 1111, height: 80, color: rgb(0.4, 0.4, 0.42) });
    page.drawEllipse({ x: 880, y: 640, xScale: 140, yScale: 90, color: rgb(0.25, 0.5, 0.8) });
    page.drawLine({
      start: { x: 60, y: 160 },
      end: { x: 1130, y: 160 },
      thickness: 4,
      color: rgb(0.9, 0.47, 0.12),
      dashArray: [18, 8],
    });
    page.drawRectangle({
      x: 60,
      y: 60,
      width: 1071,
      height: 722,
      borderColor: rgb(0.8, 0.15, 0.15),
      borderWidth: 3,
      borderDashArray: [20, 10],
    });
    page.drawText(`${title}: sheet ${n} of ${pages}`, { x: 80, y: 90, size: 28, font, color: rgb(0, 0, 0) });
  }
  return pdf.save();
}
