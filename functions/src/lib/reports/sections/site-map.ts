import type { MapPoint } from '@stormline/domain/map-features';
import { MAP_FINDING_DEFAULTS } from '@stormline/domain/map-features';
import {
  clampMapSymbol,
  defaultMapSymbol,
  SYMBOL_EDITORS,
  type MapSymbol,
} from '@stormline/domain/map-symbol';
import {
  drawMarker,
  drawSymbol,
  ellipsePoints,
  ICON_SIZE,
  svgString,
  type DrawnShape,
} from '@stormline/domain/symbol-drawing';
import { assetUrl, html, raw, type SafeHtml } from '../html';

/**
 * A site map page as printed (spec 002 §2): the page image with its features drawn over it by the
 * one symbol renderer the map editor and the Map Legend use (packages/domain/src/symbol-drawing.ts,
 * ADR 0041), then its legend: each legend item shown, its symbol and name, and the findings and
 * notes placed on it. Features are projected from the page image's pixels to the printed size, so
 * a line keeps the thickness its symbol gives it on paper, as it does on screen.
 */

type Point = readonly [number, number];
export type PrintGeometry =
  | { type: 'point' }
  | { type: 'line' | 'polygon'; points: Point[] }
  | { type: 'rectangle' | 'square' | 'oval'; bounds: [Point, Point] }
  | { type: 'circle'; radius: number }
  | { type: 'text'; text: string };

export interface PrintFeature {
  type: 'findings' | 'control_measure' | 'pollutant' | 'commentables';
  position_x: number;
  position_y: number;
  geometry: PrintGeometry;
  source: {
    id: string;
    name: string;
    color: string | null;
    map_symbol: MapSymbol | null;
    detail: string | null;
    deleted: boolean;
  };
}

export interface PrintMapPage {
  /** The document's name (as it was then). */
  name: string;
  page: number;
  imageKey: string;
  width: number;
  height: number;
}

/**
 * Printable CSS pixels inside the margins (html.ts PAGE) of both papers a report prints on (US
 * Letter, A4: the narrower A4 sets the portrait width, 180 mm = 680 px), less room for the heading.
 */
const BOX = {
  portrait: { width: 680, height: 760 },
  landscape: { width: 940, height: 590 },
} as const;

/** A wide page prints landscape (its own part), a tall one portrait. */
export const mapOrientation = (page: Pick<PrintMapPage, 'width' | 'height'>) =>
  page.width > page.height ? ('landscape' as const) : ('portrait' as const);

const symbolOf = (feature: PrintFeature) =>
  feature.source.map_symbol
    ? clampMapSymbol(feature.source.map_symbol)
    : defaultMapSymbol(feature.type === 'pollutant' ? 'pollutant' : 'control_measure');

function normal([a, b]: readonly [Point, Point]): [MapPoint, MapPoint] {
  return [
    [Math.min(a[0], b[0]), Math.min(a[1], b[1])],
    [Math.max(a[0], b[0]), Math.max(a[1], b[1])],
  ];
}

/** A feature's shape, already in printed pixels (`s` printed pixels per image pixel). */
function shapeOf(feature: PrintFeature, s: number): DrawnShape {
  const g = feature.geometry;
  const p = (pt: Point): MapPoint => [pt[0] * s, pt[1] * s];
  const at = p([feature.position_x, feature.position_y]);
  switch (g.type) {
    case 'point':
      return { kind: 'point', at };
    case 'text':
      return { kind: 'text', at, text: g.text };
    case 'line':
      return { kind: 'line', points: g.points.map(p) };
    case 'polygon':
      return { kind: 'polygon', points: g.points.map(p) };
    case 'rectangle':
    case 'square': {
      const [[x1, y1], [x2, y2]] = normal(g.bounds);
      return { kind: 'polygon', points: [p([x1, y1]), p([x2, y1]), p([x2, y2]), p([x1, y2])] };
    }
    case 'oval': {
      const [[x1, y1], [x2, y2]] = normal(g.bounds);
      return {
        kind: 'polygon',
        points: ellipsePoints(p([(x1 + x2) / 2, (y1 + y2) / 2]), ((x2 - x1) / 2) * s, ((y2 - y1) / 2) * s),
      };
    }
    case 'circle':
      return { kind: 'ellipse', center: at, rx: g.radius * s, ry: g.radius * s };
  }
}

/** A finding's number for its marker: the first number of its name ('MI #3'). */
const findingNumber = (name: string) => /\d+/.exec(name)?.[0] ?? '';

function featureSvg(feature: PrintFeature, s: number, index: number): string {
  const idPrefix = `f${index}`;
  if (feature.type === 'findings')
    return svgString(
      drawMarker('finding', [feature.position_x * s, feature.position_y * s], {
        color: feature.source.color ?? MAP_FINDING_DEFAULTS.color,
        label: findingNumber(feature.source.name),
        idPrefix,
      }),
    );
  if (feature.type === 'commentables')
    return svgString(drawMarker('note', [feature.position_x * s, feature.position_y * s], { idPrefix }));
  return svgString(drawSymbol(symbolOf(feature), shapeOf(feature, s), { idPrefix }));
}

