import { describe, expect, it } from 'vitest';
import {
  CONVERSION_MESSAGES,
  pageScale,
  pageSizeProblem,
  SITE_MAP_THUMBNAIL_MAX_HEIGHT,
  SITE_MAP_THUMBNAIL_WIDTH,
  thumbnailScale,
} from './site-maps';

/** The pixel size a page of `w` x `h` becomes at `scale` (as mupdf rounds, near enough). */
const at = (scale: number, w: number, h: number) => [Math.round(w * scale), Math.round(h * scale)];

describe('site-map rendering limits (review 20 #2)', () => {
  it('makes an A3 sheet a 450 px wide thumbnail and a 4000 px page', () => {
    expect(at(thumbnailScale(1191, 842), 1191, 842)).toEqual([450, 318]);
    expect(at(pageScale(1191, 842), 1191, 842)).toEqual([4000, 2828]);
  });

  it('fits a tall page’s thumbnail in 450 x 900 instead of scaling it to 450 wide', () => {
    // The probe: a 20 x 14400 pt page gave a 450 x 324000 px thumbnail.
    const [w, h] = at(thumbnailScale(20, 14400), 20, 14400);
    expect(h).toBe(SITE_MAP_THUMBNAIL_MAX_HEIGHT);
    expect(w).toBeLessThan(SITE_MAP_THUMBNAIL_WIDTH);
    const [pw, ph] = at(thumbnailScale(842, 1191), 842, 1191);
    expect(pw).toBe(SITE_MAP_THUMBNAIL_WIDTH);
    expect(ph).toBeLessThanOrEqual(SITE_MAP_THUMBNAIL_MAX_HEIGHT);
  });

  it('refuses a strip of a page and an image too large to decode, with a reason', () => {
    expect(pageSizeProblem(20, 14400, 'pdf')).toBe(CONVERSION_MESSAGES.oddShape);
    expect(pageSizeProblem(14400, 10, 'pdf')).toBe(CONVERSION_MESSAGES.oddShape);
    expect(pageSizeProblem(0, 800, 'pdf')).toBe(CONVERSION_MESSAGES.oddShape);
    expect(pageSizeProblem(1191, 842, 'pdf')).toBeNull();
    // A0 in points is large, but renders at 4000 px on its long side: fine.
    expect(pageSizeProblem(3370, 2384, 'pdf')).toBeNull();
    expect(pageSizeProblem(20000, 20000, 'image')).toBe(CONVERSION_MESSAGES.tooLarge);
    expect(pageSizeProblem(9000, 9000, 'image')).toBe(CONVERSION_MESSAGES.tooLarge);
    expect(pageSizeProblem(1200, 1000, 'image')).toBeNull();
  });
});
