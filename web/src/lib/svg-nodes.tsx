import { createElement, Fragment, type ReactElement } from 'react';
import { attributeValue, isSafeAttribute, type SvgNode } from '@stormline/domain/symbol-drawing';

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * An SVG attribute's name as React spells it: presentation attributes in camelCase (stroke-width →
 * strokeWidth), `class` as className; data-* and aria-* and the already camelCase (viewBox,
 * patternUnits) as they are.
 */
export function reactAttributeName(name: string): string {
  if (name === 'class') return 'className';
  if (name.startsWith('data-') || name.startsWith('aria-')) return name;
  return name.replace(/[-:]([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

function props(node: SvgNode, key: number): Record<string, string | number> {
  const out: Record<string, string | number> = { key };
  for (const [name, value] of Object.entries(node.attrs)) {
    const written = attributeValue(value);
    if (isSafeAttribute(name) && written !== null) out[reactAttributeName(name)] = written;
  }
  return out;
}

function element(node: SvgNode, key: number): ReactElement {
  const children = [
    ...(node.text != null ? [node.text] : []),
    ...(node.children ?? []).map((child, index) => element(child, index)),
  ];
  return createElement(node.tag, props(node, key), ...children);
}

/** The renderer's nodes (packages/domain/src/symbol-drawing.ts) inside an <svg> React draws. */
export function SvgNodes({ nodes }: { nodes: SvgNode[] }) {
  return createElement(Fragment, null, ...nodes.map((node, index) => element(node, index)));
}

/**
 * The renderer's nodes appended to an SVG element outside React (a Leaflet layer's group), in the
 * attribute names SVG spells. Returns the elements appended, so a redraw can remove them.
 */
export function appendSvgNodes(parent: SVGElement, nodes: SvgNode[]): SVGElement[] {
  const document = parent.ownerDocument;
  return nodes.map((node) => {
    const created = document.createElementNS(SVG_NS, node.tag) as SVGElement;
    for (const [name, value] of Object.entries(node.attrs)) {
      const written = attributeValue(value);
      if (isSafeAttribute(name) && written !== null) created.setAttribute(name, written);
    }
    if (node.text != null) created.textContent = node.text;
    appendSvgNodes(created, node.children ?? []);
    parent.appendChild(created);
    return created;
  });
}