/** The map: the page image fitted to the printable box, the features over it. */
export function mapSvg(page: PrintMapPage, features: readonly PrintFeature[]): SafeHtml {
  const box = BOX[mapOrientation(page)];
  const s = Math.min(box.width / Math.max(page.width, 1), box.height / Math.max(page.height, 1));
  const w = page.width * s;
  const h = page.height * s;
  // Findings and notes on top of the legend items' shapes, as on screen.
  const order = (f: PrintFeature) => (f.type === 'findings' || f.type === 'commentables' ? 1 : 0);
  const drawn = features
    .map((feature, i) => ({ feature, i }))
    .sort((a, b) => order(a.feature) - order(b.feature))
    .map(({ feature, i }) => featureSvg(feature, s, i))
    .join('');
  return html`<svg
    class="map"
    xmlns="http://www.w3.org/2000/svg"
    width="${w}"
    height="${h}"
    viewBox="0 0 ${w} ${h}"
    role="img"
    aria-label="${`${page.name}, page ${page.page}`}"
  >
    <image
      href="${assetUrl(page.imageKey)}"
      x="0"
      y="0"
      width="${w}"
      height="${h}"
      preserveAspectRatio="none"
    />
    <g class="features">${raw(drawn)}</g>
  </svg>`;
}

/** A legend item's symbol on a small sample shape of its kind (a line across, an area, an icon). */
function legendSample(symbol: MapSymbol, index: number): SafeHtml {
  const [w, h] = [48, 24];
  let shape: DrawnShape;
  if (symbol.editor === SYMBOL_EDITORS.line)
    shape = {
      kind: 'line',
      points: [
        [4, h / 2],
        [w - 4, h / 2],
      ],
    };
  else if (symbol.editor === SYMBOL_EDITORS.icon) shape = { kind: 'point', at: [w / 2, h / 2] };
  else if (symbol.editor === SYMBOL_EDITORS.circle)
    shape = { kind: 'ellipse', center: [w / 2, h / 2], rx: 9, ry: 9 };
  else
    shape = {
      kind: 'polygon',
      points: [
        [6, h - 3],
        [4, 5],
        [w / 2, 3],
        [w - 4, 7],
        [w - 10, h - 3],
      ],
    };
  const size = Math.max(h, ICON_SIZE);
  return html`<svg
    xmlns="http://www.w3.org/2000/svg"
    width="${w}"
    height="${size}"
    viewBox="0 0 ${w} ${size}"
    aria-hidden="true"
  >
    ${raw(svgString(drawSymbol(symbol, shape, { idPrefix: `legend${index}` })))}
  </svg>`;
}

function markerSample(
  kind: 'finding' | 'note',
  color: string | null,
  label: string,
  index: number,
): SafeHtml {
  return html`<svg
    xmlns="http://www.w3.org/2000/svg"
    width="30"
    height="30"
    viewBox="0 0 30 30"
    aria-hidden="true"
  >
    ${raw(
      svgString(
        drawMarker(kind, [15, 15], {
          ...(kind === 'finding' ? { color: color ?? MAP_FINDING_DEFAULTS.color, label } : {}),
          idPrefix: `legend-marker${index}`,
        }),
      ),
    )}
  </svg>`;
}

const TYPE_NAMES: Record<PrintFeature['type'], string> = {
  findings: 'Finding',
  control_measure: 'Control measure',
  pollutant: 'Pollutant',
  commentables: 'Note',
};

/** The legend: each source shown once (legend items by name, then findings by number, then notes). */
export function mapLegend(features: readonly PrintFeature[]): SafeHtml {
  const bySource = new Map<string, PrintFeature>();
  for (const f of features)
    if (!bySource.has(`${f.type}:${f.source.id}`)) bySource.set(`${f.type}:${f.source.id}`, f);
  const rank: Record<PrintFeature['type'], number> = {
    control_measure: 0,
    pollutant: 0,
    findings: 1,
    commentables: 2,
  };
  const entries = [...bySource.values()].sort(
    (a, b) =>
      rank[a.type] - rank[b.type] ||
      (a.type === 'findings'
        ? Number(findingNumber(a.source.name)) - Number(findingNumber(b.source.name))
        : a.source.name.localeCompare(b.source.name)),
  );
  if (entries.length === 0) return html`<p class="muted">Nothing is drawn on this map.</p>`;
  return html`<table class="legend">
    <colgroup>
      <col style="width:64px" />
      <col style="width:34%" />
      <col style="width:18%" />
      <col />
    </colgroup>
    <thead>
      <tr>
        <th>Symbol</th>
        <th>Name</th>
        <th>Kind</th>
        <th>Detail</th>
      </tr>
    </thead>
    <tbody>
      ${entries.map(
        (f, i) =>
          html`<tr>
            <td class="symbol">
              ${
                f.type === 'findings'
                  ? markerSample('finding', f.source.color, findingNumber(f.source.name), i)
                  : f.type === 'commentables'
                    ? markerSample('note', null, '', i)
                    : legendSample(symbolOf(f), i)
              }
            </td>
            <td>${f.source.name}${f.source.deleted ? html` <span class="muted">(removed)</span>` : null}</td>
            <td>${TYPE_NAMES[f.type]}</td>
            <td class="detail">${f.source.detail ?? ''}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

export const SITE_MAP_CSS = `
.site-map h2 { margin-top: 0; }
.map-frame { break-inside: avoid; margin-bottom: 8pt; }
svg.map { display: block; border: 0.5pt solid #999; max-width: 100%; height: auto; }
.legend td.symbol { text-align: center; vertical-align: middle; }
.legend td.detail { white-space: pre-wrap; overflow-wrap: anywhere; }
`;

/** One map: its heading, the drawing, then the legend (which may run onto the next page). */
export function siteMapSection(
  page: PrintMapPage,
  features: readonly PrintFeature[],
  caption: string | null,
): SafeHtml {
  return html`<section class="site-map${mapOrientation(page) === 'landscape' ? ' landscape' : ''}">
    <h2>Site map: ${page.name}${page.page > 1 ? ` (page ${page.page})` : ''}</h2>
    ${caption ? html`<p class="muted">${caption}</p>` : null}
    <div class="map-frame">${mapSvg(page, features)}</div>
    <h3>Legend</h3>
    ${mapLegend(features)}
  </section>`;
}
