import { useId } from 'react';
import { SYMBOL_EDITORS, type MapSymbol } from '@stormline/domain/map-symbol';

/** The symbol as the API answers it: the domain's shape with its enums widened to strings. */
export interface SymbolData {
  editor: number;
  line: Omit<MapSymbol['line'], 'strokeType' | 'strokeStyle'> & { strokeType: number; strokeStyle: string };
  area: Omit<MapSymbol['area'], 'fillType'> & { fillType: string };
  icon: string | null;
  text: { label: string; font: string; size: number };
}

const EDITOR_NAMES: Record<number, string> = {
  [SYMBOL_EDITORS.line]: 'line',
  [SYMBOL_EDITORS.icon]: 'icon',
  [SYMBOL_EDITORS.circle]: 'circle',
  [SYMBOL_EDITORS.polygon]: 'polygon',
};
const STROKE_TYPES: Record<number, string> = { 1: 'single', 2: 'double', 3: 'triple' };

/** What the symbol is, in words: the preview's accessible name and its caption. */
export function describeSymbol(symbol: SymbolData): string {
  const editor = EDITOR_NAMES[symbol.editor] ?? 'shape';
  if (symbol.editor === SYMBOL_EDITORS.line) {
    const { line } = symbol;
    return `${STROKE_TYPES[line.strokeType] ?? ''} ${line.strokeStyle} line, ${line.stroke}, width ${line.width}`
      .replace(/\s+/g, ' ')
      .trim();
  }
  if (symbol.editor === SYMBOL_EDITORS.icon) return symbol.icon ? `icon ${symbol.icon}` : 'icon';
  const { area } = symbol;
  return `${editor}, ${area.fillType} fill ${area.fill}, boundary ${area.stroke} width ${area.width}`;
}

/**
 * A simple drawing of a legend item's map symbol (spec 002 §9), so a list and a form show what the
 * stored data means: lines with their stroke type, style, ticks and arrow; areas and circles with
 * their fill, pattern and boundary. The symbol editor itself comes with the site map work.
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
  const id = useId().replace(/:/g, '');
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`Map symbol: ${describeSymbol(symbol)}`}
      data-testid="symbol-preview"
      style={{ display: 'block', flexShrink: 0 }}
    >
      {symbol.editor === SYMBOL_EDITORS.line ? (
        <LineSymbol symbol={symbol} width={width} height={height} />
      ) : symbol.editor === SYMBOL_EDITORS.icon ? (
        <IconSymbol width={width} height={height} />
      ) : (
        <AreaSymbol symbol={symbol} width={width} height={height} id={id} />
      )}
    </svg>
  );
}

function LineSymbol({ symbol, width, height }: { symbol: SymbolData; width: number; height: number }) {
  const { line } = symbol;
  // Drawn thinner than on a map, so three lines and their gaps fit a list row.
  const thickness = Math.max(1, Math.min(line.width, 6) * 0.6);
  const count = Math.max(1, Math.min(3, line.strokeType));
  const gap = thickness * Math.max(1, line.separation) + thickness;
  const middle = height / 2;
  const ys = Array.from({ length: count }, (_, i) => middle + (i - (count - 1) / 2) * gap);
  const dash =
    line.strokeStyle === 'dash'
      ? line.dash.map((d) => d * 0.6).join(' ')
      : line.strokeStyle === 'dot'
        ? `0 ${thickness * 2.2}`
        : undefined;
  const arrow = line.arrowScale ? line.arrowScale * thickness * 2.5 : 0;
  const x1 = 6;
  const x2 = width - 6 - arrow;
  const tickHeight = Math.min(height / 2 - 2, (line.tickHeight * thickness) / 1.5);
  const tickStep = Math.max(8, Math.min(line.tickWidth, 30) * 0.6);
  const ticks =
    line.strokeStyle === 'tick'
      ? Array.from({ length: Math.floor((x2 - x1) / tickStep) }, (_, i) => x1 + tickStep / 2 + i * tickStep)
      : [];
  return (
    <g opacity={line.opacity}>
      {ticks.map((x) => (
        <line
          key={x}
          x1={x}
          x2={x}
          y1={ys[0]! - tickHeight}
          y2={ys[0]!}
          stroke={line.tickColor}
          strokeWidth={Math.max(1, thickness * 0.8)}
        />
      ))}
      {ys.map((y) => (
        <line
          key={y}
          x1={x1}
          x2={x2}
          y1={y}
          y2={y}
          stroke={line.stroke}
          strokeWidth={thickness}
          strokeDasharray={dash}
          strokeLinecap={line.strokeStyle === 'dot' ? 'round' : 'butt'}
        />
      ))}
      {arrow > 0 && (
        <polygon
          points={`${x2},${middle - arrow / 1.6} ${x2 + arrow},${middle} ${x2},${middle + arrow / 1.6}`}
          fill={line.stroke}
        />
      )}
    </g>
  );
}

function AreaSymbol({
  symbol,
  width,
  height,
  id,
}: {
  symbol: SymbolData;
  width: number;
  height: number;
  id: string;
}) {
  const { area } = symbol;
  const boundary = Math.max(1, Math.min(area.width, 6) * 0.6);
  const step = Math.max(3, area.separation + area.lineSize * 0.6);
  const patterned = area.fillType === 'lines' || area.fillType === 'hatch';
  const fill = patterned ? `url(#${id}-fill)` : area.fill;
  const inset = boundary / 2 + 2;
  return (
    <>
      {patterned && (
        <defs>
          <pattern
            id={`${id}-fill`}
            width={step}
            height={step}
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <line
              x1={0}
              y1={0}
              x2={0}
              y2={step}
              stroke={area.fill}
              strokeWidth={Math.max(1, area.lineSize * 0.4)}
            />
            {area.fillType === 'hatch' && (
              <line
                x1={0}
                y1={0}
                x2={step}
                y2={0}
                stroke={area.fill}
                strokeWidth={Math.max(1, area.lineSize * 0.4)}
              />
            )}
          </pattern>
        </defs>
      )}
      {symbol.editor === SYMBOL_EDITORS.circle ? (
        <circle
          cx={width / 2}
          cy={height / 2}
          r={height / 2 - inset}
          fill={fill}
          fillOpacity={area.fillOpacity}
          stroke={area.stroke}
          strokeWidth={boundary}
        />
      ) : (
        <polygon
          points={`${inset + 6},${height - inset} ${inset},${inset + 4} ${width * 0.45},${inset} ${width - inset},${inset + 6} ${width - inset - 8},${height - inset}`}
          fill={fill}
          fillOpacity={area.fillOpacity}
          stroke={area.stroke}
          strokeWidth={boundary}
          strokeLinejoin="round"
        />
      )}
    </>
  );
}

function IconSymbol({ width, height }: { width: number; height: number }) {
  const cx = width / 2;
  const size = height - 6;
  return (
    <path
      d={`M ${cx} ${height - 3} C ${cx - size / 2} ${size / 2}, ${cx - size / 2.2} 3, ${cx} 3 C ${cx + size / 2.2} 3, ${cx + size / 2} ${size / 2}, ${cx} ${height - 3} Z`}
      fill="#4D4D4D"
    />
  );
}
