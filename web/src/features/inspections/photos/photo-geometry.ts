/** How a photo turned a quarter at a time is laid out and pointed at (finding photos, spec 002 §2). */

export type Rotation = 0 | 90 | 180 | 270;

export const nextQuarter = (rotation: number): Rotation => ((rotation + 90) % 360) as Rotation;

const sideways = (rotation: number) => rotation === 90 || rotation === 270;

/**
 * The box a turned photo takes (width / height as CSS aspect-ratio) and the size of the unturned
 * image inside it, in percent of that box: turned sideways, the image is as wide as the box is
 * tall, so it fills the box instead of spilling over its neighbours.
 */
export function turnedLayout(width: number, height: number, rotation: number) {
  if (!sideways(rotation))
    return { aspectRatio: `${width} / ${height}`, innerWidth: '100%', innerHeight: '100%' };
  return {
    aspectRatio: `${height} / ${width}`,
    innerWidth: `${(width / height) * 100}%`,
    innerHeight: `${(height / width) * 100}%`,
  };
}

/**
 * Where a point of the shown (turned) photo is on the photo itself: `u`, `v` are fractions of the
 * shown box from its top-left, the answer fractions of the photo's own width and height. Marks are
 * stored in the photo's pixels, so they stay on the spot whichever way the photo is turned.
 */
export function pointOnPhoto(u: number, v: number, rotation: number): { x: number; y: number } {
  switch (rotation) {
    case 90:
      return { x: v, y: 1 - u };
    case 180:
      return { x: 1 - u, y: 1 - v };
    case 270:
      return { x: 1 - v, y: u };
    default:
      return { x: u, y: v };
  }
}
