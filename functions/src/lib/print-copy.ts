import sharp from 'sharp';
import { recordFindingImagePrintKey, storedPrintKeyOf } from '@stormline/data/findings';
import { PRINT_PHOTO_MAX_SIDE, PRINT_PHOTO_QUALITY, printKeyOf } from '@stormline/domain/print-photos';
import type { Deps } from './deps';
import { fileStoreOf } from './file-store';

// One photo at a time per process and no decoded-image cache: a stream Lambda handles photos one
// after another, and libvips' cache would only hold 12-megapixel pixels it never reads again.
sharp.cache(false);
sharp.concurrency(1);

/** The original could not be decoded (not an image, or a truncated one): no copy can ever be made. */
export class UnprintablePhotoError extends Error {}

/**
 * The print copy of a photo (docs/decisions/0045): turned upright by its EXIF orientation, which
 * is then dropped with the rest of the metadata (a camera's GPS position and serial number have
 * no place in a report), fitted in PRINT_PHOTO_MAX_SIDE, a JPEG at PRINT_PHOTO_QUALITY from mozjpeg's
 * encoder (a quarter smaller than libjpeg's at the same quality: it is what keeps 100 photos in 20 MB).
 * The photo's own `rotation` is not applied here: a person may still turn it, and the report
 * applies it when it prints.
 */
export async function makePrintCopy(original: Uint8Array): Promise<Uint8Array> {
  try {
    // Refused at libjpeg's first warning (bad Huffman data, a truncated file): a photo decoded
    // half grey would print worse than its original, which the report then falls back to.
    return await sharp(original, { failOn: 'warning' })
      .rotate()
      .resize(PRINT_PHOTO_MAX_SIDE, PRINT_PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: PRINT_PHOTO_QUALITY, mozjpeg: true })
      .toBuffer();
  } catch (error) {
    throw new UnprintablePhotoError(`The photo could not be decoded: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

export interface StoredPhoto {
  divisionId: string;
  findingId: string;
  id: string;
  objectKey: string;
}

/**
 * Makes and records one photo's print copy from its original in the bucket, once: answers its
 * key (the one already recorded, if any), or null when the photo (or its original) went, in which
 * case no copy is left behind. An original that cannot be decoded throws UnprintablePhotoError.
 */
export async function storePrintCopy(deps: Pick<Deps, 'db'>, photo: StoredPhoto): Promise<string | null> {
  // A stream replayed from its oldest record (a restart on one machine) brings old photos again.
  const recorded = await storedPrintKeyOf(deps.db, photo.divisionId, photo.findingId, photo.id);
  if (recorded !== null) return recorded ?? null;
  const store = fileStoreOf(deps);
  const size = await store.size(photo.objectKey);
  if (size === null) return null;
  const copy = await makePrintCopy(await store.readRange(photo.objectKey, 0, size - 1));
  const printKey = printKeyOf(photo.objectKey);
  await store.put(printKey, copy, 'image/jpeg');
  if (await recordFindingImagePrintKey(deps.db, photo.divisionId, photo.findingId, photo.id, printKey))
    return printKey;
  await store.remove(printKey);
  return null;
}
