import { randomUUID } from 'node:crypto';
import { imageSize } from 'image-size';
import { filetypeinfo } from 'magic-bytes.js';
import { ValidationError } from '@stormline/domain/errors';
import { isAllowedMimeType, isImageType, maxBytes, uploadProblem } from '@stormline/domain/uploads';
import type { UploadLimits } from '@stormline/domain/uploads';
import type { FileStore } from './file-store';
import type { UploadTicket } from './upload-ticket';

/** What arrived, as its bytes say: the type by content, never by the name it was sent under. */
export interface CheckedFile {
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
}

/** Enough of the file's start to tell its type and, nearly always, an image's size. */
const HEAD_BYTES = 64 * 1024;

function sniff(bytes: Uint8Array): string | null {
  const types = filetypeinfo(bytes).map((t) => t.mime);
  return types.find((mime) => isAllowedMimeType(mime)) ?? types[0] ?? null;
}

function dimensions(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const { width, height } = imageSize(bytes);
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

/**
 * Checks the file of an upload in the bucket (size, type by content, image dimensions) against
 * the route's limits. A refused file is deleted at once, so nothing of it is left behind, and the
 * spec's message is the 400's. Nothing is recorded here.
 */
export async function checkPendingFile(
  store: FileStore,
  ticket: UploadTicket,
  limits: UploadLimits,
): Promise<CheckedFile> {
  const size = await store.size(ticket.key);
  if (size === null || size === 0)
    throw new ValidationError('An error has occurred. The document failed to upload');
  const refuse = async (message: string): Promise<never> => {
    await store.remove(ticket.key);
    throw new ValidationError(message);
  };
  const name = ticket.fileName;
  if (size > maxBytes(limits)) return refuse(uploadProblem({ name, size, mimeType: null }, limits)!);
  const head = await store.readRange(ticket.key, 0, HEAD_BYTES - 1);
  const mimeType = sniff(head);
  let size2d = mimeType && isImageType(mimeType) ? dimensions(head) : null;
  // A JPEG's size can sit behind a large EXIF block: read the whole (size-limited) image then.
  if (mimeType && isImageType(mimeType) && !size2d && size > HEAD_BYTES)
    size2d = dimensions(await store.readRange(ticket.key, 0, size - 1));
  const file = { name, size, mimeType, width: size2d?.width ?? null, height: size2d?.height ?? null };
  const problem = uploadProblem(file, limits);
  if (problem) return refuse(problem);
  return { mimeType: mimeType!, size, width: file.width, height: file.height };
}

/**
 * Moves a checked file from pending/ to its document's own key (the lifecycle rule clears
 * pending/), and answers that key.
 */
export async function keepFile(store: FileStore, ticket: UploadTicket, uploadId: string): Promise<string> {
  const key = `files/${uploadId}/${randomUUID()}`;
  // Gone meanwhile: the same upload was recorded (or refused) by another request.
  if (!(await store.copy(ticket.key, key)))
    throw new ValidationError('An error has occurred. The document failed to upload');
  // Best effort: a request racing this one may be deleting the same pending file (s3rver then
  // answers 500), and the bucket's pending/ lifecycle rule clears whatever is left.
  await store.remove(ticket.key).catch((error: unknown) => {
    console.warn('The pending upload could not be removed; the lifecycle rule will', { error });
  });
  return key;
}
