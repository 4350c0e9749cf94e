/**
 * One renderer for a legend item's map symbol (spec 002 §9, docs/decisions/0041 "One symbol
 * renderer"): a symbol and a shape already projected to drawing pixels become SVG nodes, plain data
 * that the Map Legend's preview (React), the map editor (a Leaflet layer's DOM) and the printed map
 * (a string on the server) all draw the same way. Sizes are drawing pixels, as Leaflet draws paths:
 * a line keeps its width at every zoom.
 *
 * No DOM and no React here: the geometry (parallel strokes, ticks along a line, the arrow at its
 * end, ellipses as rings) is pure and tested beside it.
 */
import { MAP_FINDING_DEFAULTS, type MapPoint } from './map-features';
import { clampMapSymbol, SYMBOL_EDITORS, type MapSymbol } from './map-symbol';

export type SvgNode = {
  tag:
    | 'g'
    | 'defs'
    | 'pattern'
    | 'path'
    | 'line'
    | 'polyline'
    | 'polygon'
    | 'circle'
    | 'ellipse'
    | 'rect'
    | 'text';
  attrs: Record<string, string | number>;
  children?: SvgNode[];
  text?: string;
};

/** A shape in drawing pixels (screen or page), already projected. */
export type DrawnShape =
  | { kind: 'line'; points: readonly MapPoint[] }
  | { kind: 'polygon'; points: readonly MapPoint[] } // rectangles and squares come as polygons
  | { kind: 'ellipse'; center: MapPoint; rx: number; ry: number } // circles: rx === ry
  | { kind: 'point'; at: MapPoint } // icon symbols, findings, notes
  | { kind: 'text'; at: MapPoint; text: string };

/* ----------------------------------------------------------------------------------------------
 * Constants of the drawing (the spec gives the ranges; these are how big things are drawn)
 * -------------------------------------------------------------------------------------------- */

/** An icon is drawn in a 24 px box centred on its point. */
export const ICON_SIZE = 24;
/** A point drawn with a line or area symbol (not an icon): a dot of this radius. */
export const POINT_RADIUS = 8;
/** A finding's and a note's marker: a disc or a note of this radius, centred on the point. */
export const MARKER_RADIUS = 12;
/** Tick strokes are half the line's thickness, at least 1 px. */
const TICK_STROKE = 0.5;
/** A dot of the dotted style is the line's thickness across, one every two thicknesses. */
const DOT_PERIOD = 2;
/** The arrow's half-width beyond the outer strokes, and its length per half-width, at scale 1. */
const ARROW_HALF_WIDTH = 2;
const ARROW_LENGTH = 1.6;
/** A ring has at most this many points: an ellipse drawn as a line (ticks, double strokes). */
const ELLIPSE_SEGMENTS = 72;
/** Beyond this, a join of parallel strokes is bevelled instead of mitred (a sharp turn's spike). */
const MITER_LIMIT = 4;
/** At most this many ticks on one shape, whatever its length and tick spacing. */
const MAX_TICKS = 5000;

export const SYMBOL_FONT_FAMILIES: Readonly<Record<MapSymbol['text']['font'], string>> = {
  Arial: 'Arial, Helvetica, sans-serif',
  'Times New Roman': "'Times New Roman', Times, serif",
};

/**
 * The icon editor's choices, in a 24 px box (fill-rule evenodd, so a ring is a hole). `icon` of a
 * symbol names one; an unknown or missing name draws the first, the map pin.
 */
export const SYMBOL_ICONS: readonly { name: string; label: string; path: string }[] = [
  {
    name: 'pin',
    label: 'Map pin',
    path: 'M12 2C8.1 2 5 5.1 5 9c0 5.2 7 13 7 13s7-7.8 7-13c0-3.9-3.1-7-7-7Zm0 4.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5Z',
  },
  {
    name: 'inlet',
    label: 'Storm drain inlet',
    path: 'M4 4h16v16H4ZM7 7v10h2V7Zm4 0v10h2V7Zm4 0v10h2V7Z',
  },
  { name: 'outfall', label: 'Outfall', path: 'M12 22 3 8h5.5V2h7v6H21Z' },
  { name: 'tree', label: 'Tree protection', path: 'M12 2a7 7 0 0 1 2 13.7V22h-4v-6.3A7 7 0 0 1 12 2Z' },
  { name: 'rock', label: 'Rock check dam', path: 'M3 17 6 9l5-3 6 2 4 6-3 5-10 1Z' },
  { name: 'drop', label: 'Water', path: 'M12 2s-7 8-7 13a7 7 0 0 0 14 0c0-5-7-13-7-13Z' },
  { name: 'warning', label: 'Warning', path: 'M12 2 23 21H1ZM11 9v6h2V9Zm0 8v2h2v-2Z' },
  { name: 'flag', label: 'Flag', path: 'M5 2h2v20H5ZM8 3h11l-3 4.5 3 4.5H8Z' },
];

