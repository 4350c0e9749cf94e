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

/** The scale that makes a thumbnail SITE_MAP_THUMBNAIL_WIDTH wide. */
export function thumbnailScale(width: number): number {
  return SITE_MAP_THUMBNAIL_WIDTH / Math.max(width, 1);
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
