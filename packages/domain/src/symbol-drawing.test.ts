import { describe, expect, it } from 'vitest';
import type { MapPoint } from './map-features';
import { clampMapSymbol, defaultMapSymbol, type MapSymbol, type MapSymbolData } from './map-symbol';
import {
  contrastingText,
  drawMarker,
  drawSymbol,
  ellipsePoints,
  ICON_SIZE,
  iconFor,
  offsetPolyline,
  pointAlong,
  polylineLength,
  strokeOffsets,
  svgString,
  symbolExtent,
  tickPositions,
  trimEnd,
  type DrawnShape,
  type SvgNode,
} from './symbol-drawing';

/** A symbol of the type's defaults with some of its parts changed. */
function symbol(
  type: 'control_measure' | 'pollutant',
  change: {
    editor?: MapSymbol['editor'];
    line?: Partial<MapSymbol['line']>;
    area?: Partial<MapSymbol['area']>;
  } = {},
  rest: Partial<Pick<MapSymbol, 'icon' | 'text'>> = {},
): MapSymbol {
  const base = defaultMapSymbol(type);
  return {
    ...base,
    ...rest,
    editor: change.editor ?? base.editor,
    line: { ...base.line, ...change.line },
    area: { ...base.area, ...change.area },
  };
}

const ACROSS: DrawnShape = {
  kind: 'line',
  points: [
    [0, 50],
    [100, 50],
  ],
};
const SQUARE: DrawnShape = {
  kind: 'polygon',
  points: [
    [0, 0],
    [100, 0],
    [100, 100],
    [0, 100],
  ],
};

/** Every node of a drawing, depth first. */
function all(nodes: SvgNode[]): SvgNode[] {
  return nodes.flatMap((node) => [node, ...all(node.children ?? [])]);
}
const paths = (nodes: SvgNode[]) => all(nodes).filter((node) => node.tag === 'path');
/** The strokes of a line symbol: its paths in the line's colour. */
const strokes = (nodes: SvgNode[], colour = '#000000') =>
  paths(nodes).filter((p) => p.attrs.stroke === colour);
/** The y of a horizontal path's first point. */
const firstY = (node: SvgNode) => Number(/^M[-\d.]+,([-\d.]+)/.exec(String(node.attrs.d))![1]);

const close = (actual: MapPoint, expected: MapPoint) => {
  expect(actual[0]).toBeCloseTo(expected[0], 6);
  expect(actual[1]).toBeCloseTo(expected[1], 6);
};

describe('line symbols: "strokeType 1 to 3 (Single, Double, Triple)" (spec 002 §9)', () => {
  it.each([
    { strokeType: 1, separation: 1, ys: [50] },
    // Centres a thickness (5) plus the separation (1 × 5) apart.
    { strokeType: 2, separation: 1, ys: [45, 55] },
    { strokeType: 3, separation: 1, ys: [40, 50, 60] },
    // "line separation from thickness up to 5 times thickness": 5 × 5 clear, 30 between centres.
    { strokeType: 2, separation: 5, ys: [35, 65] },
    { strokeType: 3, separation: 5, ys: [20, 50, 80] },
  ] as const)('$strokeType parallel strokes, separation $separation', ({ strokeType, separation, ys }) => {
    const drawn = drawSymbol(symbol('control_measure', { line: { strokeType, separation } }), ACROSS, {
      idPrefix: 'f1',
    });
    const found = strokes(drawn)
      .map(firstY)
      .sort((a, b) => a - b);
    expect(found).toEqual([...ys]);
    for (const stroke of strokes(drawn)) expect(stroke.attrs['stroke-width']).toBe(5);
  });
});

