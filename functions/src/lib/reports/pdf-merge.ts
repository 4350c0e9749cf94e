import {
  degrees,
  LineCapStyle,
  PDFDocument,
  StandardFonts,
  rgb,
  type PDFEmbeddedPage,
  type PDFFont,
  type PDFPage,
  type RGB,
} from 'pdf-lib';
import type { XfdfAnnotation } from '@stormline/contract/xfdf';
import { PAGE } from './html';
import { ReportRefused } from './report-refused';

/**
 * The Merge step's work (docs/decisions/0042), with pdf-lib: the printed parts and stored PDFs in
 * plan order; each stored PDF's annotations drawn into its pages (so any viewer and any printer
 * shows them); then on every page of the whole report the running header (title, subtitle) and
 * 'Page x of y' as real text in the margins the HTML leaves (html.ts PAGE: 22 mm top, 18 mm
 * bottom). Appendix pages of other sizes get the same stamps, placed by their own box.
 */

export interface MergeInput {
  title: string;
  subtitle: string;
  /**
   * Each part's PDF bytes in plan order. A printed part leaves the margins free for the stamps; a
   * stored PDF (`stored`) is a sheet of its own, its annotations drawn in and its pages shrunk
   * into the band between the running header and the page number.
   */
  parts: { bytes: Uint8Array; annotations: readonly XfdfAnnotation[]; stored?: boolean; label?: string }[];
}

const MM = 72 / 25.4;
const GREY = rgb(0.33, 0.33, 0.33);

