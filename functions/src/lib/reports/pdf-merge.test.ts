import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { XfdfAnnotation } from '@stormline/contract/xfdf';
import * as mupdf from 'mupdf';
import { mergeReport } from './pdf-merge';
import { ReportRefused } from './report-refused';

/** A PDF of `pages` Letter pages, each saying its label and number. */
async function pdfOf(label: string, pages: number, size: [number, number] = [612, 792]) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++)
    pdf.addPage(size).drawText(`${label} body ${i}`, { x: 72, y: size[1] / 2, size: 14, font });
  return pdf.save();
}

function textOf(bytes: Uint8Array): string[] {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'merge-')), 'out.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
}

/** Each page's size and words with their boxes (pdftotext -bbox: points from the page's top left). */
function wordBoxes(bytes: Uint8Array) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'merge-')), 'out.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' })
    .split('<page ')
    .slice(1)
    .map((page) => ({
      width: Number(/width="([\d.]+)"/.exec(page)![1]),
      height: Number(/height="([\d.]+)"/.exec(page)![1]),
      words: [
        ...page.matchAll(/xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g),
      ].map((m) => ({ xMin: +m[1]!, yMin: +m[2]!, xMax: +m[3]!, yMax: +m[4]!, text: m[5]! })),
    }));
}

const annotation = (overrides: Partial<XfdfAnnotation>): XfdfAnnotation => ({
  kind: 'square',
  name: 'a1',
  page: 0,
  rect: [100, 100, 200, 150],
  title: 'Ann Author',
  date: null,
  color: '#FF0000',
  interiorColor: null,
  opacity: 1,
  width: 2,
  contents: null,
  fontSize: null,
  start: null,
  end: null,
  vertices: null,
  gestures: null,
  coords: null,
  ...overrides,
});

