import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultMapSymbol } from '@stormline/domain/map-symbol';
import { drawSymbol, svgString, type SvgNode } from '@stormline/domain/symbol-drawing';
import { appendSvgNodes, reactAttributeName, SvgNodes } from './svg-nodes';

const hatch = () => {
  const symbol = defaultMapSymbol('pollutant');
  return drawSymbol(
    { ...symbol, area: { ...symbol.area, fillType: 'hatch', fill: '#FF0000' } },
    {
      kind: 'polygon',
      points: [
        [0, 0],
        [40, 0],
        [40, 40],
      ],
    },
    { idPrefix: 'feature-1' },
  );
};

/** An element's attributes as a sorted list, to compare two drawings of the same nodes. */
const attributesOf = (element: Element) => [...element.attributes].map((a) => `${a.name}=${a.value}`).sort();

describe('SvgNodes and appendSvgNodes draw the renderer’s nodes', () => {
  it('draws the same SVG through React and through the DOM, in the names SVG spells', () => {
    const nodes = hatch();
    const { container } = render(
      <svg data-testid="react">
        <SvgNodes nodes={nodes} />
      </svg>,
    );
    const reactSvg = container.querySelector('svg')!;
    const domSvg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    appendSvgNodes(domSvg, nodes);

    const polygon = reactSvg.querySelector('polygon')!;
    expect(polygon.getAttribute('stroke-width')).toBe('5');
    expect(polygon.getAttribute('fill')).toBe('url(#feature-1-fill)');
    expect(reactSvg.querySelector('pattern')!.getAttribute('patternTransform')).toBe('rotate(45)');
    expect(reactSvg.querySelectorAll('pattern line')).toHaveLength(2);

    const reactAll = [...reactSvg.querySelectorAll('*')];
    const domAll = [...domSvg.querySelectorAll('*')];
    expect(domAll.map((e) => e.tagName)).toEqual(reactAll.map((e) => e.tagName));
    domAll.forEach((element, i) => expect(attributesOf(element)).toEqual(attributesOf(reactAll[i]!)));
    expect(domSvg.querySelector('polygon')!.namespaceURI).toBe('http://www.w3.org/2000/svg');
  });

  it('writes text as text, never as markup, and leaves out unsafe attributes', () => {
    const nodes: SvgNode[] = [
      { tag: 'text', attrs: { x: 1, onclick: 'alert(1)', 'font-size': 12 }, text: '<b>Fence</b>' },
    ];
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    const [text] = appendSvgNodes(svg, nodes);
    expect(text!.textContent).toBe('<b>Fence</b>');
    expect(text!.querySelector('b')).toBeNull();
    expect(text!.hasAttribute('onclick')).toBe(false);
    expect(text!.getAttribute('font-size')).toBe('12');

    const { container } = render(
      <svg>
        <SvgNodes nodes={nodes} />
      </svg>,
    );
    expect(container.querySelector('text')!.textContent).toBe('<b>Fence</b>');
    expect(container.querySelector('text')!.hasAttribute('onclick')).toBe(false);
    expect(svgString(nodes)).toBe('<text x="1" font-size="12">&lt;b&gt;Fence&lt;/b&gt;</text>');
  });

  it('spells attributes as React takes them', () => {
    expect(
      ['stroke-width', 'fill-opacity', 'class', 'viewBox', 'data-id', 'aria-hidden'].map(reactAttributeName),
    ).toEqual(['strokeWidth', 'fillOpacity', 'className', 'viewBox', 'data-id', 'aria-hidden']);
  });
});