function colour(hex: string | null, fallback: RGB = rgb(1, 0, 0)): RGB {
  if (!hex || !/^#[0-9a-fA-F]{6}$/.test(hex)) return fallback;
  return rgb(
    parseInt(hex.slice(1, 3), 16) / 255,
    parseInt(hex.slice(3, 5), 16) / 255,
    parseInt(hex.slice(5, 7), 16) / 255,
  );
}

/** Text the standard fonts can draw (WinAnsi): anything else becomes '?', never an exception. */
export function drawableText(font: PDFFont, text: string): string {
  const charset = new Set(font.getCharacterSet());
  return Array.from(text.replace(/[\r\t]/g, ' '))
    .map((c) => (c === '\n' || charset.has(c.codePointAt(0)!) ? c : '?'))
    .join('');
}

/** Shortens a line to `maxWidth` points at `size`, with an ellipsis. */
function fitted(font: PDFFont, text: string, size: number, maxWidth: number): string {
  let line = drawableText(font, text).replace(/\n/g, ' ');
  if (font.widthOfTextAtSize(line, size) <= maxWidth) return line;
  while (line.length > 1 && font.widthOfTextAtSize(`${line}...`, size) > maxWidth) line = line.slice(0, -1);
  return `${line}...`;
}

/** Draws one annotation into its page (PDF user space, as XFDF keeps it). */
export function drawAnnotation(page: PDFPage, a: XfdfAnnotation, font: PDFFont): void {
  const stroke = colour(a.color);
  const width = a.width ?? 1;
  const opacity = a.opacity ?? 1;
  const [x1, y1, x2, y2] = a.rect;
  const left = Math.min(x1, x2);
  const bottom = Math.min(y1, y2);
  const w = Math.abs(x2 - x1);
  const h = Math.abs(y2 - y1);
  const fill = a.interiorColor ? colour(a.interiorColor) : undefined;
  switch (a.kind) {
    case 'square':
      page.drawRectangle({
        x: left + width / 2,
        y: bottom + width / 2,
        width: Math.max(w - width, 0),
        height: Math.max(h - width, 0),
        borderColor: stroke,
        borderWidth: width,
        color: fill,
        opacity,
        borderOpacity: opacity,
      });
      return;
    case 'circle':
      page.drawEllipse({
        x: left + w / 2,
        y: bottom + h / 2,
        xScale: Math.max(w / 2 - width / 2, 0),
        yScale: Math.max(h / 2 - width / 2, 0),
        borderColor: stroke,
        borderWidth: width,
        color: fill,
        opacity,
        borderOpacity: opacity,
      });
      return;
    case 'line':
      if (a.start && a.end)
        page.drawLine({
          start: { x: a.start[0], y: a.start[1] },
          end: { x: a.end[0], y: a.end[1] },
          thickness: width,
          color: stroke,
          opacity,
          lineCap: LineCapStyle.Round,
        });
      return;
    case 'polygon': {
      const vertices = a.vertices ?? [];
      if (vertices.length < 2) return;
      // An SVG path in pdf-lib's own convention (y down from the given origin): drawn from (0, 0) flipped.
      const path = `${vertices.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x},${-y}`).join(' ')} Z`;
      page.drawSvgPath(path, {
        x: 0,
        y: 0,
        borderColor: stroke,
        borderWidth: width,
        color: fill,
        opacity,
        borderOpacity: opacity,
      });
      return;
    }
    case 'ink':
      for (const stroke_ of a.gestures ?? [])
        for (let i = 1; i < stroke_.length; i++)
          page.drawLine({
            start: { x: stroke_[i - 1]![0], y: stroke_[i - 1]![1] },
            end: { x: stroke_[i]![0], y: stroke_[i]![1] },
            thickness: width,
            color: stroke,
            opacity,
            lineCap: LineCapStyle.Round,
          });
      return;
    case 'highlight': {
      const quads = a.coords ?? [];
      const boxes: [number, number, number, number][] = [];
      for (let i = 0; i + 7 < quads.length; i += 8) {
        const xs = [quads[i]!, quads[i + 2]!, quads[i + 4]!, quads[i + 6]!];
        const ys = [quads[i + 1]!, quads[i + 3]!, quads[i + 5]!, quads[i + 7]!];
        boxes.push([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]);
      }
      if (boxes.length === 0) boxes.push([left, bottom, left + w, bottom + h]);
      for (const [bx, by, ex, ey] of boxes)
        page.drawRectangle({
          x: bx,
          y: by,
          width: ex - bx,
          height: ey - by,
          color: colour(a.color, rgb(1, 1, 0)),
          opacity: a.opacity ?? 0.35,
        });
      return;
    }
    case 'freetext': {
      const size = Math.min(Math.max(a.fontSize ?? 12, 4), 72);
      if (a.color || a.width)
        page.drawRectangle({
          x: left,
          y: bottom,
          width: w,
          height: h,
          borderColor: stroke,
          borderWidth: a.width ?? 0.5,
          opacity,
        });
      const lines = drawableText(font, a.contents ?? '').split('\n');
      lines.forEach((line, i) => {
        const y = bottom + h - size * (i + 1);
        if (y < bottom - size) return;
        page.drawText(fitted(font, line, size, Math.max(w - 4, size)), {
          x: left + 2,
          y,
          size,
          font,
          color: stroke,
          opacity,
        });
      });
      return;
    }
  }
}

/** Stamps the running header and 'Page x of y' on a page, in its top and bottom margins. */
export function stampPage(
  page: PDFPage,
  stamp: { title: string; subtitle: string; number: number; count: number },
  fonts: { regular: PDFFont; bold: PDFFont },
): void {
  const { width, height } = page.getSize();
  const side = PAGE.marginSideMm * MM;
  const room = width - 2 * side;
  const title = fitted(fonts.bold, stamp.title, 9, room);
  page.drawText(title, { x: side, y: height - 10 * MM, size: 9, font: fonts.bold, color: GREY });
  if (stamp.subtitle)
    page.drawText(fitted(fonts.regular, stamp.subtitle, 8, room), {
      x: side,
      y: height - 14 * MM,
      size: 8,
      font: fonts.regular,
      color: GREY,
    });
  page.drawLine({
    start: { x: side, y: height - 16 * MM },
    end: { x: width - side, y: height - 16 * MM },
    thickness: 0.5,
    color: rgb(0.7, 0.7, 0.7),
  });
  const footer = `Page ${stamp.number} of ${stamp.count}`;
  const footerWidth = fonts.regular.widthOfTextAtSize(footer, 8);
  page.drawText(footer, {
    x: width - side - footerWidth,
    y: 8 * MM,
    size: 8,
    font: fonts.regular,
    color: GREY,
  });
}

/** The band a stored sheet is shrunk into: below the header's rule (16 mm), above the page number (8 mm). */
const STORED_TOP = 18 * MM;
const STORED_BOTTOM = 12 * MM;

/**
 * A stored sheet as a page of the report: the same size as it shows (its /Rotate applied), its
 * content drawn whole, scaled down just enough that the running header and the page number stamp
 * beside it and never over it (a full-bleed drawing keeps every edge).
 */
function addStoredSheet(out: PDFDocument, sheet: PDFEmbeddedPage, rotation: number): void {
  const turned = rotation === 90 || rotation === 270;
  const [width, height] = turned ? [sheet.height, sheet.width] : [sheet.width, sheet.height];
  const page = out.addPage([width, height]);
  const scale = Math.min(1, (height - STORED_TOP - STORED_BOTTOM) / height);
  const [w, h] = [width * scale, height * scale];
  const [x, y] = [(width - w) / 2, STORED_BOTTOM];
  // A rotation turns the drawing about its anchor (counter-clockwise); /Rotate turns the sheet clockwise.
  const anchor: Record<number, [number, number]> = {
    0: [x, y],
    90: [x, y + h],
    180: [x + w, y + h],
    270: [x + w, y],
  };
  const [ax, ay] = anchor[rotation] ?? [x, y];
  page.drawPage(sheet, { x: ax, y: ay, xScale: scale, yScale: scale, rotate: degrees(-rotation) });
}

/** A stored PDF's pages: its annotations drawn into them where they were made, then each shrunk into the band. */
async function addStoredPdf(out: PDFDocument, part: MergeInput['parts'][number]): Promise<void> {
  const source = await PDFDocument.load(part.bytes, { updateMetadata: false }).catch((error: unknown) => {
    // An owner password ('no editing', as agencies issue permits) passes the upload check but not
    // pdf-lib; ignoring it would print blank pages. Say which document, so the user can replace it.
    // pdf-lib's EncryptedPDFError is built for ES5, where `instanceof` a subclass of Error fails.
    if (error instanceof Error && /is encrypted/.test(error.message))
      throw new ReportRefused(
        `${part.label ?? 'A document'} is protected and cannot be merged: upload an unprotected copy`,
      );
    throw error;
  });
  const font = await source.embedFont(StandardFonts.Helvetica);
  const pages = source.getPages();
  for (const [index, page] of pages.entries())
    for (const annotation of part.annotations.filter((a) => a.page === index))
      drawAnnotation(page, annotation, font);
  await source.flush(); // the annotations' font, written into the source before its pages are taken
  const sheets = await out.embedPages(pages);
  sheets.forEach((sheet, i) =>
    addStoredSheet(out, sheet, ((pages[i]!.getRotation().angle % 360) + 360) % 360),
  );
}

/** The whole report: parts in order, annotations flattened, every page stamped. */
export async function mergeReport(input: MergeInput): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  out.setTitle(input.title);
  out.setProducer('Stormline');
  const fonts = {
    regular: await out.embedFont(StandardFonts.Helvetica),
    bold: await out.embedFont(StandardFonts.HelveticaBold),
  };
  for (const part of input.parts) {
    if (part.stored) {
      await addStoredPdf(out, part);
      continue;
    }
    const source = await PDFDocument.load(part.bytes, { updateMetadata: false });
    for (const page of await out.copyPages(source, source.getPageIndices())) out.addPage(page);
  }
  const count = out.getPageCount();
  out
    .getPages()
    .forEach((page, i) =>
      stampPage(page, { title: input.title, subtitle: input.subtitle, number: i + 1, count }, fonts),
    );
  return out.save();
}
