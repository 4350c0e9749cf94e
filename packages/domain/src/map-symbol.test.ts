import { describe, expect, it } from 'vitest';
import { clampMapSymbol, completeMapSymbol, defaultMapSymbol, type MapSymbol } from './map-symbol';

describe('map symbol defaults (spec 002 §9)', () => {
  it('gives lines #000000, width 5, dash [8,10], ticks #F44E3B of width 20', () => {
    const { line } = defaultMapSymbol('control_measure');
    expect(line).toMatchObject({
      stroke: '#000000',
      width: 5,
      dash: [8, 10],
      tickColor: '#F44E3B',
      tickWidth: 20,
    });
  });

  it('gives areas fill #999999, stroke #4D4D4D, width 5, line size 4, separation 4', () => {
    expect(defaultMapSymbol('pollutant').area).toMatchObject({
      fill: '#999999',
      stroke: '#4D4D4D',
      width: 5,
      lineSize: 4,
      separation: 4,
    });
  });

  it('draws control measures as lines and pollutants as polygons, text in Arial 22', () => {
    expect(defaultMapSymbol('control_measure').editor).toBe(0);
    expect(defaultMapSymbol('pollutant').editor).toBe(3);
    expect(defaultMapSymbol('pollutant').text).toEqual({ label: '', font: 'Arial', size: 22 });
  });

  it('completes a partial symbol from the defaults of its type', () => {
    const symbol = completeMapSymbol('pollutant', { editor: 2, area: { fill: '#00FF00' } });
    expect(symbol.editor).toBe(2);
    expect(symbol.area).toMatchObject({ fill: '#00FF00', stroke: '#4D4D4D' });
    expect(symbol.line.stroke).toBe('#000000');
  });
});

describe('the ranges of spec 002 §9, as the symbol editor and the renderer keep them (clampMapSymbol)', () => {
  const line = (change: Partial<MapSymbol['line']>) =>
    clampMapSymbol({
      ...defaultMapSymbol('control_measure'),
      line: { ...defaultMapSymbol('control_measure').line, ...change },
    }).line;
  const area = (change: Partial<MapSymbol['area']>) =>
    clampMapSymbol({
      ...defaultMapSymbol('pollutant'),
      area: { ...defaultMapSymbol('pollutant').area, ...change },
    }).area;

  it.each([
    // "opacity 0 to 1"
    { field: 'opacity', given: -0.5, kept: 0 },
    { field: 'opacity', given: 1.5, kept: 1 },
    // "arrow scale 1 to 1.75"
    { field: 'arrowScale', given: 0.5, kept: 1 },
    { field: 'arrowScale', given: 2, kept: 1.75 },
    { field: 'arrowScale', given: null, kept: null },
    // "tick height 2 to 10 times thickness in steps of 2"
    { field: 'tickHeight', given: 1, kept: 2 },
    { field: 'tickHeight', given: 7, kept: 8 },
    { field: 'tickHeight', given: 12, kept: 10 },
    // "line separation from thickness up to 5 times thickness"
    { field: 'separation', given: 0, kept: 1 },
    { field: 'separation', given: 9, kept: 5 },
    { field: 'separation', given: 2.5, kept: 2.5 },
    // "Thickness choices: Small 2, Medium 4, Large 6", or a whole number up to 15
    { field: 'width', given: 0, kept: 1 },
    { field: 'width', given: 4.4, kept: 4 },
    { field: 'width', given: 30, kept: 15 },
    // "strokeType 1 to 3": anything else is the default single line
    { field: 'strokeType', given: 4, kept: 1 },
  ] as const)('line $field $given → $kept', ({ field, given, kept }) => {
    expect(line({ [field]: given })[field]).toBe(kept);
  });

  it.each([
    // "fill opacity 0.05 to 1"
    { field: 'fillOpacity', given: 0, kept: 0.05 },
    { field: 'fillOpacity', given: 3, kept: 1 },
    // "boundary thickness 1 to 15"
    { field: 'width', given: 0, kept: 1 },
    { field: 'width', given: 16, kept: 15 },
    // "fillType solid, lines or hatch"
    { field: 'fillType', given: 'dots', kept: 'solid' },
    { field: 'fillType', given: 'hatch', kept: 'hatch' },
  ] as const)('area $field $given → $kept', ({ field, given, kept }) => {
    expect(area({ [field]: given } as Partial<MapSymbol['area']>)[field]).toBe(kept);
  });

  it('keeps a text label to 10 characters, in Arial or Times New Roman', () => {
    const symbol = defaultMapSymbol('control_measure');
    expect(
      clampMapSymbol({ ...symbol, text: { label: 'Sediment basin', font: 'Times New Roman', size: 22 } })
        .text,
    ).toEqual({ label: 'Sediment b', font: 'Times New Roman', size: 22 });
  });

  it('leaves a symbol inside its ranges as it is', () => {
    expect(clampMapSymbol(defaultMapSymbol('control_measure'))).toEqual(defaultMapSymbol('control_measure'));
    expect(clampMapSymbol(defaultMapSymbol('pollutant'))).toEqual(defaultMapSymbol('pollutant'));
  });
});
