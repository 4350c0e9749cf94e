import {
  PdfAnnotationBorderStyle,
  PdfAnnotationSubtype,
  PdfStandardFont,
  PdfTextAlignment,
  PdfVerticalAlignment,
  type PdfAnnotationObject,
  type Position,
  type Rect,
} from '@embedpdf/models';
import type { Point, XfdfAnnotation, XfdfKind } from '@stormline/contract/xfdf';

/**
 * The viewer's annotation objects (EmbedPDF's, page space with the origin at the top left) and
 * XFDF annotations (packages/contract/src/xfdf.ts, PDF user space with the origin at the bottom
 * left), both ways. The page's height turns one y into the other.
 */

export interface PageSize {
  width: number;
  height: number;
}

const KIND_OF: Partial<Record<PdfAnnotationSubtype, XfdfKind>> = {
  [PdfAnnotationSubtype.SQUARE]: 'square',
  [PdfAnnotationSubtype.CIRCLE]: 'circle',
  [PdfAnnotationSubtype.LINE]: 'line',
  [PdfAnnotationSubtype.POLYGON]: 'polygon',
  [PdfAnnotationSubtype.INK]: 'ink',
  [PdfAnnotationSubtype.FREETEXT]: 'freetext',
  [PdfAnnotationSubtype.HIGHLIGHT]: 'highlight',
};

/** The annotation kinds the viewer stores; anything else (a link, a form field) stays out. */
export function isStoredKind(annotation: PdfAnnotationObject): boolean {
  return KIND_OF[annotation.type] !== undefined;
}

const hex = (colour: string | undefined): string | null =>
  colour && /^#[0-9A-Fa-f]{6}$/.test(colour) ? colour.toUpperCase() : null;

const round = (n: number) => Math.round(n * 1000) / 1000;

function xfdfRect(rect: Rect, page: PageSize): [number, number, number, number] {
  const { x, y } = rect.origin;
  const { width, height } = rect.size;
  return [round(x), round(page.height - y - height), round(x + width), round(page.height - y)];
}

function viewerRect([x1, y1, x2, y2]: readonly number[], page: PageSize): Rect {
  const left = Math.min(x1!, x2!);
  const top = page.height - Math.max(y1!, y2!);
  return { origin: { x: left, y: top }, size: { width: Math.abs(x2! - x1!), height: Math.abs(y2! - y1!) } };
}

const toPoint = (p: Position, page: PageSize): Point => [round(p.x), round(page.height - p.y)];
const toPosition = ([x, y]: Point, page: PageSize): Position => ({ x, y: page.height - y });

/** An annotation as XFDF, or null for a kind the viewer does not store. */
export function toXfdf(annotation: PdfAnnotationObject, page: PageSize): XfdfAnnotation | null {
  const kind = KIND_OF[annotation.type];
  if (!kind) return null;
  const a = annotation as PdfAnnotationObject & {
    color?: string;
    strokeColor?: string;
    fontColor?: string;
    strokeWidth?: number;
    opacity?: number;
    fontSize?: number;
  };
  const base: XfdfAnnotation = {
    kind,
    name: annotation.id,
    page: annotation.pageIndex,
    rect: xfdfRect(annotation.rect, page),
    title: (annotation.author ?? '').trim(),
    date: (annotation.modified ?? annotation.created)?.toISOString() ?? null,
    color: hex(a.strokeColor ?? a.color),
    interiorColor: null,
    opacity: typeof a.opacity === 'number' ? round(a.opacity) : null,
    width: typeof a.strokeWidth === 'number' ? round(a.strokeWidth) : null,
    contents: annotation.contents ?? null,
    fontSize: null,
    start: null,
    end: null,
    vertices: null,
    gestures: null,
    coords: null,
  };
  switch (annotation.type) {
    case PdfAnnotationSubtype.SQUARE:
    case PdfAnnotationSubtype.CIRCLE:
      return { ...base, interiorColor: hex(annotation.color) };
    case PdfAnnotationSubtype.POLYGON:
      return {
        ...base,
        interiorColor: hex(annotation.color),
        vertices: annotation.vertices.map((p) => toPoint(p, page)),
      };
    case PdfAnnotationSubtype.LINE:
      return {
        ...base,
        start: toPoint(annotation.linePoints.start, page),
        end: toPoint(annotation.linePoints.end, page),
      };
    case PdfAnnotationSubtype.INK:
      return {
        ...base,
        gestures: annotation.inkList.map((stroke) => stroke.points.map((p) => toPoint(p, page))),
      };
    case PdfAnnotationSubtype.FREETEXT:
      return {
        ...base,
        color: hex(annotation.fontColor),
        width: null,
        contents: annotation.contents ?? '',
        fontSize: round(annotation.fontSize),
      };
    case PdfAnnotationSubtype.HIGHLIGHT:
      return {
        ...base,
        width: null,
        coords: annotation.segmentRects.flatMap((rect) => {
          const [x1, y1, x2, y2] = xfdfRect(rect, page);
          // Quad points: top left, top right, bottom left, bottom right.
          return [x1, y2, x2, y2, x1, y1, x2, y1];
        }),
      };
    default:
      return null;
  }
}

