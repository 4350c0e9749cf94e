import { claimUpload, releaseUpload } from '@stormline/data/documents';
import type { Db } from '@stormline/data/dynamo';
import type { UploadTicket } from './upload-ticket';

/**
 * Records uploads once: each is claimed (claimUpload) before `record` reads or moves its file, so
 * of two requests recording the same upload at once one records it and the other answers 409
 * with nothing written and the file left to the first. Claims are taken in the tickets' order;
 * if `record` fails, or a later claim is taken, the claims already held are given back, so the
 * same upload can be tried again (its file permitting).
 */
export async function recordOnce<T>(
  db: Db,
  tickets: readonly UploadTicket[],
  now: Date,
  record: () => Promise<T>,
): Promise<T> {
  const claimed: string[] = [];
  try {
    for (const ticket of tickets) {
      await claimUpload(db, ticket.key, now);
      claimed.push(ticket.key);
    }
    return await record();
  } catch (error) {
    await Promise.all(
      claimed.map((key) =>
        releaseUpload(db, key).catch((failure: unknown) => {
          console.warn('An upload claim could not be given back; it expires in a day', { failure });
        }),
      ),
    );
    throw error;
  }
}
