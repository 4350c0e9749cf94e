/**
 * Spec 002 §9, the map symbol editor: what a legend item's symbol is made of, its ranges and its
 * defaults. The symbol is stored as data with the legend item; drawing it is the site map's work.
 */

export const LEGEND_TYPES = ['control_measure', 'pollutant'] as const;
export type LegendType = (typeof LEGEND_TYPES)[number];

/** Editor index: 0 line, 1 icon, 2 circle, 3 polygon. */
export const SYMBOL_EDITORS = { line: 0, icon: 1, circle: 2, polygon: 3 } as const;
export type SymbolEditor = (typeof SYMBOL_EDITORS)[keyof typeof SYMBOL_EDITORS];

export const STROKE_TYPES = [1, 2, 3] as const; // Single, Double, Triple
export const STROKE_STYLES = ['solid', 'dash', 'dot', 'tick'] as const;
export const FILL_TYPES = ['solid', 'lines', 'hatch'] as const;
export const SYMBOL_FONTS = ['Arial', 'Times New Roman'] as const;
/** Thickness choices: Small 2, Medium 4, Large 6. */
export const THICKNESS_CHOICES = { Small: 2, Medium: 4, Large: 6 } as const;

export const SYMBOL_LIMITS = {
  opacity: { min: 0, max: 1 },
  arrowScale: { min: 1, max: 1.75 },
  /** Tick height, in times the line's thickness: 2 to 10 in steps of 2. */
  tickHeight: { min: 2, max: 10, step: 2 },
  /** Separation of double and triple lines, in times the thickness: 1 to 5. */
  lineSeparation: { min: 1, max: 5 },
  fillOpacity: { min: 0.05, max: 1 },
  boundaryThickness: { min: 1, max: 15 },
  /** A legend text shape's label. */
  textLabel: 10,
} as const;

export interface LineStyle {
  stroke: string;
  width: number;
  strokeType: (typeof STROKE_TYPES)[number];
  strokeStyle: (typeof STROKE_STYLES)[number];
  dash: number[];
  opacity: number;
  /** Null: no arrow. */
  arrowScale: number | null;
  tickColor: string;
  tickWidth: number;
  tickHeight: number;
  separation: number;
}

export interface AreaStyle {
  fill: string;
  stroke: string;
  width: number;
  fillType: (typeof FILL_TYPES)[number];
  fillOpacity: number;
  lineSize: number;
  separation: number;
}

export interface MapSymbol {
  editor: SymbolEditor;
  line: LineStyle;
  area: AreaStyle;
  /** The icon editor's choice, by name; null until one is chosen. */
  icon: string | null;
  text: { label: string; font: (typeof SYMBOL_FONTS)[number]; size: number };
}

export const DEFAULT_LINE: LineStyle = {
  stroke: '#000000',
  width: 5,
  strokeType: 1,
  strokeStyle: 'solid',
  dash: [8, 10],
  opacity: 1,
  arrowScale: null,
  tickColor: '#F44E3B',
  tickWidth: 20,
  tickHeight: 2,
  separation: 1,
};

export const DEFAULT_AREA: AreaStyle = {
  fill: '#999999',
  stroke: '#4D4D4D',
  width: 5,
  fillType: 'solid',
  fillOpacity: 1,
  lineSize: 4,
  separation: 4,
};

/**
 * A new legend item's symbol: control measures are drawn as lines (a silt fence, a wattle),
 * pollutants as areas (a stockpile, a washout), both in the spec's default colours.
 */
export function defaultMapSymbol(type: LegendType): MapSymbol {
  return {
    editor: type === 'control_measure' ? SYMBOL_EDITORS.line : SYMBOL_EDITORS.polygon,
    line: { ...DEFAULT_LINE, dash: [...DEFAULT_LINE.dash] },
    area: { ...DEFAULT_AREA },
    icon: null,
    text: { label: '', font: 'Arial', size: 22 },
  };
}

/** Deep-partial symbol as a form sends it, completed from the defaults of the item's type. */
export interface MapSymbolInput {
  editor?: SymbolEditor;
  line?: Partial<LineStyle>;
  area?: Partial<AreaStyle>;
  icon?: string | null;
  text?: Partial<MapSymbol['text']>;
}

export function completeMapSymbol(type: LegendType, input: MapSymbolInput | null | undefined): MapSymbol {
  const base = defaultMapSymbol(type);
  if (!input) return base;
  return {
    editor: input.editor ?? base.editor,
    line: { ...base.line, ...input.line },
    area: { ...base.area, ...input.area },
    icon: input.icon === undefined ? base.icon : input.icon,
    text: { ...base.text, ...input.text },
  };
}