/** An XFDF annotation as the viewer's object, to show it (a stored one, or another user's). */
export function fromXfdf(x: XfdfAnnotation, page: PageSize): PdfAnnotationObject {
  const base = {
    id: x.name,
    pageIndex: x.page,
    rect: viewerRect(x.rect, page),
    author: x.title,
    flags: ['print' as const],
    ...(x.date ? { modified: new Date(x.date), created: new Date(x.date) } : {}),
    ...(x.contents !== null && x.kind !== 'freetext' ? { contents: x.contents } : {}),
  };
  const stroke = {
    strokeColor: x.color ?? '#E44234',
    strokeWidth: x.width ?? 1,
    opacity: x.opacity ?? 1,
    strokeStyle: PdfAnnotationBorderStyle.SOLID,
  };
  switch (x.kind) {
    case 'square':
      return {
        ...base,
        ...stroke,
        type: PdfAnnotationSubtype.SQUARE,
        color: x.interiorColor ?? 'transparent',
      };
    case 'circle':
      return {
        ...base,
        ...stroke,
        type: PdfAnnotationSubtype.CIRCLE,
        color: x.interiorColor ?? 'transparent',
      };
    case 'polygon':
      return {
        ...base,
        ...stroke,
        type: PdfAnnotationSubtype.POLYGON,
        color: x.interiorColor ?? 'transparent',
        vertices: (x.vertices ?? []).map((p) => toPosition(p, page)),
      };
    case 'line':
      return {
        ...base,
        ...stroke,
        type: PdfAnnotationSubtype.LINE,
        color: 'transparent',
        linePoints: { start: toPosition(x.start ?? [0, 0], page), end: toPosition(x.end ?? [0, 0], page) },
      };
    case 'ink':
      return {
        ...base,
        type: PdfAnnotationSubtype.INK,
        color: stroke.strokeColor,
        strokeColor: stroke.strokeColor,
        strokeWidth: stroke.strokeWidth,
        opacity: stroke.opacity,
        inkList: (x.gestures ?? []).map((g) => ({ points: g.map((p) => toPosition(p, page)) })),
      };
    case 'freetext':
      return {
        ...base,
        type: PdfAnnotationSubtype.FREETEXT,
        contents: x.contents ?? '',
        fontFamily: PdfStandardFont.Helvetica,
        fontSize: x.fontSize ?? 12,
        fontColor: x.color ?? '#000000',
        textAlign: PdfTextAlignment.Left,
        verticalAlign: PdfVerticalAlignment.Top,
        opacity: x.opacity ?? 1,
        color: 'transparent',
        backgroundColor: 'transparent',
      };
    case 'highlight': {
      const coords = x.coords ?? [];
      const segmentRects: Rect[] = [];
      for (let i = 0; i + 8 <= coords.length; i += 8) {
        const xs = [coords[i]!, coords[i + 2]!, coords[i + 4]!, coords[i + 6]!];
        const ys = [coords[i + 1]!, coords[i + 3]!, coords[i + 5]!, coords[i + 7]!];
        segmentRects.push(
          viewerRect([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)], page),
        );
      }
      return {
        ...base,
        type: PdfAnnotationSubtype.HIGHLIGHT,
        color: x.color ?? '#FFCD45',
        strokeColor: x.color ?? '#FFCD45',
        opacity: x.opacity ?? 1,
        segmentRects,
      };
    }
  }
}
