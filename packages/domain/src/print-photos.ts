/**
 * Finding photos are printed from a copy made once when the photo is stored (issue 22,
 * docs/decisions/0045), never from the camera original: a 12-megapixel JPEG is 3 to 5 MB, and a
 * report of 100 of them would be hundreds of megabytes and minutes of Chromium decoding.
 */

/**
 * The long side of a print copy, in pixels. A photo prints at most about 7 inches wide on a Letter
 * page inside its margins (one photo across the page), and 7 in at 200 dpi is 1400 px: as sharp as
 * a laser printer or a PDF viewer at page size shows a photo. Larger copies would break issue 22's
 * 20 MB for a 100-photo report (bench/report-photos.ts: about 165 KB a copy at 1400 px, 240 KB at
 * 1600 px, for a detailed 4 MB camera photo).
 */
export const PRINT_PHOTO_MAX_SIDE = 1400;

/** JPEG quality of a print copy (mozjpeg's encoder): no visible blocking on site photos at print size. */
export const PRINT_PHOTO_QUALITY = 75;

/**
 * Where a photo's print copy is kept: beside the original, under a name derived from it, so making
 * it again (a stream record delivered twice, the backfill) overwrites the same object, and the
 * photo's removal can remove it even when the removed record never learnt its printKey.
 */
export function printKeyOf(objectKey: string): string {
  return `${objectKey}-print`;
}

/** The print copy's size: the photo as seen (EXIF orientation applied), fitted in the print square. */
export function printSizeOf(seen: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(1, PRINT_PHOTO_MAX_SIDE / Math.max(seen.width, seen.height));
  return {
    width: Math.max(1, Math.round(seen.width * scale)),
    height: Math.max(1, Math.round(seen.height * scale)),
  };
}

/** A finding photo's record as the table stream shows it (only the fields this rule reads). */
interface StoredPhoto {
  type?: unknown;
  objectKey?: unknown;
  printKey?: unknown;
}

export type PrintCopyWork = { make: string } | { remove: string } | null;

/**
 * What a change of a stored item asks of the print copies: a finding photo newly stored without a
 * copy gets one made from its original (`make`: the original's key); a removed photo's copy goes
 * with it (`remove`: the copy's key). A photo changed in place (turned, annotated, or its copy
 * recorded) asks nothing: rotation and marks are applied when the report is printed.
 */
export function printCopyWorkOf(
  before: StoredPhoto | undefined,
  after: StoredPhoto | undefined,
): PrintCopyWork {
  if (after && !before) {
    if (after.type !== 'FindingImage' || typeof after.objectKey !== 'string' || after.printKey) return null;
    return { make: after.objectKey };
  }
  if (before && !after) {
    if (before.type !== 'FindingImage' || typeof before.objectKey !== 'string') return null;
    return { remove: printKeyOf(before.objectKey) };
  }
  return null;
}
