import { randomUUID } from 'node:crypto';
import type { FindingImageRecord, FindingRecord } from '@stormline/data/findings';
import { findingImageCountStep, findingImagePutStep, listFindingImages } from '@stormline/data/findings';
import type { TransactionStep } from '@stormline/data/transact';
import { transact } from '@stormline/data/transact';
import { ValidationError } from '@stormline/domain/errors';
import {
  FINDING_IMAGE_LIMITS,
  FINDING_IMAGE_MESSAGES,
  FINDING_THUMBNAIL_LIMITS,
  FINDING_THUMBNAIL_SIDE,
  isImageType,
} from '@stormline/domain/uploads';
import type { Caller } from './authenticate';
import type { Deps } from './deps';
import { checkPendingFile, keepFile } from './file-check';
import { fileStoreOf } from './file-store';
import { recordOnce } from './upload-once';
import { readUploadTicket } from './upload-ticket';

/** How long an image link works: long enough to look through a finding, short enough to leak little. */
const IMAGE_URL_SECONDS = 15 * 60;

export function findingImageView(image: FindingImageRecord, url: string, thumbnailUrl: string) {
  return {
    id: image.id,
    name: image.name,
    mime_type: image.mime_type,
    rotation: image.rotation,
    annotations: image.annotations as never,
    width: image.width,
    height: image.height,
    url,
    thumbnailUrl,
    uploadedAt: image.uploadedAt,
  };
}

async function linked(deps: Deps, image: FindingImageRecord) {
  const store = fileStoreOf(deps);
  const [url, thumbnailUrl] = await Promise.all([
    store.presignGet(image.objectKey, IMAGE_URL_SECONDS, {
      fileName: image.name,
      contentType: image.mime_type,
      inline: true,
    }),
    store.presignGet(image.thumbnailKey, IMAGE_URL_SECONDS, {
      fileName: `thumbnail-${image.name}`,
      contentType: 'image/jpeg',
      inline: true,
    }),
  ]);
  return findingImageView(image, url, thumbnailUrl);
}

/** A finding's photos with short-lived links (the caller decides whether they may be shown). */
export async function findingImagesOf(deps: Deps, finding: FindingRecord) {
  const images = await listFindingImages(deps.db, finding.divisionId, finding.id);
  return Promise.all(images.map((image) => linked(deps, image)));
}

export async function findingImageLinks(deps: Deps, image: FindingImageRecord) {
  return linked(deps, image);
}

/**
 * Records photos sent straight to storage (0018): each ticket the caller's in this division; the
 * photo's type sniffed from its bytes (png or jpeg) and its size at least 20 x 20; the thumbnail
 * the browser made an image within 220 px. Files are kept under their own keys, then the rows,
 * the count and `also` go in one transaction; on a refusal nothing is recorded and the files go.
 */
export async function recordFindingImages(
  deps: Deps,
  caller: Caller,
  finding: FindingRecord,
  uploads: readonly {
    upload: string;
    thumbnail: string;
    rotation?: number;
    annotations?: FindingImageRecord['annotations'];
  }[],
  also: TransactionStep[],
): Promise<FindingImageRecord[]> {
  const now = deps.now();
  const store = fileStoreOf(deps);
  const who = { userId: caller.user.id, divisionId: finding.divisionId };
  const tickets = uploads.map((u) => ({
    photo: readUploadTicket(u.upload, deps.jwtSecret, who, now),
    thumbnail: readUploadTicket(u.thumbnail, deps.jwtSecret, who, now),
    input: u,
  }));
  const claims = tickets.flatMap(({ photo, thumbnail }) => [photo, thumbnail]);
  return recordOnce(deps.db, claims, now, async (recorded) => {
    const kept: string[] = [];
    const images: FindingImageRecord[] = [];
    const steps: TransactionStep[] = [];
    try {
      for (const { photo, thumbnail, input } of tickets) {
        const file = await checkPendingFile(store, photo, FINDING_IMAGE_LIMITS);
        if (!isImageType(file.mimeType)) {
          await store.remove(photo.key);
          throw new ValidationError(FINDING_IMAGE_MESSAGES.notAPhoto(photo.fileName));
        }
        const thumb = await checkPendingFile(store, thumbnail, FINDING_THUMBNAIL_LIMITS).catch(() => {
          throw new ValidationError(FINDING_IMAGE_MESSAGES.thumbnail);
        });
        if (
          !isImageType(thumb.mimeType) ||
          (thumb.width ?? 0) > FINDING_THUMBNAIL_SIDE ||
          (thumb.height ?? 0) > FINDING_THUMBNAIL_SIDE
        ) {
          await store.remove(thumbnail.key);
          throw new ValidationError(FINDING_IMAGE_MESSAGES.thumbnail);
        }
        const id = randomUUID();
        const objectKey = await keepFile(store, photo, id);
        kept.push(objectKey);
        const thumbnailKey = await keepFile(store, thumbnail, `${id}-thumbnail`);
        kept.push(thumbnailKey);
        const image: FindingImageRecord = {
          id,
          findingId: finding.id,
          name: photo.fileName,
          mime_type: file.mimeType,
          objectKey,
          thumbnailKey,
          width: file.width!,
          height: file.height!,
          rotation: input.rotation ?? 0,
          annotations: input.annotations ?? [],
          uploadedAt: now.toISOString(),
          uploadedBy: caller.user.id,
          version: 0,
        };
        images.push(image);
        steps.push(findingImagePutStep(deps.db, finding.divisionId, image));
      }
      await transact(deps.db, [
        ...steps,
        findingImageCountStep(deps.db, finding.divisionId, finding.id, images.length),
        ...also,
        ...recorded,
      ]);
      return images;
    } catch (error) {
      await Promise.all(kept.map((key) => store.remove(key).catch(() => undefined)));
      throw error;
    }
  });
}
