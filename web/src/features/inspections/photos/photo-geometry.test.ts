import { describe, expect, it } from 'vitest';
import { nextQuarter, pointOnPhoto, turnedLayout } from './photo-geometry';

describe('a photo turned a quarter at a time', () => {
  it('turns 0 → 90 → 180 → 270 → 0', () => {
    expect([0, 90, 180, 270].map(nextQuarter)).toEqual([90, 180, 270, 0]);
  });

  it('takes a box of its turned shape, the image inside as wide as the box is tall', () => {
    expect(turnedLayout(400, 300, 0)).toEqual({
      aspectRatio: '400 / 300',
      innerWidth: '100%',
      innerHeight: '100%',
    });
    expect(turnedLayout(400, 200, 90)).toEqual({
      aspectRatio: '200 / 400',
      innerWidth: '200%',
      innerHeight: '50%',
    });
  });

  // Turned clockwise: the photo's top-left corner shows at the top right at 90°, the bottom right
  // at 180°, the bottom left at 270°.
  it.each([
    [0, { u: 0, v: 0 }],
    [90, { u: 1, v: 0 }],
    [180, { u: 1, v: 1 }],
    [270, { u: 0, v: 1 }],
  ])('finds the photo’s top-left corner where it shows at %i°', (rotation, { u, v }) => {
    expect(pointOnPhoto(u, v, rotation)).toEqual({ x: 0, y: 0 });
  });

  it('maps a point a quarter along the top of the shown photo at 90° to the left side of the photo', () => {
    expect(pointOnPhoto(0.25, 0, 90)).toEqual({ x: 0, y: 0.75 });
  });
});