export function iconFor(name: string | null): (typeof SYMBOL_ICONS)[number] {
  return SYMBOL_ICONS.find((icon) => icon.name === name) ?? SYMBOL_ICONS[0]!;
}

/* ----------------------------------------------------------------------------------------------
 * Geometry (pure, pixels: x right, y down)
 * -------------------------------------------------------------------------------------------- */

const EPSILON = 1e-9;

/** The points with the non-finite and the repeated (a double click's second node) left out. */
export function cleanPoints(points: readonly MapPoint[]): MapPoint[] {
  const out: MapPoint[] = [];
  for (const point of points) {
    if (!Number.isFinite(point[0]) || !Number.isFinite(point[1])) continue;
    const last = out[out.length - 1];
    if (last && Math.hypot(point[0] - last[0], point[1] - last[1]) < EPSILON) continue;
    out.push(point);
  }
  return out;
}

function unit(from: MapPoint, to: MapPoint): MapPoint {
  const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
  return length < EPSILON ? [1, 0] : [(to[0] - from[0]) / length, (to[1] - from[1]) / length];
}

/** The left of a direction of travel on screen (y down): going right, left is up. */
export function leftNormal(direction: MapPoint): MapPoint {
  return [direction[1], -direction[0]];
}

/** The segments of a line, or of a ring (closed: the last point joins the first). */
function segments(points: readonly MapPoint[], closed: boolean): [MapPoint, MapPoint][] {
  const out: [MapPoint, MapPoint][] = [];
  for (let i = 0; i + 1 < points.length; i++) out.push([points[i]!, points[i + 1]!]);
  if (closed && points.length > 2) out.push([points[points.length - 1]!, points[0]!]);
  return out;
}

export function polylineLength(points: readonly MapPoint[], closed = false): number {
  return segments(points, closed).reduce((sum, [a, b]) => sum + Math.hypot(b[0] - a[0], b[1] - a[1]), 0);
}

/**
 * A line drawn `distance` px to the left of `points` (negative: to the right), the parallel strokes
 * of a double or triple line: each corner mitred, or bevelled when the mitre would be longer than
 * MITER_LIMIT times the distance. A ring (closed) gives a ring, without repeating its first point.
 */
export function offsetPolyline(points: readonly MapPoint[], distance: number, closed = false): MapPoint[] {
  const clean = cleanPoints(points);
  if (closed && clean.length > 2) {
    const first = clean[0]!;
    const last = clean[clean.length - 1]!;
    if (Math.hypot(first[0] - last[0], first[1] - last[1]) < EPSILON) clean.pop();
  }
  if (clean.length < 2 || distance === 0) return clean;
  const n = clean.length;
  const ring = closed && n > 2;
  const out: MapPoint[] = [];
  for (let i = 0; i < n; i++) {
    const point = clean[i]!;
    const before = i > 0 ? clean[i - 1] : ring ? clean[n - 1] : undefined;
    const after = i < n - 1 ? clean[i + 1] : ring ? clean[0] : undefined;
    const inNormal = before ? leftNormal(unit(before, point)) : undefined;
    const outNormal = after ? leftNormal(unit(point, after)) : undefined;
    if (!inNormal || !outNormal) {
      const normal = (inNormal ?? outNormal)!;
      out.push([point[0] + normal[0] * distance, point[1] + normal[1] * distance]);
      continue;
    }
    const sum: MapPoint = [inNormal[0] + outNormal[0], inNormal[1] + outNormal[1]];
    const sumLength = Math.hypot(sum[0], sum[1]);
    const cos = sumLength / 2; // cosine of half the turn: the mitre is distance / cos long
    if (sumLength < EPSILON || cos < 1 / MITER_LIMIT) {
      out.push([point[0] + inNormal[0] * distance, point[1] + inNormal[1] * distance]);
      out.push([point[0] + outNormal[0] * distance, point[1] + outNormal[1] * distance]);
      continue;
    }
    const scale = distance / cos / sumLength;
    out.push([point[0] + sum[0] * scale, point[1] + sum[1] * scale]);
  }
  return out;
}