describe('merging a report', () => {
  it('keeps the parts in order and stamps the running header and Page x of y on every page, as text', async () => {
    const merged = await mergeReport({
      title: 'Inspection 8 - Riverside Lofts',
      subtitle: 'Riverside Lofts · Acme Builders',
      parts: [
        { bytes: await pdfOf('Cover', 1), annotations: [] },
        { bytes: await pdfOf('Appendix', 2, [842, 595]), annotations: [] },
      ],
    });
    const pages = textOf(merged);
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('Cover body 1');
    expect(pages[1]).toContain('Appendix body 1');
    expect(pages[2]).toContain('Appendix body 2');
    pages.forEach((page, i) => {
      expect(page).toContain('Inspection 8 - Riverside Lofts');
      expect(page).toContain('Riverside Lofts · Acme Builders');
      expect(page).toContain(`Page ${i + 1} of 3`);
    });
    expect((await PDFDocument.load(merged)).getTitle()).toBe('Inspection 8 - Riverside Lofts');
  });

  it('stamps each page in its own margins, whatever its paper: A4 and Letter in one report', async () => {
    const merged = await mergeReport({
      title: 'Inspection 8 - Riverside Lofts',
      subtitle: 'Riverside Lofts',
      parts: [
        { bytes: await pdfOf('A4', 1, [595.28, 841.89]), annotations: [] },
        { bytes: await pdfOf('Letter', 1, [612, 792]), annotations: [] },
      ],
    });
    const pages = wordBoxes(merged);
    expect(pages.map((p) => Math.round(p.width))).toEqual([595, 612]);
    const side = 15 * (72 / 25.4);
    for (const page of pages) {
      const last = page.words.findLast((w) => w.text === '2')!; // "Page x of 2"
      // The page number ends at this page's right margin and sits in its bottom margin.
      expect(Math.abs(last.xMax - (page.width - side))).toBeLessThan(1.5);
      expect(last.yMin).toBeGreaterThan(page.height - 18 * (72 / 25.4));
      const title = page.words.find((w) => w.text === 'Inspection')!;
      expect(Math.abs(title.xMin - side)).toBeLessThan(1);
      expect(title.yMax).toBeLessThan(22 * (72 / 25.4));
    }
  });

  it("draws a stored PDF's annotations into its own pages: a free text's words become the page's text", async () => {
    const merged = await mergeReport({
      title: 'SWMP - Riverside Lofts',
      subtitle: '',
      parts: [
        {
          bytes: await pdfOf('Soil report', 2),
          stored: true,
          annotations: [
            annotation({
              kind: 'freetext',
              page: 1,
              rect: [72, 600, 400, 640],
              contents: 'Boring B-3 moved east',
              fontSize: 12,
            }),
            annotation({ kind: 'square', page: 0 }),
            annotation({ kind: 'circle', page: 0 }),
            annotation({ kind: 'line', page: 0, start: [10, 10], end: [300, 300] }),
            annotation({
              kind: 'polygon',
              page: 0,
              vertices: [
                [10, 10],
                [50, 80],
                [90, 10],
              ],
            }),
            annotation({
              kind: 'ink',
              page: 1,
              gestures: [
                [
                  [10, 10],
                  [20, 30],
                  [40, 35],
                ],
              ],
            }),
            annotation({
              kind: 'highlight',
              page: 1,
              coords: [72, 410, 200, 410, 72, 390, 200, 390],
              color: '#FFFF00',
            }),
          ],
        },
      ],
    });
    const pages = textOf(merged);
    expect(pages[0]).not.toContain('Boring B-3');
    expect(pages[1]).toContain('Boring B-3 moved east');
  });

  it('shrinks a stored sheet into the band between the header and the page number, turned as it shows', async () => {
    // A full-bleed sheet: words at its very top and bottom edge, one page upright, one with /Rotate 90.
    const sheet = await PDFDocument.create();
    const font = await sheet.embedFont(StandardFonts.Helvetica);
    for (const rotation of [0, 90]) {
      const page = sheet.addPage([612, 792]);
      page.drawText(`Top edge ${rotation}`, { x: 200, y: 780, size: 10, font });
      page.drawText(`Bottom edge ${rotation}`, { x: 200, y: 4, size: 10, font });
      page.setRotation(degrees(rotation));
    }
    const merged = await mergeReport({
      title: 'SWMP - Riverside Lofts',
      subtitle: 'Appendix C',
      parts: [{ bytes: await sheet.save(), annotations: [], stored: true }],
    });
    const pages = (await PDFDocument.load(merged)).getPages().map((p) => p.getSize());
    expect(pages).toEqual([
      { width: 612, height: 792 },
      { width: 792, height: 612 },
    ]);
    const mm = 72 / 25.4;
    for (const [index, page] of wordBoxes(merged).entries()) {
      const sheetWords = page.words.filter((w) => ['Top', 'Bottom', 'edge'].includes(w.text));
      expect(sheetWords, `page ${index + 1}`).toHaveLength(4);
      // pdftotext measures y from the top of the page: below the header's rule, above the page number.
      for (const word of sheetWords) {
        expect(word.yMin, word.text).toBeGreaterThan(16 * mm);
        expect(word.yMax, word.text).toBeLessThan(page.height - 11 * mm);
      }
    }
  });

  it('refuses a stored PDF with an owner password, naming it, rather than printing blank pages', async () => {
    const doc = mupdf.Document.openDocument(await pdfOf('Permit', 1), 'application/pdf') as mupdf.PDFDocument;
    const locked = doc.saveToBuffer('encrypt=aes-128,owner-password=agency').asUint8Array();
    await expect(
      mergeReport({
        title: 'SWMP - Riverside Lofts',
        subtitle: '',
        parts: [{ bytes: locked, annotations: [], stored: true, label: 'Permits: State permit.pdf' }],
      }),
    ).rejects.toThrow(
      new ReportRefused(
        'Permits: State permit.pdf is protected and cannot be merged: upload an unprotected copy',
      ),
    );
  });

  it('prints text the standard fonts cannot draw as ? rather than failing the report', async () => {
    const merged = await mergeReport({
      title: 'Site Map - 工事 - Lofts',
      subtitle: '',
      parts: [
        {
          bytes: await pdfOf('Map', 1),
          stored: true,
          annotations: [annotation({ kind: 'freetext', contents: 'Ölfleck 🛢 hier', fontSize: 10 })],
        },
      ],
    });
    const page = textOf(merged)[0]!;
    expect(page).toContain('Site Map - ?? - Lofts');
    expect(page).toContain('Ölfleck ? hier');
  });
});
