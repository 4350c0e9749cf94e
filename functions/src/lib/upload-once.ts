import { claimUpload, markUploadRecorded, releaseUpload } from '@stormline/data/documents';
import type { Db } from '@stormline/data/dynamo';
import type { UploadTicket } from './upload-ticket';

/**
 * Records uploads once: each is claimed (claimUpload) before `record` reads or moves its file, so
 * of two requests recording the same upload at once one records it and the other answers 409
 * with nothing written and the file left to the first. Claims are taken in the tickets' order;
 * if `record` fails, or a later claim is taken, the claims already held are given back, so the
 * same upload can be tried again (its file permitting). A claim is a short lease until the upload
 * is recorded, so one left by a request that crashed midway frees the upload within minutes.
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
    const recorded = await record();
    await Promise.all(
      claimed.map((key) =>
        markUploadRecorded(db, key).catch((failure: unknown) => {
          // The file has moved already, so a resubmit still records nothing; it is told less kindly.
          console.warn('A recorded upload claim could not be kept; its lease ends in minutes', { failure });
        }),
      ),
    );
    return recorded;
  } catch (error) {
    await Promise.all(
      claimed.map((key) =>
        releaseUpload(db, key).catch((failure: unknown) => {
          console.warn('An upload claim could not be given back; its lease ends in minutes', { failure });
        }),
      ),
    );
    throw error;
  }
}