/** Where a line is `distance` px from its start (clamped to the line), and which way it runs there. */
export function pointAlong(
  points: readonly MapPoint[],
  distance: number,
  closed = false,
): { at: MapPoint; direction: MapPoint } {
  const parts = segments(cleanPoints(points), closed);
  if (parts.length === 0) return { at: points[0] ?? [0, 0], direction: [1, 0] };
  let left = Math.max(0, distance);
  for (const [a, b] of parts) {
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const direction = unit(a, b);
    if (left <= length) return { at: [a[0] + direction[0] * left, a[1] + direction[1] * left], direction };
    left -= length;
  }
  const [a, b] = parts[parts.length - 1]!;
  return { at: b, direction: unit(a, b) };
}

/** The line without its last `length` px (where an arrow head sits); never shorter than a dot. */
export function trimEnd(points: readonly MapPoint[], length: number): MapPoint[] {
  const clean = cleanPoints(points);
  const total = polylineLength(clean);
  if (clean.length < 2 || length <= 0) return clean;
  const keep = Math.max(total - length, Math.min(total, 0.5));
  const out: MapPoint[] = [clean[0]!];
  let walked = 0;
  for (const [a, b] of segments(clean, false)) {
    const segment = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (walked + segment >= keep) {
      const direction = unit(a, b);
      const rest = keep - walked;
      out.push([a[0] + direction[0] * rest, a[1] + direction[1] * rest]);
      return out;
    }
    out.push(b);
    walked += segment;
  }
  return out;
}

/**
 * Ticks along a line, one every `spacing` px starting half a spacing in, so a line shorter than
 * the spacing still has one in its middle.
 */
export function tickPositions(
  points: readonly MapPoint[],
  spacing: number,
  closed = false,
): { at: MapPoint; direction: MapPoint }[] {
  const clean = cleanPoints(points);
  const total = polylineLength(clean, closed);
  if (clean.length < 2 || total <= 0) return [];
  const step = Math.max(1, spacing);
  const count = Math.min(MAX_TICKS, Math.max(1, Math.floor(total / step)));
  const offset = total >= step ? (total - (count - 1) * step) / 2 : total / 2;
  return Array.from({ length: count }, (_, i) => pointAlong(clean, offset + i * step, closed));
}

/** An ellipse as a ring of points, clockwise on screen from its rightmost point. */
export function ellipsePoints(
  center: MapPoint,
  rx: number,
  ry: number,
  count = ELLIPSE_SEGMENTS,
): MapPoint[] {
  return Array.from({ length: count }, (_, i) => {
    const angle = (2 * Math.PI * i) / count;
    return [center[0] + rx * Math.cos(angle), center[1] + ry * Math.sin(angle)] as MapPoint;
  });
}

/* ----------------------------------------------------------------------------------------------
 * Sizes of a symbol
 * -------------------------------------------------------------------------------------------- */

/** The offsets of a line's parallel strokes from its centre line: 1, 2 or 3 of them. */
export function strokeOffsets(
  line: Pick<MapSymbol['line'], 'width' | 'strokeType' | 'separation'>,
): number[] {
  // The separation is the clear space between two strokes, in times the thickness (spec 002 §9:
  // "from thickness up to 5 times thickness"), so their centres are a thickness further apart.
  const pitch = line.width * (1 + line.separation);
  const count = Math.min(3, Math.max(1, Math.round(line.strokeType)));
  return Array.from({ length: count }, (_, i) => (i - (count - 1) / 2) * pitch);
}

/** An arrow head's size: it covers every stroke, scaled by arrowScale (1 to 1.75). */
export function arrowSize(line: MapSymbol['line']): { length: number; halfWidth: number } {
  const outer = Math.max(...strokeOffsets(line));
  const halfWidth = (outer + ARROW_HALF_WIDTH * line.width) * (line.arrowScale ?? 1);
  return { length: halfWidth * ARROW_LENGTH, halfWidth };
}

