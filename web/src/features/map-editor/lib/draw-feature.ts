import L from 'leaflet';
import { MAP_FINDING_DEFAULTS } from '@stormline/domain/map-features';
import { DEFAULT_AREA, DEFAULT_LINE } from '@stormline/domain/map-symbol';
import type { DraftFeature } from './pending-edits';
import { ellipsePoints, normalBounds, toLatLng } from './shapes';

/**
 * The ONE place a feature becomes a Leaflet layer. For now with Leaflet's own path styles, from
 * the legend item's symbol (colour, width, dash, opacity, fill); the shared symbol renderer
 * (packages/domain/src/symbol-drawing.ts, ADR 0041: ticks, arrows, hatch and line fills, double and
 * triple strokes) replaces the styling here and nowhere else once it lands.
 */

export interface DrawOptions {
  selected: boolean;
  /** Markers of a read-only map are not draggable. */
  interactive: boolean;
}

type Symbol = NonNullable<DraftFeature['source']['map_symbol']>;

function lineStyle(symbol: Symbol | null, selected: boolean): L.PathOptions {
  const line = symbol?.line ?? DEFAULT_LINE;
  const dash =
    line.strokeStyle === 'dash'
      ? line.dash.join(' ')
      : line.strokeStyle === 'dot'
        ? `1 ${line.width * 2}`
        : line.strokeStyle === 'tick'
          ? `${line.width * 3} ${line.width}`
          : undefined;
  return {
    color: line.stroke,
    weight: line.width * (line.strokeType ?? 1),
    opacity: line.opacity,
    dashArray: dash,
    lineCap: line.strokeStyle === 'dot' ? 'round' : 'butt',
    className: selected ? 'map-feature map-feature-selected' : 'map-feature',
  };
}

function areaStyle(symbol: Symbol | null, selected: boolean): L.PathOptions {
  const area = symbol?.area ?? DEFAULT_AREA;
  return {
    color: area.stroke,
    weight: area.width,
    fillColor: area.fill,
    // Line and hatch fills are the renderer's; until then they show lighter than a solid fill.
    fillOpacity: area.fillType === 'solid' ? area.fillOpacity : area.fillOpacity * 0.5,
    fill: true,
    className: selected ? 'map-feature map-feature-selected' : 'map-feature',
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A finding's pin in its type's colour with its number, a note's pin, a legend icon's dot. */
function pinIcon(feature: DraftFeature, selected: boolean): L.DivIcon {
  const kind = feature.positionable_type;
  const color =
    kind === 'findings'
      ? (feature.source.color ?? MAP_FINDING_DEFAULTS.color)
      : kind === 'commentables'
        ? '#FAB005'
        : (feature.source.map_symbol?.area.fill ?? '#4D4D4D');
  const label =
    kind === 'findings' ? (/\d+/.exec(feature.source.name)?.[0] ?? '') : kind === 'commentables' ? 'N' : '';
  return L.divIcon({
    className: `map-pin map-pin-${kind}${selected ? ' map-pin-selected' : ''}`,
    html: `<span style="background:${escapeHtml(color)}">${escapeHtml(label)}</span>`,
    iconSize: [28, 28],
    iconAnchor: [14, 14],
  });
}

/** The Leaflet layer for one feature, in image pixels projected by shapes.ts. */
export function drawFeature(feature: DraftFeature, { selected, interactive }: DrawOptions): L.Layer {
  const g = feature.geometry;
  const symbol = feature.source.map_symbol;
  const at = toLatLng([feature.position_x, feature.position_y]);
  const title = feature.source.name;
  switch (g.type) {
    case 'point':
      return L.marker(at, {
        icon: pinIcon(feature, selected),
        title,
        alt: title,
        keyboard: interactive,
        riseOnHover: true,
      });
    case 'text':
      return L.marker(at, {
        icon: L.divIcon({
          className: `map-text${selected ? ' map-pin-selected' : ''}`,
          html: `<span style="font-family:${escapeHtml(symbol?.text.font ?? 'Arial')};color:${escapeHtml(
            symbol?.line.stroke ?? '#000000',
          )}">${escapeHtml(g.text)}</span>`,
          iconSize: undefined,
        }),
        title,
        keyboard: interactive,
      });
    case 'line':
      return L.polyline(g.points.map(toLatLng), lineStyle(symbol, selected));
    case 'polygon':
      return L.polygon(g.points.map(toLatLng), areaStyle(symbol, selected));
    case 'rectangle':
    case 'square': {
      const [a, b] = normalBounds(g.bounds);
      return L.rectangle([toLatLng(a), toLatLng(b)], areaStyle(symbol, selected));
    }
    case 'oval':
      return L.polygon(ellipsePoints(g.bounds).map(toLatLng), areaStyle(symbol, selected));
    case 'circle':
      return L.circle(at, { ...areaStyle(symbol, selected), radius: g.radius });
  }
}
