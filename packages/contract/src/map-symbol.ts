import * as z from 'zod/mini';
import {
  FILL_TYPES,
  STROKE_STYLES,
  STROKE_TYPES,
  SYMBOL_FONTS,
  SYMBOL_LIMITS,
} from '@stormline/domain/map-symbol';

/**
 * A legend item's map symbol on the wire (spec 002 §9 map symbol editor): shared by the legend-items
 * area (the Map Legend and a project's own items) and the map area (a feature's source), so neither
 * area's handlers carry the other's routes.
 */

const Colour = z.string().check(z.regex(/^#[0-9A-Fa-f]{6}$/, 'A colour is written #RRGGBB'));
const between = (min: number, max: number) => z.number().check(z.gte(min), z.lte(max));
const L = SYMBOL_LIMITS;

/** A symbol's line style (spec 002 §9), every field optional: the type's defaults fill the rest. */
const LineStyleInput = z.strictObject({
  stroke: z.optional(Colour),
  width: z.optional(z.number().check(z.int(), z.gte(1), z.lte(L.boundaryThickness.max))),
  strokeType: z.optional(z.union(STROKE_TYPES.map((t) => z.literal(t)))),
  strokeStyle: z.optional(z.enum(STROKE_STYLES)),
  dash: z.optional(z.array(z.number().check(z.int(), z.gte(1), z.lte(100))).check(z.maxLength(8))),
  opacity: z.optional(between(L.opacity.min, L.opacity.max)),
  arrowScale: z.optional(z.nullable(between(L.arrowScale.min, L.arrowScale.max))),
  tickColor: z.optional(Colour),
  tickWidth: z.optional(z.number().check(z.int(), z.gte(1), z.lte(100))),
  tickHeight: z.optional(
    z
      .number()
      .check(z.int(), z.gte(L.tickHeight.min), z.lte(L.tickHeight.max), z.multipleOf(L.tickHeight.step)),
  ),
  separation: z.optional(between(L.lineSeparation.min, L.lineSeparation.max)),
});

const AreaStyleInput = z.strictObject({
  fill: z.optional(Colour),
  stroke: z.optional(Colour),
  width: z.optional(
    z.number().check(z.int(), z.gte(L.boundaryThickness.min), z.lte(L.boundaryThickness.max)),
  ),
  fillType: z.optional(z.enum(FILL_TYPES)),
  fillOpacity: z.optional(between(L.fillOpacity.min, L.fillOpacity.max)),
  lineSize: z.optional(z.number().check(z.int(), z.gte(1), z.lte(L.boundaryThickness.max))),
  separation: z.optional(z.number().check(z.int(), z.gte(1), z.lte(50))),
});

export const MapSymbolInput = z.strictObject({
  /** Editor index: 0 line, 1 icon, 2 circle, 3 polygon. */
  editor: z.optional(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)])),
  line: z.optional(LineStyleInput),
  area: z.optional(AreaStyleInput),
  icon: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
  text: z.optional(
    z.strictObject({
      label: z.optional(
        z.string().check(z.maxLength(L.textLabel, 'A text label holds at most 10 characters')),
      ),
      font: z.optional(z.enum(SYMBOL_FONTS)),
      size: z.optional(z.number().check(z.int(), z.gte(6), z.lte(96))),
    }),
  ),
});

/** The symbol as stored and answered: complete. */
export const MapSymbol = z.strictObject({
  editor: z.number(),
  line: z.strictObject({
    stroke: z.string(),
    width: z.number(),
    strokeType: z.number(),
    strokeStyle: z.string(),
    dash: z.array(z.number()),
    opacity: z.number(),
    arrowScale: z.nullable(z.number()),
    tickColor: z.string(),
    tickWidth: z.number(),
    tickHeight: z.number(),
    separation: z.number(),
  }),
  area: z.strictObject({
    fill: z.string(),
    stroke: z.string(),
    width: z.number(),
    fillType: z.string(),
    fillOpacity: z.number(),
    lineSize: z.number(),
    separation: z.number(),
  }),
  icon: z.nullable(z.string()),
  text: z.strictObject({ label: z.string(), font: z.string(), size: z.number() }),
});