/** A tick's length: tickHeight times the line's thickness (spec 002 §9). */
export function tickLength(line: Pick<MapSymbol['line'], 'width' | 'tickHeight'>): number {
  return line.tickHeight * line.width;
}

/**
 * How far the drawing of a symbol reaches beyond its shape's geometry, in px: the preview's
 * margin, and a map's hit area about a thin line.
 */
export function symbolExtent(input: MapSymbol): number {
  const symbol = clampMapSymbol(input);
  const { line, area } = symbol;
  if (symbol.editor === SYMBOL_EDITORS.icon) return ICON_SIZE / 2;
  if (symbol.editor !== SYMBOL_EDITORS.line) return area.width / 2;
  const outer = Math.max(...strokeOffsets(line));
  const ticks = line.strokeStyle === 'tick' ? outer + tickLength(line) : 0;
  const arrow = line.arrowScale == null ? 0 : arrowSize(line).halfWidth;
  return Math.max(outer + line.width / 2, ticks, arrow);
}

/* ----------------------------------------------------------------------------------------------
 * Drawing
 * -------------------------------------------------------------------------------------------- */

const round = (value: number) => Math.round(value * 100) / 100;
const pair = (point: MapPoint) => `${round(point[0])},${round(point[1])}`;

/** A path through points; `closed` joins the last to the first. */
export function pathData(points: readonly MapPoint[], closed = false): string {
  if (points.length === 0) return '';
  const [first, ...rest] = points;
  const d = `M${pair(first!)}${rest.map((point) => `L${pair(point)}`).join('')}`;
  return closed ? `${d}Z` : d;
}

/** A colour as the routes store it (#RGB, #RRGGBB or #RRGGBBAA); anything else draws the fallback. */
function colour(value: string, fallback: string): string {
  return /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(value) ? value : fallback;
}

/** An id prefix safe in an XML id and in `url(#…)`: letters, digits, - and _, starting with a letter. */
export function safeIdPrefix(prefix: string): string {
  const safe = prefix.replace(/[^A-Za-z0-9_-]/g, '-');
  return /^[A-Za-z]/.test(safe) ? safe : `s${safe}`;
}

function textColour(symbol: MapSymbol): string {
  return symbol.editor === SYMBOL_EDITORS.line
    ? colour(symbol.line.stroke, '#000000')
    : colour(symbol.area.stroke, '#4D4D4D');
}

/** A shape's anchor: where a point symbol (an icon) of a line, area or ellipse is drawn. */
export function shapeAnchor(shape: DrawnShape): MapPoint {
  switch (shape.kind) {
    case 'point':
    case 'text':
      return shape.at;
    case 'ellipse':
      return shape.center;
    case 'line': {
      const clean = cleanPoints(shape.points);
      return pointAlong(clean, polylineLength(clean) / 2).at;
    }
    case 'polygon': {
      const clean = cleanPoints(shape.points);
      if (clean.length === 0) return [0, 0];
      const sum = clean.reduce<[number, number]>((acc, p) => [acc[0] + p[0], acc[1] + p[1]], [0, 0]);
      return [sum[0] / clean.length, sum[1] / clean.length];
    }
  }
}

/**
 * A symbol drawn on a shape. The shape decides the geometry, the symbol how it looks:
 * - a line symbol (editor 0) strokes lines and the outlines of polygons and ellipses: 1 to 3
 *   parallel strokes `separation` thicknesses apart, solid, dashed (`dash` px), dotted or with
 *   ticks (`tickColor`, one every `tickWidth` px, `tickHeight` × thickness long, on the left of
 *   the direction drawn), an arrow head at a line's end (`arrowScale` 1 to 1.75), all at `opacity`;
 * - an area symbol (editor 2 circle, 3 polygon) fills polygons and ellipses solid or with a pattern
 *   of lines or hatch (`lineSize` px lines `separation` px apart, at 45°) at `fillOpacity`, inside
 *   a boundary of `stroke` and `width`; a line takes the boundary's stroke;
 * - an icon symbol (editor 1) draws its icon at the shape's anchor;
 * - a point with a line or area symbol is a dot of its colours;
 * - a text shape is its text (or the symbol's label) in the symbol's font and size.
 * Pattern ids start with `idPrefix`, so many features on one map never share one.
 */
