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