describe('line symbols: "strokeStyle solid, dash, dot or tick" (spec 002 §9)', () => {
  it.each([
    { strokeStyle: 'solid', dasharray: undefined, linecap: 'round' },
    // "Line defaults: ... dash [8,10]"
    { strokeStyle: 'dash', dasharray: '8 10', linecap: 'butt' },
    // A dot a thickness across every two thicknesses.
    { strokeStyle: 'dot', dasharray: '0 10', linecap: 'round' },
    { strokeStyle: 'tick', dasharray: undefined, linecap: 'round' },
  ] as const)('$strokeStyle', ({ strokeStyle, dasharray, linecap }) => {
    const drawn = drawSymbol(symbol('control_measure', { line: { strokeStyle } }), ACROSS, { idPrefix: 'f' });
    const [stroke] = strokes(drawn);
    expect(stroke!.attrs['stroke-dasharray']).toBe(dasharray);
    expect(stroke!.attrs['stroke-linecap']).toBe(linecap);
    // Ticks only with the tick style, in the tick colour (default #F44E3B).
    expect(strokes(drawn, '#F44E3B')).toHaveLength(strokeStyle === 'tick' ? 1 : 0);
  });

  it('draws a dash pattern of its own', () => {
    const drawn = drawSymbol(
      symbol('control_measure', { line: { strokeStyle: 'dash', dash: [4, 2, 1, 2] } }),
      ACROSS,
      {
        idPrefix: 'f',
      },
    );
    expect(strokes(drawn)[0]!.attrs['stroke-dasharray']).toBe('4 2 1 2');
  });
});

describe('ticks: tickColor, one every tickWidth px, "tick height 2 to 10 times thickness" (spec 002 §9)', () => {
  it.each([
    // Defaults: tick width 20 → 5 ticks on 100 px, height 2 × thickness 5 = 10 px above the line.
    { tickWidth: 20, tickHeight: 2, width: 5, count: 5, from: 50, to: 40 },
    { tickWidth: 25, tickHeight: 4, width: 5, count: 4, from: 50, to: 30 },
    { tickWidth: 50, tickHeight: 10, width: 2, count: 2, from: 50, to: 30 },
    // Longer spacing than the line: still one tick, in the middle.
    { tickWidth: 100, tickHeight: 6, width: 2, count: 1, from: 50, to: 38 },
  ])(
    'spacing $tickWidth, height $tickHeight × $width',
    ({ tickWidth, tickHeight, width, count, from, to }) => {
      const drawn = drawSymbol(
        symbol('control_measure', {
          line: { strokeStyle: 'tick', tickWidth, tickHeight, width, tickColor: '#00AA00' },
        }),
        ACROSS,
        { idPrefix: 'f' },
      );
      const [ticks] = strokes(drawn, '#00AA00');
      const marks = [...String(ticks!.attrs.d).matchAll(/M([-\d.]+),([-\d.]+)L([-\d.]+),([-\d.]+)/g)];
      expect(marks).toHaveLength(count);
      for (const [, x1, y1, x2, y2] of marks) {
        expect(x1).toBe(x2); // across the line
        expect(Number(y1)).toBe(from);
        expect(Number(y2)).toBe(to);
      }
      const xs = marks.map((m) => Number(m[1]));
      for (let i = 1; i < xs.length; i++) expect(xs[i]! - xs[i - 1]!).toBeCloseTo(tickWidth, 6);
    },
  );

  it('starts the ticks at the outer stroke of a double line', () => {
    const drawn = drawSymbol(
      symbol('control_measure', { line: { strokeStyle: 'tick', strokeType: 2, separation: 1 } }),
      ACROSS,
      { idPrefix: 'f' },
    );
    const [ticks] = strokes(drawn, '#F44E3B');
    expect(String(ticks!.attrs.d)).toMatch(/^M10,45L10,35/);
  });
});

describe('arrow: "arrow scale 1 to 1.75" (spec 002 §9)', () => {
  const arrowOf = (arrowScale: number | null) =>
    all(drawSymbol(symbol('control_measure', { line: { arrowScale } }), ACROSS, { idPrefix: 'f' })).filter(
      (node) => node.tag === 'polygon',
    );

  it('has none when off', () => {
    expect(arrowOf(null)).toEqual([]);
  });

  it.each([
    { arrowScale: 1, halfWidth: 10, length: 16 },
    { arrowScale: 1.75, halfWidth: 17.5, length: 28 },
  ])(
    'at $arrowScale: its tip on the line end, $halfWidth px each side',
    ({ arrowScale, halfWidth, length }) => {
      const [arrow] = arrowOf(arrowScale);
      expect(arrow!.attrs.fill).toBe('#000000');
      expect(arrow!.attrs.points).toBe(
        `100,50 ${100 - length},${50 - halfWidth} ${100 - length},${50 + halfWidth}`,
      );
    },
  );

  it('ends the strokes inside the arrow head', () => {
    const drawn = drawSymbol(symbol('control_measure', { line: { arrowScale: 1 } }), ACROSS, {
      idPrefix: 'f',
    });
    expect(strokes(drawn)[0]!.attrs.d).toBe('M0,50L88,50');
  });

  it('draws no arrow on a closed outline', () => {
    const drawn = drawSymbol(symbol('control_measure', { line: { arrowScale: 1.5 } }), SQUARE, {
      idPrefix: 'f',
    });
    expect(all(drawn).filter((node) => node.tag === 'polygon')).toEqual([]);
  });
});

