import L from 'leaflet';
import { afterEach, describe, expect, it } from 'vitest';
import { drawFeature } from './draw-feature';
import type { DraftFeature } from './pending-edits';

const line: DraftFeature = {
  key: 'line-1',
  positionables_id: 'line-1',
  positionable_id: 'legend-1',
  positionable_type: 'control_measure',
  position_x: 100,
  position_y: 100,
  geometry: {
    type: 'line',
    points: [
      [100, 100],
      [300, 120],
    ],
  },
  positionable_config: null,
  source: {
    id: 'legend-1',
    name: 'Silt fence',
    color: null,
    map_symbol: null,
    scope: 'project',
    detail: null,
    deleted: false,
  },
  version: 1,
};

let map: L.Map | null = null;
afterEach(() => {
  map?.remove();
  map = null;
  document.body.replaceChildren();
});

function onMap(layer: L.Layer) {
  const element = document.createElement('div');
  element.style.width = '400px';
  element.style.height = '300px';
  document.body.appendChild(element);
  map = L.map(element, { crs: L.CRS.Simple, renderer: L.svg() }).setView([-110, 200], 0);
  layer.addTo(map);
}

describe('drawFeature, a selected line (Move/Edit)', () => {
  it('keeps the wide transparent hit path as the layer geoman drags', () => {
    const layer = drawFeature(line, { selected: true, interactive: true }) as L.Polyline;
    expect(layer).toBeInstanceOf(L.Polyline);
    expect(layer.options.weight).toBe(16);
    expect(layer.options.opacity).toBe(0);
    expect(layer.options.interactive).not.toBe(false);
    expect(layer.options.dashArray ?? null).toBeNull();
  });

  it('is as wide selected as not selected', () => {
    const plain = drawFeature(line, { selected: false, interactive: true }) as L.Polyline;
    const selected = drawFeature(line, { selected: true, interactive: true }) as L.Polyline;
    expect(selected.options.weight).toBe(plain.options.weight);
  });

  it('draws the dashed outline as a second path that takes no events and follows a drag', () => {
    const layer = drawFeature(line, { selected: true, interactive: true }) as L.Polyline;
    onMap(layer);
    const outlines = document.querySelectorAll('path.map-edit-outline');
    expect(outlines).toHaveLength(1);
    const outline = outlines[0]!;
    expect(outline.getAttribute('stroke-dasharray')).toBe('6 4');
    expect(outline.classList.contains('leaflet-interactive')).toBe(false);
    // The hit path under it takes the pointer, 16 px wide.
    const hit = [...document.querySelectorAll('path.leaflet-interactive')];
    expect(hit.map((path) => path.getAttribute('stroke-width'))).toContain('16');

    const before = outline.getAttribute('d');
    layer.setLatLngs([
      [-150, 140],
      [-170, 340],
    ]);
    expect(outline.getAttribute('d')).not.toBe(before);
    expect(outline.getAttribute('d')).toBe(
      document.querySelector('path.leaflet-interactive')!.getAttribute('d'),
    );
  });

  it('draws no outline when not selected, and takes it away with the shape', () => {
    const plain = drawFeature(line, { selected: false, interactive: true });
    onMap(plain);
    expect(document.querySelectorAll('path.map-edit-outline')).toHaveLength(0);
    plain.remove();
    const selected = drawFeature(line, { selected: true, interactive: true });
    selected.addTo(map!);
    expect(document.querySelectorAll('path.map-edit-outline')).toHaveLength(1);
    selected.remove();
    expect(document.querySelectorAll('path.map-edit-outline')).toHaveLength(0);
  });
});
