import { describe, expect, it } from 'vitest';
import { completeMapSymbol, defaultMapSymbol } from './map-symbol';

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