describe('opacity: "opacity 0 to 1" (spec 002 §9)', () => {
  it.each([
    { opacity: 0, drawn: 0 },
    { opacity: 0.35, drawn: 0.35 },
    { opacity: 1, drawn: 1 },
    { opacity: 4, drawn: 1 },
  ])('$opacity draws at $drawn', ({ opacity, drawn }) => {
    const [group] = drawSymbol(symbol('control_measure', { line: { opacity } }), ACROSS, { idPrefix: 'f' });
    expect(group!.attrs.opacity).toBe(drawn);
  });
});

describe('line symbols on closed shapes: the outline stroked', () => {
  it('strokes a polygon closed, without a fill', () => {
    const drawn = drawSymbol(symbol('control_measure'), SQUARE, { idPrefix: 'f' });
    expect(strokes(drawn)[0]!.attrs).toMatchObject({ d: 'M0,0L100,0L100,100L0,100Z', fill: 'none' });
  });

  it('strokes an ellipse as a ring, with ticks all round', () => {
    const drawn = drawSymbol(
      symbol('control_measure', { line: { strokeStyle: 'tick', tickWidth: 20 } }),
      { kind: 'ellipse', center: [50, 50], rx: 40, ry: 40 },
      { idPrefix: 'f' },
    );
    expect(String(strokes(drawn)[0]!.attrs.d)).toMatch(/^M90,50L.*Z$/);
    const ticks = String(strokes(drawn, '#F44E3B')[0]!.attrs.d).match(/M/g);
    // A circumference of about 251 px, one tick every 20.
    expect(ticks).toHaveLength(12);
  });
});

