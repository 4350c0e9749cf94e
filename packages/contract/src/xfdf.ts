/**
 * PDF annotations as XFDF (spec 001 §3 "Annotation command", §7 GET /api/xfdf/{uploadId}): the
 * elements this product draws and stores, read from and written to XML here and nowhere else. The
 * viewer maps its library's objects to `XfdfAnnotation` (web), the server validates a command by
 * parsing it here and stores each annotation as the element this module writes, so what is kept
 * and relayed is always the canonical form, never the sender's text.
 *
 * Coordinates are PDF user space (points, origin at the page's bottom left), as XFDF has them, so
 * the file travels with the PDF into prints. Pages count from 0, as PDFTron's XFDF does.
 */

/** The annotation elements a command may add or modify (the viewer's tools). */
export const XFDF_KINDS = ['square', 'circle', 'line', 'polygon', 'ink', 'freetext', 'highlight'] as const;
export type XfdfKind = (typeof XFDF_KINDS)[number];

/** Spec 001 §8: "Thrown: ... unknown annotation action". */
export const UNKNOWN_ANNOTATION_ACTION = 'Unknown annotation action';

/** Bounds: a command's text, one stored element, the elements of one command. */
export const MAX_XFDF_COMMAND_CHARS = 256 * 1024;
export const MAX_ANNOTATION_ELEMENT_CHARS = 16 * 1024;
export const MAX_COMMAND_ANNOTATIONS = 50;
export const MAX_ANNOTATION_TEXT = 4000;
export const MAX_TITLE = 100;
export const MAX_COORDINATE = 100_000;
export const MAX_PAGE = 9999;
export const MAX_POINTS = 5000;

export type Point = readonly [x: number, y: number];

export interface XfdfAnnotation {
  kind: XfdfKind;
  /** The annotation's id in the document (the stored item's key). */
  name: string;
  page: number;
  /** x1, y1, x2, y2: the bounding box. */
  rect: readonly [number, number, number, number];
  /** The author's name (XFDF `title`). Spec 001 §5: only annotations with one are saved. */
  title: string;
  /** ISO date-time of the last change. */
  date: string | null;
  /** Stroke colour (#RRGGBB); a highlight's colour. */
  color: string | null;
  /** Fill colour of a square, circle or polygon. */
  interiorColor: string | null;
  opacity: number | null;
  /** Stroke width in points. */
  width: number | null;
  /** A free text's text, or a note on any other annotation. */
  contents: string | null;
  /** A free text's font size in points. */
  fontSize: number | null;
  /** A line's two ends. */
  start: Point | null;
  end: Point | null;
  /** A polygon's corners. */
  vertices: readonly Point[] | null;
  /** An ink drawing's strokes. */
  gestures: readonly (readonly Point[])[] | null;
  /** A highlight's quads: eight numbers each. */
  coords: readonly number[] | null;
}

export interface XfdfCommand {
  add: XfdfAnnotation[];
  modify: XfdfAnnotation[];
  /** The names of the annotations removed. */
  delete: string[];
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const num = (n: number) => String(Math.round(n * 1000) / 1000);
const points = (list: readonly Point[]) => list.map(([x, y]) => `${num(x)},${num(y)}`).join(';');

/** `#RRGGBB` as the PDF operator's three fractions. */
function colourOperands(hex: string): string {
  const channel = (i: number) => num(parseInt(hex.slice(i, i + 2), 16) / 255);
  return `${channel(1)} ${channel(3)} ${channel(5)}`;
}

/** ISO date-time as a PDF date (D:YYYYMMDDHHmmSSZ). */
function pdfDate(iso: string): string {
  return `D:${iso.slice(0, 19).replace(/[-T:]/g, '')}Z`;
}

/** One annotation as its canonical XFDF element. */
export function annotationElement(a: XfdfAnnotation): string {
  const attributes: [string, string | null][] = [
    ['page', String(a.page)],
    ['rect', a.rect.map(num).join(',')],
    ['name', a.name],
    ['title', a.title],
    ['date', a.date ? pdfDate(a.date) : null],
    ['color', a.color],
    ['interior-color', a.interiorColor],
    ['opacity', a.opacity === null ? null : num(a.opacity)],
    ['width', a.width === null ? null : num(a.width)],
    ['flags', 'print'],
    ['start', a.start ? points([a.start]) : null],
    ['end', a.end ? points([a.end]) : null],
    ['coords', a.coords ? a.coords.map(num).join(',') : null],
  ];
  const head = attributes
    .filter((pair): pair is [string, string] => pair[1] !== null)
    .map(([k, v]) => `${k}="${escapeXml(v)}"`)
    .join(' ');
  const children: string[] = [];
  if (a.contents !== null) children.push(`<contents>${escapeXml(a.contents)}</contents>`);
  if (a.kind === 'freetext')
    children.push(
      `<defaultappearance>${colourOperands(a.color ?? '#000000')} rg /Helv ${num(a.fontSize ?? 12)} Tf</defaultappearance>`,
    );
  if (a.vertices) children.push(`<vertices>${points(a.vertices)}</vertices>`);
  if (a.gestures)
    children.push(`<inklist>${a.gestures.map((g) => `<gesture>${points(g)}</gesture>`).join('')}</inklist>`);
  return children.length ? `<${a.kind} ${head}>${children.join('')}</${a.kind}>` : `<${a.kind} ${head}/>`;
}

const XFDF_HEAD =
  '<?xml version="1.0" encoding="UTF-8" ?><xfdf xmlns="http://ns.adobe.com/xfdf/" xml:space="preserve">';

/** A document's annotations as one XFDF file (GET /api/xfdf/{uploadId}). */
export function xfdfDocument(elements: readonly string[]): string {
  return `${XFDF_HEAD}<annots>${elements.join('')}</annots></xfdf>`;
}

/** A command's XFDF from elements (annotationElement's): what was added, changed and removed. */
export function xfdfCommand(command: {
  add: readonly string[];
  modify: readonly string[];
  delete: readonly string[];
}): string {
  const part = (tag: string, body: string) => (body ? `<${tag}>${body}</${tag}>` : `<${tag}/>`);
  return (
    XFDF_HEAD +
    part('add', command.add.join('')) +
    part('modify', command.modify.join('')) +
    part('delete', command.delete.map((name) => `<id>${escapeXml(name)}</id>`).join('')) +
    '</xfdf>'
  );
}
