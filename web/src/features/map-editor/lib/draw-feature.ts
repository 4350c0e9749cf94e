import L from 'leaflet';
import { MAP_FINDING_DEFAULTS, type MapPoint } from '@stormline/domain/map-features';
import { clampMapSymbol, defaultMapSymbol } from '@stormline/domain/map-symbol';
import {
  drawMarker,
  drawSymbol,
  ICON_SIZE,
  svgString,
  symbolExtent,
  type DrawnShape,
  type SvgNode,
} from '@stormline/domain/symbol-drawing';
import { appendSvgNodes } from '../../../lib/svg-nodes';
import type { DraftFeature } from './pending-edits';
import { ellipsePoints, normalBounds, toLatLng } from './shapes';

/**
 * The ONE place a feature becomes a Leaflet layer. What shows is drawn by the shared symbol
 * renderer (packages/domain/src/symbol-drawing.ts, ADR 0041): the Map Legend's preview, this map
 * and the printed map draw a symbol alike. The feature's image pixels are projected to Leaflet's
 * layer pixels on every zoom and the symbol drawn again there, so a line keeps its width on screen.
 *
 * Under the drawing lies a plain Leaflet path of the same shape, transparent: it takes the taps
 * and clicks (as wide as a finger for a thin line) and is the layer geoman edits when the feature
 * is selected. It stays that wide when selected, so a line is dragged from a finger's width away;
 * the dashed outline that shows the selection is a second path on top that takes no events and
 * follows the first as it is dragged or reshaped. Findings, notes, icons and texts are markers
 * whose icon is the renderer's SVG.
 */

export interface DrawOptions {
  selected: boolean;
  /** Markers take the keyboard (Tab, Enter opens them). */
  interactive: boolean;
}

type Source = DraftFeature['source'];

/** The selection's dashed outline: drawn only, never under a pointer (the hit path is). */
const EDIT_OUTLINE: L.PathOptions = {
  color: '#1c7ed6',
  weight: 2,
  opacity: 1,
  dashArray: '6 4',
  fill: false,
  interactive: false,
  className: 'map-edit-outline',
};
/** The transparent hit area: at least this wide on screen, whatever the symbol's thickness. */
const HIT_WIDTH = 16;

/** A legend item's symbol, inside the spec's ranges (a missing one: its type's default). */
function symbolOf(feature: DraftFeature) {
  const stored = feature.source.map_symbol;
  return stored
    ? clampMapSymbol(stored)
    : defaultMapSymbol(feature.positionable_type === 'pollutant' ? 'pollutant' : 'control_measure');
}

/** The ids of a feature's patterns, unique on the map. */
const idPrefix = (feature: DraftFeature) => `f-${feature.key}`;

/**
 * The renderer's drawing of one feature in Leaflet's layer pixels: an SVG of its own in the
 * overlay pane, drawn again after every zoom and move (hidden while a zoom animates).
 */
class SymbolOverlay extends L.Layer {
  private svg: SVGSVGElement | null = null;

  constructor(private readonly draw: (project: (point: MapPoint) => MapPoint) => SvgNode[]) {
    super({ pane: 'overlayPane' });
  }

  override onAdd(map: L.Map): this {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('class', 'map-symbol');
    svg.setAttribute('aria-hidden', 'true');
    svg.style.position = 'absolute';
    svg.style.pointerEvents = 'none';
    svg.style.overflow = 'visible';
    map.getPane('overlayPane')!.appendChild(svg);
    this.svg = svg;
    map.on('zoomend viewreset', this.update, this);
    map.on('zoomstart', this.hide, this);
    this.update();
    return this;
  }

  override onRemove(map: L.Map): this {
    map.off('zoomend viewreset', this.update, this);
    map.off('zoomstart', this.hide, this);
    this.svg?.remove();
    this.svg = null;
    return this;
  }

  private hide() {
    if (this.svg) this.svg.style.visibility = 'hidden';
  }