describe('area symbols: "fillType solid, lines or hatch; fill opacity 0.05 to 1; boundary thickness 1 to 15"', () => {
  const area = (change: Partial<MapSymbol['area']>, shape: DrawnShape = SQUARE, idPrefix = 'f7') =>
    drawSymbol(symbol('pollutant', { area: change }), shape, { idPrefix });

  it('fills solid in the fill colour, with the boundary (defaults #999999, #4D4D4D, width 5)', () => {
    const [polygon] = all(area({})).filter((node) => node.tag === 'polygon');
    expect(polygon!.attrs).toMatchObject({
      points: '0,0 100,0 100,100 0,100',
      fill: '#999999',
      'fill-opacity': 1,
      stroke: '#4D4D4D',
      'stroke-width': 5,
    });
    expect(all(area({})).filter((node) => node.tag === 'pattern')).toEqual([]);
  });

  it.each([
    { fillType: 'lines', lines: 1 },
    { fillType: 'hatch', lines: 2 },
  ] as const)('fills $fillType with a pattern named by the idPrefix', ({ fillType, lines }) => {
    const drawn = area(
      { fillType, fill: '#FF0000', lineSize: 3, separation: 7, fillOpacity: 0.4 },
      SQUARE,
      'feat-9',
    );
    const [pattern] = all(drawn).filter((node) => node.tag === 'pattern');
    // "line size and separation": 3 px lines, 7 px apart, at 45°.
    expect(pattern!.attrs).toMatchObject({
      id: 'feat-9-fill',
      width: 10,
      height: 10,
      patternTransform: 'rotate(45)',
    });
    expect(pattern!.children).toHaveLength(lines);
    for (const line of pattern!.children!)
      expect(line.attrs).toMatchObject({ stroke: '#FF0000', 'stroke-width': 3 });
    const [polygon] = all(drawn).filter((node) => node.tag === 'polygon');
    expect(polygon!.attrs).toMatchObject({ fill: 'url(#feat-9-fill)', 'fill-opacity': 0.4 });
  });

  it('gives two features two patterns', () => {
    const ids = ['a', 'b'].map(
      (prefix) =>
        all(area({ fillType: 'hatch' }, SQUARE, prefix)).find((node) => node.tag === 'pattern')!.attrs.id,
    );
    expect(new Set(ids).size).toBe(2);
  });

  it.each([
    { fillOpacity: 0, drawn: 0.05 },
    { fillOpacity: 0.05, drawn: 0.05 },
    { fillOpacity: 0.5, drawn: 0.5 },
    { fillOpacity: 2, drawn: 1 },
  ])('fill opacity $fillOpacity draws at $drawn', ({ fillOpacity, drawn }) => {
    const [polygon] = all(area({ fillOpacity })).filter((node) => node.tag === 'polygon');
    expect(polygon!.attrs['fill-opacity']).toBe(drawn);
  });

  it.each([
    { width: 0, drawn: 1 },
    { width: 15, drawn: 15 },
    { width: 40, drawn: 15 },
  ])('boundary thickness $width draws $drawn', ({ width, drawn }) => {
    const [polygon] = all(area({ width })).filter((node) => node.tag === 'polygon');
    expect(polygon!.attrs['stroke-width']).toBe(drawn);
  });

  it('draws a circle as a circle and an oval as an ellipse', () => {
    const circle = all(area({}, { kind: 'ellipse', center: [10, 20], rx: 5, ry: 5 })).find(
      (n) => n.tag === 'circle',
    );
    expect(circle!.attrs).toMatchObject({ cx: 10, cy: 20, r: 5, fill: '#999999' });
    const oval = all(area({}, { kind: 'ellipse', center: [10, 20], rx: 8, ry: 4 })).find(
      (n) => n.tag === 'ellipse',
    );
    expect(oval!.attrs).toMatchObject({ cx: 10, cy: 20, rx: 8, ry: 4 });
  });

  it('strokes a line with the boundary', () => {
    const [path] = paths(area({}, ACROSS));
    expect(path!.attrs).toMatchObject({
      d: 'M0,50L100,50',
      fill: 'none',
      stroke: '#4D4D4D',
      'stroke-width': 5,
    });
  });

  it('the circle editor draws the same area style', () => {
    const drawn = drawSymbol(
      symbol('pollutant', { editor: 2 }),
      { kind: 'ellipse', center: [0, 0], rx: 9, ry: 9 },
      {
        idPrefix: 'f',
      },
    );
    expect(all(drawn).find((node) => node.tag === 'circle')!.attrs).toMatchObject({ r: 9, fill: '#999999' });
  });
});

describe('icons and points', () => {
  it('draws the chosen icon centred on the point in the fill and boundary colours', () => {
    const drawn = drawSymbol(
      symbol('pollutant', { editor: 1, area: { fill: '#123456', stroke: '#654321' } }, { icon: 'inlet' }),
      { kind: 'point', at: [100, 200] },
      { idPrefix: 'f' },
    );
    const [group] = drawn;
    expect(group!.attrs.transform).toBe(`translate(${100 - ICON_SIZE / 2} ${200 - ICON_SIZE / 2})`);
    expect(paths(drawn)[0]!.attrs).toMatchObject({
      d: iconFor('inlet').path,
      fill: '#123456',
      stroke: '#654321',
    });
  });

  it('draws the map pin when no icon is chosen, or an unknown one', () => {
    expect(iconFor(null).name).toBe('pin');
    expect(iconFor('no such icon').name).toBe('pin');
  });

  it('draws an icon symbol at the middle of a line', () => {
    const [group] = drawSymbol(symbol('pollutant', { editor: 1 }), ACROSS, { idPrefix: 'f' });
    expect(group!.attrs.transform).toBe('translate(38 38)');
  });

  it('draws a point with a line symbol as a dot of its colour', () => {
    const drawn = drawSymbol(
      symbol('control_measure', { line: { stroke: '#0000FF' } }),
      { kind: 'point', at: [5, 6] },
      {
        idPrefix: 'f',
      },
    );
    expect(all(drawn).find((node) => node.tag === 'circle')!.attrs).toMatchObject({
      cx: 5,
      cy: 6,
      fill: '#0000FF',
    });
  });
});