export function drawSymbol(input: MapSymbol, shape: DrawnShape, options: { idPrefix: string }): SvgNode[] {
  const symbol = clampMapSymbol(input);
  const prefix = safeIdPrefix(options.idPrefix);
  if (shape.kind === 'text') return [drawText(symbol, shape.at, shape.text || symbol.text.label)];
  if (symbol.editor === SYMBOL_EDITORS.icon) return [drawIcon(symbol, shapeAnchor(shape))];
  if (shape.kind === 'point') return [drawDot(symbol, shape.at)];
  if (symbol.editor === SYMBOL_EDITORS.line) {
    if (shape.kind === 'line') return [drawLine(symbol.line, shape.points, false)];
    const ring = shape.kind === 'polygon' ? shape.points : ellipsePoints(shape.center, shape.rx, shape.ry);
    return [drawLine(symbol.line, ring, true)];
  }
  return [drawArea(symbol.area, shape, prefix)];
}

function drawLine(line: MapSymbol['line'], points: readonly MapPoint[], closed: boolean): SvgNode {
  const stroke = colour(line.stroke, '#000000');
  const clean = cleanPoints(points);
  const arrow = !closed && line.arrowScale != null && clean.length >= 2 ? arrowSize(line) : null;
  // The strokes end inside the arrow head, so its tip is the line's end and no stroke pokes out.
  const body = arrow ? trimEnd(clean, arrow.length * 0.75) : clean;
  const style: Record<string, string | number> =
    line.strokeStyle === 'dash'
      ? { 'stroke-dasharray': line.dash.join(' '), 'stroke-linecap': 'butt' }
      : line.strokeStyle === 'dot'
        ? { 'stroke-dasharray': `0 ${round(line.width * DOT_PERIOD)}`, 'stroke-linecap': 'round' }
        : { 'stroke-linecap': 'round' };
  const offsets = strokeOffsets(line);
  const children: SvgNode[] = offsets.map((offset) => ({
    tag: 'path',
    attrs: {
      d: pathData(offsetPolyline(body, offset, closed), closed),
      fill: 'none',
      stroke,
      'stroke-width': line.width,
      'stroke-linejoin': 'round',
      ...style,
    },
  }));
  if (line.strokeStyle === 'tick') {
    const from = Math.max(...offsets);
    const to = from + tickLength(line);
    const d = tickPositions(clean, line.tickWidth, closed)
      .map(({ at, direction }) => {
        const normal = leftNormal(direction);
        const start: MapPoint = [at[0] + normal[0] * from, at[1] + normal[1] * from];
        const end: MapPoint = [at[0] + normal[0] * to, at[1] + normal[1] * to];
        return `M${pair(start)}L${pair(end)}`;
      })
      .join('');
    children.push({
      tag: 'path',
      attrs: {
        d,
        fill: 'none',
        stroke: colour(line.tickColor, '#F44E3B'),
        'stroke-width': round(Math.max(1, line.width * TICK_STROKE)),
        'stroke-linecap': 'butt',
      },
    });
  }
  if (arrow) {
    const tip = clean[clean.length - 1]!;
    const { direction } = pointAlong(clean, polylineLength(clean));
    const normal = leftNormal(direction);
    const base: MapPoint = [tip[0] - direction[0] * arrow.length, tip[1] - direction[1] * arrow.length];
    const corner = (side: number): MapPoint => [
      base[0] + normal[0] * arrow.halfWidth * side,
      base[1] + normal[1] * arrow.halfWidth * side,
    ];
    children.push({
      tag: 'polygon',
      attrs: { points: [tip, corner(1), corner(-1)].map(pair).join(' '), fill: stroke },
    });
  }
  return { tag: 'g', attrs: { opacity: round(line.opacity) }, children };
}

