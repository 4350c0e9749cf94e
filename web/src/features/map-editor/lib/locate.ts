import type { MapPoint } from './shapes';

/** What the map shows now: its zoom, the image pixel at its middle, its size on the screen. */
export interface MapView {
  zoom: number;
  center: MapPoint;
  size: { x: number; y: number };
}

/**
 * Where Locate takes the map to show a feature (docs/decisions/0041): the feature's bounds in
 * image pixels (a point's two corners are the same). On L.CRS.Simple one image pixel is 2^zoom
 * screen pixels. The zoom the user chose is kept: never zoomed in, only out as far as it takes to
 * fit a shape larger than the view (with `padding` screen pixels around it, snapped down to the
 * map's zoom steps). A feature already in view, padding included, does not move the map at all:
 * null. Otherwise the map is centred on it.
 */
export function locateView(
  view: MapView,
  [[minX, minY], [maxX, maxY]]: [MapPoint, MapPoint],
  {
    padding = 40,
    minZoom = -Infinity,
    snap = 0.25,
  }: { padding?: number; minZoom?: number; snap?: number } = {},
): { center: MapPoint; zoom: number } | null {
  const width = Math.max(1, view.size.x - 2 * padding);
  const height = Math.max(1, view.size.y - 2 * padding);
  const fw = maxX - minX;
  const fh = maxY - minY;
  const fits = Math.min(fw > 0 ? width / fw : Infinity, fh > 0 ? height / fh : Infinity);
  const fitZoom = Number.isFinite(fits) ? Math.floor(Math.log2(fits) / snap) * snap : Infinity;
  const zoom = Math.max(minZoom, Math.min(view.zoom, fitZoom));
  const scale = 2 ** view.zoom;
  const inView =
    zoom === view.zoom &&
    (minX - view.center[0]) * scale >= -view.size.x / 2 + padding &&
    (maxX - view.center[0]) * scale <= view.size.x / 2 - padding &&
    (minY - view.center[1]) * scale >= -view.size.y / 2 + padding &&
    (maxY - view.center[1]) * scale <= view.size.y / 2 - padding;
  if (inView) return null;
  return { center: [(minX + maxX) / 2, (minY + maxY) / 2], zoom };
}
