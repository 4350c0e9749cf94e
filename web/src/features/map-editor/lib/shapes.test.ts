import { describe, expect, it } from 'vitest';
import { anchorOf, clampLabel, ellipsePoints, imageBounds, squareBounds, toLatLng, toPixel } from './shapes';

describe('the projection: image pixel (x, y) is LatLng(-y, x) on L.CRS.Simple', () => {
  it('goes there and back, y down from the top left', () => {
    expect(toLatLng([120, 40])).toEqual([-40, 120]);
    expect(toPixel({ lat: -40, lng: 120 })).toEqual([120, 40]);
    expect(imageBounds(4000, 2828)).toEqual([
      [-2828, 0],
      [0, 4000],
    ]);
  });
});

describe('ADR 0041: a square is a rectangle kept square, an oval the ellipse inscribed in one', () => {
  it('keeps the longer side, towards where the drawing ended', () => {
    expect(squareBounds([10, 10], [50, 20])).toEqual([
      [10, 10],
      [50, 50],
    ]);
    expect(squareBounds([100, 100], [80, 40])).toEqual([
      [100, 100],
      [40, 40],
    ]);
  });
  it('puts the oval inside its rectangle, touching each side', () => {
    const points = ellipsePoints([
      [0, 0],
      [200, 100],
    ]);
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    expect(Math.min(...xs)).toBeCloseTo(0);
    expect(Math.max(...xs)).toBeCloseTo(200);
    expect(Math.min(...ys)).toBeCloseTo(0);
    expect(Math.max(...ys)).toBeCloseTo(100);
  });
});

describe('spec 002 §5 "Legend text shape label: max 10 characters"', () => {
  it('keeps the first 10', () => {
    expect(clampLabel('  Outfall 12 north ')).toBe('Outfall 12');
  });
});

describe("a feature's position", () => {
  it('is the middle of a shape, the point itself otherwise', () => {
    expect(
      anchorOf(
        {
          type: 'line',
          points: [
            [0, 0],
            [100, 50],
          ],
        },
        [0, 0],
      ),
    ).toEqual([50, 25]);
    expect(anchorOf({ type: 'circle', radius: 5 }, [7, 8])).toEqual([7, 8]);
  });
});