function drawArea(area: MapSymbol['area'], shape: DrawnShape, prefix: string): SvgNode {
  const fillColour = colour(area.fill, '#999999');
  const patterned = area.fillType === 'lines' || area.fillType === 'hatch';
  const patternId = `${prefix}-fill`;
  const paint: Record<string, string | number> = {
    fill: patterned ? `url(#${patternId})` : fillColour,
    'fill-opacity': round(area.fillOpacity),
    stroke: colour(area.stroke, '#4D4D4D'),
    'stroke-width': area.width,
    'stroke-linejoin': 'round',
  };
  const children: SvgNode[] = [];
  if (patterned) {
    const step = area.lineSize + area.separation;
    const middle = round(step / 2);
    const patternLine = (attrs: Record<string, number>): SvgNode => ({
      tag: 'line',
      attrs: { ...attrs, stroke: fillColour, 'stroke-width': area.lineSize },
    });
    children.push({
      tag: 'defs',
      attrs: {},
      children: [
        {
          tag: 'pattern',
          attrs: {
            id: patternId,
            patternUnits: 'userSpaceOnUse',
            width: step,
            height: step,
            patternTransform: 'rotate(45)',
          },
          children: [
            patternLine({ x1: middle, y1: 0, x2: middle, y2: step }),
            ...(area.fillType === 'hatch' ? [patternLine({ x1: 0, y1: middle, x2: step, y2: middle })] : []),
          ],
        },
      ],
    });
  }
  if (shape.kind === 'line') {
    children.push({
      tag: 'path',
      attrs: {
        d: pathData(cleanPoints(shape.points)),
        fill: 'none',
        stroke: paint.stroke!,
        'stroke-width': area.width,
        'stroke-linejoin': 'round',
        'stroke-linecap': 'round',
      },
    });
  } else if (shape.kind === 'polygon') {
    children.push({
      tag: 'polygon',
      attrs: { points: cleanPoints(shape.points).map(pair).join(' '), ...paint },
    });
  } else if (shape.kind === 'ellipse') {
    const [cx, cy] = shape.center;
    children.push(
      shape.rx === shape.ry
        ? {
            tag: 'circle',
            attrs: { cx: round(cx), cy: round(cy), r: round(Math.max(0, shape.rx)), ...paint },
          }
        : {
            tag: 'ellipse',
            attrs: {
              cx: round(cx),
              cy: round(cy),
              rx: round(Math.max(0, shape.rx)),
              ry: round(Math.max(0, shape.ry)),
              ...paint,
            },
          },
    );
  }
  return { tag: 'g', attrs: {}, children };
}

function drawDot(symbol: MapSymbol, at: MapPoint): SvgNode {
  const line = symbol.editor === SYMBOL_EDITORS.line;
  const attrs: Record<string, string | number> = line
    ? { fill: colour(symbol.line.stroke, '#000000'), opacity: round(symbol.line.opacity) }
    : {
        fill: colour(symbol.area.fill, '#999999'),
        'fill-opacity': round(symbol.area.fillOpacity),
        stroke: colour(symbol.area.stroke, '#4D4D4D'),
        'stroke-width': Math.min(symbol.area.width, POINT_RADIUS / 2),
      };
  return {
    tag: 'g',
    attrs: {},
    children: [{ tag: 'circle', attrs: { cx: round(at[0]), cy: round(at[1]), r: POINT_RADIUS, ...attrs } }],
  };
}

function drawIcon(symbol: MapSymbol, at: MapPoint): SvgNode {
  const icon = iconFor(symbol.icon);
  const half = ICON_SIZE / 2;
  return {
    tag: 'g',
    attrs: { transform: `translate(${round(at[0] - half)} ${round(at[1] - half)})` },
    children: [
      {
        tag: 'path',
        attrs: {
          d: icon.path,
          'fill-rule': 'evenodd',
          fill: colour(symbol.area.fill, '#999999'),
          'fill-opacity': round(symbol.area.fillOpacity),
          stroke: colour(symbol.area.stroke, '#4D4D4D'),
          'stroke-width': 1.5,
          'stroke-linejoin': 'round',
        },
      },
    ],
  };
}

function drawText(symbol: MapSymbol, at: MapPoint, text: string): SvgNode {
  return {
    tag: 'g',
    attrs: {},
    children: [
      {
        tag: 'text',
        attrs: {
          x: round(at[0]),
          y: round(at[1]),
          'font-family': SYMBOL_FONT_FAMILIES[symbol.text.font],
          'font-size': symbol.text.size,
          'text-anchor': 'middle',
          'dominant-baseline': 'central',
          fill: textColour(symbol),
          // A white halo keeps a label legible on a busy site plan.
          stroke: '#FFFFFF',
          'stroke-width': round(Math.max(2, symbol.text.size / 8)),
          'stroke-linejoin': 'round',
          'paint-order': 'stroke',
        },
        text,
      },
    ],
  };
}

