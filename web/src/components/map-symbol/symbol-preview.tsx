import { useId } from 'react';
import {
  clampMapSymbol,
  SYMBOL_EDITORS,
  type MapSymbol,
  type MapSymbolData,
} from '@stormline/domain/map-symbol';
import {
  arrowSize,
  drawSymbol,
  ICON_SIZE,
  iconFor,
  strokeOffsets,
  tickLength,
  type DrawnShape,
} from '@stormline/domain/symbol-drawing';
import { SvgNodes } from '../../lib/svg-nodes';

/** The symbol as the API answers it: the domain's shape with its enums widened to strings. */
export type SymbolData = MapSymbolData;

const EDITOR_NAMES: Record<number, string> = {
  [SYMBOL_EDITORS.line]: 'line',
  [SYMBOL_EDITORS.icon]: 'icon',
  [SYMBOL_EDITORS.circle]: 'circle',
  [SYMBOL_EDITORS.polygon]: 'polygon',
};
const STROKE_TYPES: Record<number, string> = { 1: 'single', 2: 'double', 3: 'triple' };

const percent = (value: number) => `${Math.round(value * 100)}%`;

/** What the symbol is, in words: the preview's accessible name and its caption. */
export function describeSymbol(symbol: SymbolData): string {
  const editor = EDITOR_NAMES[symbol.editor] ?? 'shape';
  if (symbol.editor === SYMBOL_EDITORS.line) {
    const { line } = symbol;
    const extras = [
      line.strokeStyle === 'tick' ? `ticks ${line.tickColor}` : '',
      line.arrowScale != null ? 'arrow' : '',
      line.opacity < 1 ? `opacity ${percent(line.opacity)}` : '',
    ].filter(Boolean);
    return [
      `${STROKE_TYPES[line.strokeType] ?? ''} ${line.strokeStyle} line, ${line.stroke}, width ${line.width}`,
      ...extras,
    ]
      .join(', ')
      .replace(/\s+/g, ' ')
      .trim();
  }
  if (symbol.editor === SYMBOL_EDITORS.icon) return `icon ${iconFor(symbol.icon).label}, ${symbol.area.fill}`;
  const { area } = symbol;
  const opacity = area.fillOpacity < 1 ? `, opacity ${percent(area.fillOpacity)}` : '';
  return `${editor}, ${area.fillType} fill ${area.fill}${opacity}, boundary ${area.stroke} width ${area.width}`;
}

/**
 * The sample a preview draws the symbol on, in drawing pixels, and the box those pixels fill: a
 * line across, a polygon, a circle or an icon's point. The box grows past the preview's own size
 * when the symbol needs more room (a triple line with ticks), so the preview shrinks the drawing
 * as a whole instead of cutting it: every size keeps its proportion to the others.
 */
export function previewSample(
  symbol: MapSymbol,
  width: number,
  height: number,
): { shape: DrawnShape; box: { width: number; height: number } } {
  const fit = (needed: number) => {
    const boxHeight = Math.max(height, needed);
    return { width: (width * boxHeight) / height, height: boxHeight };
  };
  if (symbol.editor === SYMBOL_EDITORS.line) {
    const { line } = symbol;
    const outer = Math.max(...strokeOffsets(line)) + line.width / 2;
    const arrow = line.arrowScale == null ? 0 : arrowSize(line).halfWidth;
    // Ticks stand on the left of the line's direction: above a line drawn left to right.
    const above = Math.max(outer, arrow, line.strokeStyle === 'tick' ? outer + tickLength(line) : 0);
    const below = Math.max(outer, arrow);
    const margin = 3;
    const box = fit(above + below + 2 * margin + 4);
    const y = (box.height - above - below) / 2 + above;
    const inset = margin + line.width;
    return {
      shape: {
        kind: 'line',
        points: [
          [inset, y],
          [box.width - inset, y],
        ],
      },
      box,
    };
  }
  if (symbol.editor === SYMBOL_EDITORS.icon) {
    const box = fit(ICON_SIZE + 4);
    return { shape: { kind: 'point', at: [box.width / 2, box.height / 2] }, box };
  }
  const inset = symbol.area.width / 2 + 2;
  const box = fit(2 * inset + 16);
  const { width: w, height: h } = box;
  if (symbol.editor === SYMBOL_EDITORS.circle) {
    const r = h / 2 - inset;
    return { shape: { kind: 'ellipse', center: [w / 2, h / 2], rx: r, ry: r }, box };
  }
  return {
    shape: {
      kind: 'polygon',
      points: [
        [inset + h * 0.2, h - inset],
        [inset, inset + h * 0.12],
        [w * 0.45, inset],
        [w - inset, inset + h * 0.2],
        [w - inset - h * 0.25, h - inset],
      ],
    },
    box,
  };
}

/**
 * A legend item's map symbol (spec 002 §9) drawn by the one renderer the map and the printed map
 * use (packages/domain/src/symbol-drawing.ts), on a sample shape of its kind: a line across, a
 * polygon, a circle or an icon. It is named by what it shows, for a screen reader.
 */
export function SymbolPreview({
  symbol,
  width = 88,
  height = 32,
}: {
  symbol: SymbolData;
  width?: number;
  height?: number;
}) {
  const id = useId();
  const drawn = clampMapSymbol(symbol);
  const { shape, box } = previewSample(drawn, width, height);
  const nodes = drawSymbol(drawn, shape, { idPrefix: `preview-${id}` });
  const r = (value: number) => Math.round(value * 100) / 100;
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${r(box.width)} ${r(box.height)}`}
      role="img"
      aria-label={`Map symbol: ${describeSymbol(symbol)}`}
      data-testid="symbol-preview"
      style={{ display: 'block', flexShrink: 0, maxWidth: '100%', height: 'auto' }}
    >
      <SvgNodes nodes={nodes} />
    </svg>
  );
}
