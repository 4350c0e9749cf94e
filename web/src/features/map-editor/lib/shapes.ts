import { MAP_LIMITS, type Geometry } from '@stormline/domain/map-features';

/** A point of a page image in pixels, x right and y down (the contract's mutable tuple). */
export type MapPoint = [x: number, y: number];

/**
 * The editor's one projection between a page image's pixels and Leaflet's coordinates, on
 * L.CRS.Simple (docs/decisions/0041): image pixel (x, y), x right and y down from the top left,
 * is LatLng(lat = -y, lng = x). At zoom 0 one image pixel is one screen pixel; the image covers
 * [[-height, 0], [0, width]]. Every conversion goes through these two functions.
 */
export type LatLngTuple = [lat: number, lng: number];

export function toLatLng([x, y]: readonly [number, number]): LatLngTuple {
  return [-y, x];
}

export function toPixel(latLng: { lat: number; lng: number }): MapPoint {
  return [round(latLng.lng), round(-latLng.lat)];
}

/** The image's bounds in Leaflet's coordinates. */
export function imageBounds(width: number, height: number): [LatLngTuple, LatLngTuple] {
  return [
    [-height, 0],
    [0, width],
  ];
}

const round = (value: number) => Math.round(value * 10) / 10;

/** The drawing tools of spec 002 §2 (select draws nothing; point places a finding or a note). */
export const DRAW_TOOLS = [
  'point',
  'line',
  'rectangle',
  'square',
  'polygon',
  'circle',
  'oval',
  'text',
] as const;
export type DrawTool = (typeof DRAW_TOOLS)[number];

export const TOOL_LABELS: Record<DrawTool, string> = {
  point: 'Pin',
  line: 'Line',
  rectangle: 'Rectangle',
  square: 'Square',
  polygon: 'Polygon',
  circle: 'Circle',
  oval: 'Oval',
  text: 'Text',
};

/**
 * A square is geoman's rectangle kept square (ADR 0041): the side is the longer of the two drawn,
 * from the corner the drawing started at, towards where it ended.
 */
export function squareBounds(start: MapPoint, end: MapPoint): [MapPoint, MapPoint] {
  const dx = end[0] - start[0];
  const dy = end[1] - start[1];
  const side = Math.max(Math.abs(dx), Math.abs(dy));
  return [start, [start[0] + Math.sign(dx || 1) * side, start[1] + Math.sign(dy || 1) * side]];
}

/** Corners as top-left, bottom-right. */
export function normalBounds([a, b]: readonly [readonly [number, number], readonly [number, number]]): [
  MapPoint,
  MapPoint,
] {
  return [
    [Math.min(a[0], b[0]), Math.min(a[1], b[1])],
    [Math.max(a[0], b[0]), Math.max(a[1], b[1])],
  ];
}

/** An oval is the ellipse inscribed in its rectangle (ADR 0041), as a polygon of `segments` points. */
export function ellipsePoints(
  bounds: readonly [readonly [number, number], readonly [number, number]],
  segments = 48,
): MapPoint[] {
  const [[x1, y1], [x2, y2]] = normalBounds(bounds);
  const cx = (x1 + x2) / 2;
  const cy = (y1 + y2) / 2;
  const rx = (x2 - x1) / 2;
  const ry = (y2 - y1) / 2;
  return Array.from({ length: segments }, (_, i) => {
    const angle = (2 * Math.PI * i) / segments;
    return [cx + rx * Math.cos(angle), cy + ry * Math.sin(angle)] as MapPoint;
  });
}

/** Spec 002 §5: a text label holds at most 10 characters. */
export function clampLabel(text: string): string {
  return text.trim().slice(0, MAP_LIMITS.textLabel);
}

/**
 * A feature's position (position_x, position_y): where a point, circle or text sits, the middle of
 * the bounding box of any other shape (the sidebar's Locate flies there).
 */
export function anchorOf(geometry: Geometry, at: readonly [number, number]): MapPoint {
  const points =
    geometry.type === 'line' || geometry.type === 'polygon'
      ? geometry.points
      : geometry.type === 'rectangle' || geometry.type === 'square' || geometry.type === 'oval'
        ? geometry.bounds
        : null;
  if (!points || points.length === 0) return [round(at[0]), round(at[1])];
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [round((Math.min(...xs) + Math.max(...xs)) / 2), round((Math.min(...ys) + Math.max(...ys)) / 2)];
}

/** Whether a point lies on the image (the server refuses a feature off it). */
export function onImage([x, y]: readonly [number, number], width: number, height: number): boolean {
  return x >= 0 && y >= 0 && x <= width && y <= height;
}
