import { describe, expect, it } from 'vitest';
import { locateView, type MapView } from './locate';

// A 800 x 600 view at zoom -2 (a quarter of an image pixel a screen pixel), centred on (2000, 1400).
const view: MapView = { zoom: -2, center: [2000, 1400], size: { x: 800, y: 600 } };

describe('Locate keeps the zoom the user chose (ADR 0041)', () => {
  it('leaves the map alone for a point or a shape already in view, padding included', () => {
    expect(
      locateView(view, [
        [1500, 1000],
        [1500, 1000],
      ]),
    ).toBeNull();
    expect(
      locateView(view, [
        [1200, 900],
        [2600, 1900],
      ]),
    ).toBeNull();
  });

  it('pans to a point off the screen without zooming in', () => {
    expect(
      locateView(view, [
        [3900, 100],
        [3900, 100],
      ]),
    ).toEqual({ center: [3900, 100], zoom: -2 });
    // Closer to the edge than the padding counts as off the screen.
    expect(
      locateView(view, [
        [2000 + 4 * 390, 1400],
        [2000 + 4 * 390, 1400],
      ]),
    ).toEqual({ center: [3560, 1400], zoom: -2 });
  });

  it('never zooms in on a small shape: it is centred at the same zoom', () => {
    expect(
      locateView({ ...view, center: [0, 0] }, [
        [3000, 2000],
        [3040, 2010],
      ]),
    ).toEqual({ center: [3020, 2005], zoom: -2 });
  });

  it('zooms out (in steps of a quarter) only as far as a large shape needs to fit with its padding', () => {
    // 6000 px wide in 720 screen px: 2^z <= 0.12, z = -3.25 on quarter steps (2^-3.25 = 0.105).
    expect(
      locateView({ ...view, zoom: 0 }, [
        [0, 0],
        [6000, 100],
      ]),
    ).toEqual({ center: [3000, 50], zoom: -3.25 });
    expect(
      locateView(
        { ...view, zoom: 0 },
        [
          [0, 0],
          [6000, 100],
        ],
        { minZoom: -3 },
      ),
    ).toEqual({ center: [3000, 50], zoom: -3 });
  });
});