/** The symbol as the API answers it (contract MapSymbol): the domain's shape with its enums widened. */
export interface MapSymbolData {
  editor: number;
  line: Omit<LineStyle, 'strokeType' | 'strokeStyle'> & { strokeType: number; strokeStyle: string };
  area: Omit<AreaStyle, 'fillType'> & { fillType: string };
  icon: string | null;
  text: { label: string; font: string; size: number };
}

const clamp = (value: number, min: number, max: number, fallback: number) =>
  Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
const clampInt = (value: number, min: number, max: number, fallback: number) =>
  Math.round(clamp(value, min, max, fallback));
const oneOf = <T>(choices: readonly T[], value: unknown, fallback: T): T =>
  choices.includes(value as T) ? (value as T) : fallback;

/** Integer widths the symbol editor and the routes accept: a line's and a boundary's, 1 to 15 px. */
const WIDTH = { min: 1, max: SYMBOL_LIMITS.boundaryThickness.max } as const;
/** Tick spacing (`tickWidth`), a dash's lengths and an area's line separation, in px. */
const TICK_WIDTH = { min: 1, max: 100 } as const;
const AREA_SEPARATION = { min: 1, max: 50 } as const;
const TEXT_SIZE = { min: 6, max: 96 } as const;

/**
 * A symbol brought inside the ranges of spec 002 §9 (what the routes accept): a number out of range
 * becomes its nearest bound, the tick height its nearest even step, an unknown style or font its
 * type's default. The symbol editor keeps its value through it, and the renderer draws what comes
 * from storage through it, so a wrong value draws something sensible instead of nothing.
 */
export function clampMapSymbol(symbol: MapSymbol | MapSymbolData): MapSymbol {
  const editor = oneOf(Object.values(SYMBOL_EDITORS), symbol.editor, SYMBOL_EDITORS.line);
  const base = defaultMapSymbol(editor === SYMBOL_EDITORS.line ? 'control_measure' : 'pollutant');
  const { line, area, text } = symbol;
  const L = SYMBOL_LIMITS;
  const tickSteps = Math.round((clamp(line.tickHeight, L.tickHeight.min, L.tickHeight.max, 2) - 2) / 2);
  const dash = Array.isArray(line.dash)
    ? line.dash.slice(0, 8).map((length) => clampInt(length, TICK_WIDTH.min, TICK_WIDTH.max, 8))
    : base.line.dash;
  return {
    editor,
    line: {
      stroke: line.stroke,
      width: clampInt(line.width, WIDTH.min, WIDTH.max, base.line.width),
      strokeType: oneOf(STROKE_TYPES, line.strokeType, base.line.strokeType),
      strokeStyle: oneOf(STROKE_STYLES, line.strokeStyle, base.line.strokeStyle),
      dash: dash.length > 0 ? dash : [...base.line.dash],
      opacity: clamp(line.opacity, L.opacity.min, L.opacity.max, 1),
      arrowScale:
        line.arrowScale == null ? null : clamp(line.arrowScale, L.arrowScale.min, L.arrowScale.max, 1),
      tickColor: line.tickColor,
      tickWidth: clampInt(line.tickWidth, TICK_WIDTH.min, TICK_WIDTH.max, base.line.tickWidth),
      tickHeight: L.tickHeight.min + tickSteps * L.tickHeight.step,
      separation: clamp(line.separation, L.lineSeparation.min, L.lineSeparation.max, 1),
    },
    area: {
      fill: area.fill,
      stroke: area.stroke,
      width: clampInt(area.width, WIDTH.min, WIDTH.max, base.area.width),
      fillType: oneOf(FILL_TYPES, area.fillType, base.area.fillType),
      fillOpacity: clamp(area.fillOpacity, L.fillOpacity.min, L.fillOpacity.max, 1),
      lineSize: clampInt(area.lineSize, WIDTH.min, WIDTH.max, base.area.lineSize),
      separation: clampInt(area.separation, AREA_SEPARATION.min, AREA_SEPARATION.max, base.area.separation),
    },
    icon: typeof symbol.icon === 'string' && symbol.icon !== '' ? symbol.icon.slice(0, 100) : null,
    text: {
      label: String(text.label ?? '').slice(0, L.textLabel),
      font: oneOf(SYMBOL_FONTS, text.font, base.text.font),
      size: clampInt(text.size, TEXT_SIZE.min, TEXT_SIZE.max, base.text.size),
    },
  };
}

/** The editor's other numeric ranges (beside SYMBOL_LIMITS), as clampMapSymbol applies them. */
export const SYMBOL_INPUT_RANGES = {
  width: WIDTH,
  tickWidth: TICK_WIDTH,
  areaSeparation: AREA_SEPARATION,
  textSize: TEXT_SIZE,
} as const;