/** Dark text on a light colour, white on a dark one (relative luminance, WCAG). */
export function contrastingText(background: string): '#000000' | '#FFFFFF' {
  const hex = colour(background, '#2FF363').slice(1);
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex.slice(0, 6);
  const channel = (index: number) => {
    const value = parseInt(full.slice(index, index + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  return luminance > 0.179 ? '#000000' : '#FFFFFF';
}

/** The colour a note's marker is drawn in unless told otherwise. */
export const NOTE_COLOR = '#FFD43B';

/**
 * A marker for what has no legend symbol: a finding (a disc of its colour, default #2FF363 of
 * spec 002 §9, with its number) or a note (a note sheet, with a label when given). Centred on `at`.
 */
export function drawMarker(
  kind: 'finding' | 'note',
  at: MapPoint,
  options: { color?: string; label?: string; idPrefix: string },
): SvgNode[] {
  const [x, y] = [round(at[0]), round(at[1])];
  const r = MARKER_RADIUS;
  const fill = colour(options.color ?? '', kind === 'finding' ? MAP_FINDING_DEFAULTS.color : NOTE_COLOR);
  const label = options.label ?? '';
  const children: SvgNode[] =
    kind === 'finding'
      ? [{ tag: 'circle', attrs: { cx: x, cy: y, r, fill, stroke: '#1A1B1E', 'stroke-width': 2 } }]
      : [
          {
            tag: 'path',
            // A sheet with its lower right corner folded.
            attrs: {
              d: `M${x - r},${y - r}H${x + r}V${y + r / 3}L${x + r / 3},${y + r}H${x - r}Z`,
              fill,
              stroke: '#1A1B1E',
              'stroke-width': 2,
              'stroke-linejoin': 'round',
            },
          },
          ...(label
            ? []
            : [
                {
                  tag: 'path' as const,
                  attrs: {
                    d: `M${x - r / 2},${y - r / 3}H${x + r / 2}M${x - r / 2},${y + r / 6}H${x + r / 6}`,
                    stroke: '#1A1B1E',
                    'stroke-width': 1.5,
                    fill: 'none',
                  },
                },
              ]),
        ];
  if (label)
    children.push({
      tag: 'text',
      attrs: {
        x,
        y,
        'font-family': SYMBOL_FONT_FAMILIES.Arial,
        'font-size': label.length > 2 ? 9 : 12,
        'font-weight': 700,
        'text-anchor': 'middle',
        'dominant-baseline': 'central',
        fill: contrastingText(fill),
      },
      text: label,
    });
  return [{ tag: 'g', attrs: { id: `${safeIdPrefix(options.idPrefix)}-${kind}` }, children }];
}

/* ----------------------------------------------------------------------------------------------
 * Serialising
 * -------------------------------------------------------------------------------------------- */

const ATTRIBUTE_NAME = /^[A-Za-z_][A-Za-z0-9_:.-]*$/;

/** Whether an attribute may be written: an SVG name, never an event handler. */
export function isSafeAttribute(name: string): boolean {
  return ATTRIBUTE_NAME.test(name) && !/^on/i.test(name) && !/href$/i.test(name);
}

export function escapeXml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`,
  );
}

/** The attribute's value as written, or null when it has none worth writing (NaN, Infinity). */
export function attributeValue(value: string | number): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(round(value)) : null;
  return value;
}

/** The nodes as SVG markup, attribute values and text escaped: for printing on the server. */
export function svgString(nodes: SvgNode[]): string {
  return nodes.map(nodeString).join('');
}

function nodeString(node: SvgNode): string {
  const attrs = Object.entries(node.attrs)
    .filter(([name]) => isSafeAttribute(name))
    .map(([name, value]) => [name, attributeValue(value)] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== null)
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join('');
  const inner = (node.text != null ? escapeXml(node.text) : '') + svgString(node.children ?? []);
  return inner === '' ? `<${node.tag}${attrs}/>` : `<${node.tag}${attrs}>${inner}</${node.tag}>`;
}