describe('text: "Fonts Arial and Times New Roman, default text size 22" (spec 002 §9)', () => {
  it.each([
    { font: 'Arial', family: 'Arial, Helvetica, sans-serif', size: 22 },
    { font: 'Times New Roman', family: "'Times New Roman', Times, serif", size: 30 },
  ] as const)('$font at $size', ({ font, family, size }) => {
    const drawn = drawSymbol(
      symbol('control_measure', {}, { text: { label: 'SF', font, size } }),
      { kind: 'text', at: [10, 10], text: 'Silt fence' },
      { idPrefix: 'f' },
    );
    const text = all(drawn).find((node) => node.tag === 'text')!;
    expect(text.text).toBe('Silt fence');
    expect(text.attrs).toMatchObject({
      'font-family': family,
      'font-size': size,
      fill: '#000000',
      x: 10,
      y: 10,
    });
  });

  it("shows the symbol's label when the shape has no text", () => {
    const drawn = drawSymbol(
      symbol('pollutant', {}, { text: { label: 'Stockpile', font: 'Arial', size: 22 } }),
      { kind: 'text', at: [0, 0], text: '' },
      { idPrefix: 'f' },
    );
    expect(all(drawn).find((node) => node.tag === 'text')!.text).toBe('Stockpile');
  });
});

describe('markers of findings and notes', () => {
  it('draws a finding as a disc of its colour (default #2FF363) with its number', () => {
    const drawn = drawMarker('finding', [40, 60], { label: '7', idPrefix: 'finding-1' });
    const circle = all(drawn).find((node) => node.tag === 'circle')!;
    expect(circle.attrs).toMatchObject({ cx: 40, cy: 60, fill: '#2FF363' });
    const text = all(drawn).find((node) => node.tag === 'text')!;
    expect(text.text).toBe('7');
    expect(text.attrs.fill).toBe('#000000');
  });

  it('writes a finding number in white on a dark colour', () => {
    const drawn = drawMarker('finding', [0, 0], { color: '#1C3D8C', label: '12', idPrefix: 'f' });
    expect(all(drawn).find((node) => node.tag === 'text')!.attrs.fill).toBe('#FFFFFF');
    expect(contrastingText('#FFFFFF')).toBe('#000000');
  });

  it('draws a note as a sheet, without a text when it has no label', () => {
    const drawn = drawMarker('note', [0, 0], { idPrefix: 'n' });
    expect(all(drawn).filter((node) => node.tag === 'text')).toEqual([]);
    expect(paths(drawn)[0]!.attrs.fill).toBe('#FFD43B');
  });
});

describe('symbols as stored: drawn inside the ranges, never failing', () => {
  it('clamps a stored symbol with values out of range and unknown styles', () => {
    const stored: MapSymbolData = {
      ...defaultMapSymbol('control_measure'),
      editor: 9,
      line: {
        ...defaultMapSymbol('control_measure').line,
        strokeType: 7,
        strokeStyle: 'wavy',
        tickHeight: 5,
        width: 99,
      },
      area: { ...defaultMapSymbol('pollutant').area, fillType: 'dots' },
      text: { label: 'A label far too long', font: 'Comic Sans', size: 200 },
    };
    const clamped = clampMapSymbol(stored);
    expect(clamped.editor).toBe(0);
    expect(clamped.line).toMatchObject({ strokeType: 1, strokeStyle: 'solid', tickHeight: 6, width: 15 });
    expect(clamped.area.fillType).toBe('solid');
    expect(clamped.text).toEqual({ label: 'A label fa', font: 'Arial', size: 96 });
  });

  it('draws a bad colour in the default colour instead of writing it', () => {
    const drawn = drawSymbol(symbol('control_measure', { line: { stroke: 'red" onload="x' } }), ACROSS, {
      idPrefix: 'f',
    });
    expect(strokes(drawn)).toHaveLength(1);
  });

  it('draws nothing broken for a line of one point', () => {
    const drawn = drawSymbol(
      symbol('control_measure', { line: { strokeType: 3, strokeStyle: 'tick', arrowScale: 1 } }),
      {
        kind: 'line',
        points: [[3, 3]],
      },
      { idPrefix: 'f' },
    );
    expect(svgString(drawn)).not.toMatch(/NaN|undefined/);
  });
});

