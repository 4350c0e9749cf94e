/**
 * Spec 002 §3, §4, §9: an Active Site Map document becomes page images through the conversion job
 * (queued, converting with completed and total, done or error), each page with its thumbnail.
 * The rules here are shared by the job's tasks, the routes and the SPA (docs/decisions/0038).
 */

export const CONVERSION_STATUSES = ['queued', 'converting', 'done', 'error'] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];

/** Spec 002 §9: a site map's thumbnail is 450 px wide (a finding's 220). */
export const SITE_MAP_THUMBNAIL_WIDTH = 450;

/**
 * A page image's longer side: enough to read a site plan's labels when zoomed on the map editor,
 * small enough for a phone to hold (4000 x 2830 RGB is 34 MB decoded).
 */
export const PAGE_LONG_SIDE = 4000;
/** No page is rendered finer than this, so a letter page is not blown up past print quality. */
export const PAGE_MAX_DPI = 300;

/** The scale (pixels per PDF point) a page of `width` x `height` points is rendered at. */
export function pageScale(width: number, height: number): number {
  const longest = Math.max(width, height, 1);
  return Math.min(PAGE_LONG_SIDE / longest, PAGE_MAX_DPI / 72);
}

/**
 * A thumbnail's tallest: a portrait sheet is 450 x ~640 px, and a tall strip is cut down to fit
 * (a 20 x 14400 pt page would otherwise make a 450 x 324000 px thumbnail, ~580 MB decoded).
 */
export const SITE_MAP_THUMBNAIL_MAX_HEIGHT = 900;

/**
 * The scale that fits a thumbnail of a `width` x `height` page in SITE_MAP_THUMBNAIL_WIDTH x
 * SITE_MAP_THUMBNAIL_MAX_HEIGHT: 450 px wide unless that would make it taller than the box.
 */
export function thumbnailScale(width: number, height: number): number {
  return Math.min(
    SITE_MAP_THUMBNAIL_WIDTH / Math.max(width, 1),
    SITE_MAP_THUMBNAIL_MAX_HEIGHT / Math.max(height, 1),
  );
}

/**
 * A page whose long side is more than this many times its short side is refused at validation:
 * no site plan is a strip, and a strip is how a small file asks for a huge render (review 20 #2).
 */
export const MAX_PAGE_ASPECT_RATIO = 20;

/**
 * An image site map's largest side and area, in pixels (SITE_MAP_LIMITS at upload, the job's
 * Validate for a file stored before): a few hundred KB of PNG can claim 20000 x 20000 pixels,
 * which decodes to over 1 GB before it is scaled down.
 */
export const SITE_MAP_MAX_IMAGE_SIDE = 10000;
export const SITE_MAP_MAX_IMAGE_PIXELS = 64_000_000;

/**
 * What is wrong with a page of `width` x `height` (points for a PDF page, pixels for an image)
 * that the job must not render, or null: a strip, or an image too large to decode.
 */
export function pageSizeProblem(width: number, height: number, kind: 'pdf' | 'image'): string | null {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  if (!(short > 0) || long / short > MAX_PAGE_ASPECT_RATIO) return CONVERSION_MESSAGES.oddShape;
  if (kind === 'image' && (long > SITE_MAP_MAX_IMAGE_SIDE || width * height > SITE_MAP_MAX_IMAGE_PIXELS))
    return CONVERSION_MESSAGES.tooLarge;
  return null;
}

/** How many pages the job renders at once (its Map state's MaxConcurrency). */
export const RENDER_CONCURRENCY = 4;
/** A site map of more pages is refused at validation, with CONVERSION_MESSAGES.tooManyPages. */
export const MAX_SITE_MAP_PAGES = 200;

/** What a user reads when a conversion cannot go on (spec 002 §8: 'the status and message'). */
export const CONVERSION_MESSAGES = {
  encrypted: 'The PDF is password-protected. Remove the password and upload it again.',
  corrupt: 'The file could not be read as a PDF or image. It may be damaged.',
  tooManyPages: `The PDF has more than ${MAX_SITE_MAP_PAGES} pages.`,
  tooLarge: `The site map is too large to convert: an image may be at most ${SITE_MAP_MAX_IMAGE_SIDE}x${SITE_MAP_MAX_IMAGE_SIDE} pixels (${SITE_MAP_MAX_IMAGE_PIXELS / 1_000_000} megapixels).`,
  oddShape: `A page of the site map is too narrow to convert: its long side may be at most ${MAX_PAGE_ASPECT_RATIO} times its short side.`,
  alreadyConverted:
    'This site map is already converted from its current file. Replace the file to convert it again.',
  notSiteMap: 'Only Active Site Map documents are converted',
  running: 'This document is already being converted. Wait for it to finish.',
  gone: 'The document was removed or replaced while it was converting.',
  failed: 'The conversion failed. Convert it again, or contact the administrator.',
} as const;

/** The WebSocket channel a document's conversion progress goes out on (spec 002 §7). */
export const conversionChannel = (uploadId: string) => `status:convert:pdf:png:${uploadId}`;
/** The socket action that starts a conversion (spec 002 §7). */
export const CONVERT_ACTION = 'convert:pdf:png';

/** Whether a conversion in this state is still running (a new one is refused meanwhile). */
export const isConversionRunning = (status: ConversionStatus | null | undefined) =>
  status === 'queued' || status === 'converting';

/**
 * Spec 002 §2 "as they stood for that inspection": a page listed (its conversion done) before the
 * inspection ended, and not removed before it began. `ended` is null while it is open.
 */
export function pageStoodForInspection(
  page: { listedAt: string; deletedAt: string | null },
  inspection: { began: string; ended: string | null },
): boolean {
  if (inspection.ended !== null && page.listedAt > inspection.ended) return false;
  return page.deletedAt === null || page.deletedAt > inspection.began;
}