  private update() {
    const map = this._map as L.Map | undefined;
    const svg = this.svg;
    if (!map || !svg) return;
    svg.replaceChildren();
    // Layer points of the whole map at this zoom: the SVG sits at the layer origin and overflows.
    L.DomUtil.setPosition(svg as unknown as HTMLElement, L.point(0, 0));
    svg.setAttribute('width', '1');
    svg.setAttribute('height', '1');
    const project = ([x, y]: MapPoint): MapPoint => {
      const point = map.latLngToLayerPoint(toLatLng([x, y]));
      return [point.x, point.y];
    };
    appendSvgNodes(svg, this.draw(project));
    svg.style.visibility = 'visible';
  }
}

/** The feature's shape in image pixels, as the renderer takes it (then projected). */
function shapeOf(feature: DraftFeature): DrawnShape {
  const g = feature.geometry;
  const at: MapPoint = [feature.position_x, feature.position_y];
  switch (g.type) {
    case 'point':
      return { kind: 'point', at };
    case 'text':
      return { kind: 'text', at, text: g.text };
    case 'line':
      return { kind: 'line', points: g.points };
    case 'polygon':
      return { kind: 'polygon', points: g.points };
    case 'rectangle':
    case 'square': {
      const [[x1, y1], [x2, y2]] = normalBounds(g.bounds);
      return {
        kind: 'polygon',
        points: [
          [x1, y1],
          [x2, y1],
          [x2, y2],
          [x1, y2],
        ],
      };
    }
    case 'oval':
      return { kind: 'polygon', points: ellipsePoints(g.bounds, 72) };
    case 'circle':
      return { kind: 'ellipse', center: at, rx: g.radius, ry: g.radius };
  }
}

/** Projects a shape's image pixels to layer pixels (a circle's radius by its scale on screen). */
function projectShape(shape: DrawnShape, project: (point: MapPoint) => MapPoint): DrawnShape {
  switch (shape.kind) {
    case 'line':
    case 'polygon':
      return { kind: shape.kind, points: shape.points.map(project) };
    case 'ellipse': {
      const center = project(shape.center);
      const edge = project([shape.center[0] + shape.rx, shape.center[1]]);
      const r = Math.abs(edge[0] - center[0]);
      return { kind: 'ellipse', center, rx: r, ry: r };
    }
    case 'point':
    case 'text':
      return { ...shape, at: project(shape.at) };
  }
}

/** A pin's accessible name: 'Finding MI #3', 'Note Gate', a legend item's name. */
const pinName = (feature: DraftFeature) =>
  feature.positionable_type === 'findings'
    ? `Finding ${feature.source.name}`
    : feature.positionable_type === 'commentables'
      ? `Note ${feature.source.name}`
      : feature.source.name;

/** A marker whose icon is the renderer's SVG centred in a box of `size` px. */
function svgMarker(
  feature: DraftFeature,
  nodes: (center: MapPoint) => SvgNode[],
  size: number,
  options: DrawOptions,
) {
  const half = size / 2;
  return L.marker(L.latLng(toLatLng([feature.position_x, feature.position_y])), {
    icon: L.divIcon({
      className: `map-pin map-pin-${feature.positionable_type}${options.selected ? ' map-pin-selected' : ''}`,
      html: `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" style="overflow:visible" aria-hidden="true">${svgString(
        nodes([half, half]),
      )}</svg>`,
      iconSize: [size, size],
      iconAnchor: [half, half],
    }),
    title: pinName(feature),
    alt: pinName(feature),
    keyboard: options.interactive,
    riseOnHover: true,
  });
}

/** A finding's number for its marker: the first number of its name ('MI #3'). */
const findingNumber = (source: Source) => /\d+/.exec(source.name)?.[0] ?? '';