describe('symbolExtent: how far a drawing reaches beyond its line', () => {
  it.each([
    { name: 'a single line', change: {}, extent: 2.5 },
    { name: 'a triple line', change: { strokeType: 3 as const }, extent: 12.5 },
    { name: 'ticks', change: { strokeStyle: 'tick' as const, tickHeight: 4 }, extent: 20 },
    { name: 'an arrow', change: { arrowScale: 1.5 }, extent: 15 },
  ])('$name', ({ change, extent }) => {
    expect(symbolExtent(symbol('control_measure', { line: change }))).toBe(extent);
  });
});

describe('geometry', () => {
  it('offsets a line to its left (up on screen, going right), mitring the corner', () => {
    const points: MapPoint[] = [
      [0, 0],
      [10, 0],
      [10, 10],
    ];
    const out = offsetPolyline(points, 2);
    close(out[0]!, [0, -2]);
    close(out[1]!, [12, -2]);
    close(out[2]!, [12, 10]);
  });

  it('bevels a hairpin turn instead of a spike', () => {
    const out = offsetPolyline(
      [
        [0, 0],
        [10, 0],
        [0, 0.1],
      ],
      2,
    );
    expect(out).toHaveLength(4);
    for (const [x] of out) expect(x).toBeLessThan(13);
  });

  it('offsets a ring as a ring (to the left is outside a ring drawn clockwise on screen)', () => {
    const out = offsetPolyline(
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 10],
      ],
      1,
      true,
    );
    expect(out).toHaveLength(4);
    close(out[0]!, [-1, -1]);
    close(out[2]!, [11, 11]);
  });

  it('measures, walks and trims a line', () => {
    const line: MapPoint[] = [
      [0, 0],
      [30, 0],
      [30, 40],
    ];
    expect(polylineLength(line)).toBe(70);
    expect(polylineLength(line, true)).toBe(120);
    const along = pointAlong(line, 50);
    close(along.at, [30, 20]);
    close(along.direction, [0, 1]);
    expect(trimEnd(line, 50)).toEqual([
      [0, 0],
      [20, 0],
    ]);
  });

  it('places ticks evenly, centred on the line', () => {
    expect(
      tickPositions(
        [
          [0, 0],
          [90, 0],
        ],
        20,
      ).map((t) => t.at[0]),
    ).toEqual([15, 35, 55, 75]);
  });

  it('makes an ellipse ring', () => {
    const ring = ellipsePoints([0, 0], 4, 2, 4);
    close(ring[0]!, [4, 0]);
    close(ring[1]!, [0, 2]);
  });

  it('gives the stroke offsets of the stroke types', () => {
    expect(strokeOffsets({ width: 4, strokeType: 3, separation: 2 })).toEqual([-12, 0, 12]);
  });
});

describe('svgString: markup for printing', () => {
  it('writes nodes with their attributes and children, text escaped', () => {
    const nodes: SvgNode[] = [
      {
        tag: 'g',
        attrs: { opacity: 0.5 },
        children: [{ tag: 'text', attrs: { x: 1.006, y: 2 }, text: 'A & <B>' }],
      },
      { tag: 'circle', attrs: { r: 3, fill: '"x"' } },
    ];
    expect(svgString(nodes)).toBe(
      '<g opacity="0.5"><text x="1.01" y="2">A &amp; &lt;B&gt;</text></g><circle r="3" fill="&quot;x&quot;"/>',
    );
  });

  it('never writes an event handler, a link or a bad attribute name, nor a value that is no number', () => {
    const nodes: SvgNode[] = [
      {
        tag: 'rect',
        attrs: { onload: 'alert(1)', href: 'javascript:x', 'a b': 1, width: Number.NaN, height: 4 },
      },
    ];
    expect(svgString(nodes)).toBe('<rect height="4"/>');
  });

  it('serialises a whole symbol', () => {
    const markup = svgString(
      drawSymbol(symbol('pollutant', { area: { fillType: 'hatch' } }), SQUARE, { idPrefix: 'print:1' }),
    );
    expect(markup).toContain('<pattern id="print-1-fill"');
    expect(markup).toContain('fill="url(#print-1-fill)"');
  });
});
