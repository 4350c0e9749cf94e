import { failConversion, getConversion, pageFileKeys } from '@stormline/data/site-maps';
import { CONVERSION_MESSAGES, MAX_SITE_MAP_PAGES } from '@stormline/domain/site-maps';
import { getTableDb } from '../../lib/deps';
import { fileStoreOf } from '../../lib/file-store';
import { postProgress } from './conversion-task';
import type { ConversionInput } from './conversion-task';

/** What a state's Catch hands on: the error's name and its cause (Lambda: a JSON error body). */
interface CaughtError {
  Error?: string;
  Cause?: string;
}

/** The reason the user reads: a refusal's own message, anything else the general one. */
export function failureMessage(error: CaughtError | undefined): string {
  if (error?.Error !== 'ConversionRefused') return CONVERSION_MESSAGES.failed;
  const cause = error.Cause ?? '';
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: unknown };
    if (typeof parsed.errorMessage === 'string') return parsed.errorMessage;
  } catch {
    // Not a Lambda error body: the local runner passes the message itself.
  }
  return cause || CONVERSION_MESSAGES.failed;
}

/**
 * The RecordFailure state (every state's Catch): the conversion ends in error with the reason,
 * and its page items and page files are removed, so no half-made page is left behind. A
 * conversion superseded meanwhile only loses its own pages; the newer one goes on.
 */
export async function handler(
  input: ConversionInput & { error?: CaughtError },
): Promise<{ message: string }> {
  const db = getTableDb();
  const message = failureMessage(input.error);
  if (message === CONVERSION_MESSAGES.failed) console.error('Conversion failed', { input });
  const before = await getConversion(db, input.divisionId, input.uploadId);
  const failed = await failConversion(db, input, message, new Date());
  const shown = before?.pagesConversionId === input.conversionId;
  if (!shown) {
    // Fixed keys: files a render stored before it failed are found without listing the bucket.
    // No page is rendered before the count (total); a superseded conversion's count is gone with it.
    const total = before?.conversionId === input.conversionId ? before.total : MAX_SITE_MAP_PAGES;
    const store = fileStoreOf({ db });
    const keys = Array.from({ length: total }, (_, i) =>
      pageFileKeys(input.uploadId, input.conversionId, i + 1),
    );
    for (let i = 0; i < keys.length; i += 10)
      await Promise.all(
        keys.slice(i, i + 10).flatMap((k) => [store.remove(k.image), store.remove(k.thumbnail)]),
      );
  }
  if (failed) await postProgress(db, failed);
  return { message };
}