/** The Leaflet layer for one feature: its hit (and edit) layer, with the symbol drawn over it. */
export function drawFeature(feature: DraftFeature, options: DrawOptions): L.Layer {
  const kind = feature.positionable_type;
  const g = feature.geometry;
  const prefix = idPrefix(feature);
  if (kind === 'findings' || kind === 'commentables') {
    return svgMarker(
      feature,
      (center) =>
        kind === 'findings'
          ? drawMarker('finding', center, {
              color: feature.source.color ?? MAP_FINDING_DEFAULTS.color,
              label: findingNumber(feature.source),
              idPrefix: prefix,
            })
          : drawMarker('note', center, { idPrefix: prefix }),
      28,
      options,
    );
  }
  const symbol = symbolOf(feature);
  if (g.type === 'point' || g.type === 'text') {
    const size = g.type === 'text' ? 28 : Math.max(28, ICON_SIZE + 8, Math.ceil(symbolExtent(symbol)) * 2);
    return svgMarker(
      feature,
      (center) =>
        drawSymbol(
          symbol,
          g.type === 'text' ? { kind: 'text', at: center, text: g.text } : { kind: 'point', at: center },
          { idPrefix: prefix },
        ),
      size,
      options,
    );
  }

  const shape = shapeOf(feature);
  const area = g.type !== 'line';
  const hit: L.PathOptions = { color: '#000', opacity: 0, weight: HIT_WIDTH, fill: area, fillOpacity: 0 };
  const at = L.latLng(toLatLng([feature.position_x, feature.position_y]));
  let layer: L.Path;
  switch (g.type) {
    case 'line':
      layer = L.polyline(
        g.points.map((p) => L.latLng(toLatLng(p))),
        hit,
      );
      break;
    case 'polygon':
      layer = L.polygon(
        g.points.map((p) => L.latLng(toLatLng(p))),
        hit,
      );
      break;
    case 'rectangle':
    case 'square': {
      const [a, b] = normalBounds(g.bounds);
      layer = L.rectangle(L.latLngBounds(L.latLng(toLatLng(a)), L.latLng(toLatLng(b))), hit);
      break;
    }
    case 'oval':
      layer = L.polygon(
        ellipsePoints(g.bounds).map((p) => L.latLng(toLatLng(p))),
        hit,
      );
      break;
    case 'circle':
      layer = L.circle(at, { ...hit, radius: g.radius });
      break;
  }
  const overlay = new SymbolOverlay((project) =>
    drawSymbol(symbol, projectShape(shape, project), { idPrefix: prefix }),
  );
  const outline = options.selected ? editOutline(layer) : null;
  layer.on('add', () => {
    const map = (layer as unknown as { _map?: L.Map })._map;
    if (!map) return;
    overlay.addTo(map);
    outline?.addTo(map);
  });
  layer.on('remove', () => {
    overlay.remove();
    outline?.remove();
  });
  return layer;
}

/**
 * The dashed outline of a selected shape: a copy of its hit path that takes no events (geoman
 * ignores it too), redrawn whenever the hit path is (geoman moves it through setLatLngs,
 * setLatLng and setRadius, which all redraw), so it follows a drag or a reshape as it happens.
 */
function editOutline(layer: L.Path): L.Path {
  const ignored = { ...EDIT_OUTLINE, pmIgnore: true } as L.PathOptions;
  let outline: L.Path;
  let follow: () => void;
  if (layer instanceof L.Circle) {
    const circle = L.circle(layer.getLatLng(), { ...ignored, radius: layer.getRadius() });
    follow = () => circle.setLatLng(layer.getLatLng()).setRadius(layer.getRadius());
    outline = circle;
  } else {
    const path = layer as L.Polyline;
    const copy =
      path instanceof L.Polygon
        ? L.polygon(path.getLatLngs() as L.LatLng[][], ignored)
        : L.polyline(path.getLatLngs() as L.LatLng[], ignored);
    follow = () => copy.setLatLngs(path.getLatLngs());
    outline = copy;
  }
  const redraw = layer.redraw.bind(layer);
  layer.redraw = () => {
    redraw();
    follow();
    return layer;
  };
  return outline;
}

/** What a pin stands for while it is being placed. */
export interface PinSource {
  type: DraftFeature['positionable_type'];
  source: Source | null;
}

/** The icon of a pin being placed: the one it will have on the map (drawMarker or drawSymbol). */
export function pinIcon({ type, source }: PinSource): L.DivIcon {
  const marker = drawFeature(
    {
      key: 'placing',
      positionables_id: null,
      positionable_id: source?.id ?? 'placing',
      positionable_type: type,
      position_x: 0,
      position_y: 0,
      geometry: { type: 'point' },
      positionable_config: null,
      source: source ?? {
        id: 'placing',
        name: '',
        color: null,
        map_symbol: null,
        scope: null,
        detail: null,
        deleted: false,
      },
      version: null,
    },
    { selected: false, interactive: false },
  ) as L.Marker;
  return marker.options.icon as L.DivIcon;
}
