import type { TransactionStep } from '@stormline/data/transact';
import { claimUpload, releaseUpload, uploadRecordedStep, type UploadClaim } from '@stormline/data/documents';
import type { Db } from '@stormline/data/dynamo';
import type { UploadTicket } from './upload-ticket';

/**
 * Records uploads once: each is claimed (claimUpload) before `record` reads or moves its file, so
 * of two requests recording the same upload at once one records it and the other answers 409
 * with nothing written and the file left to the first. Claims are taken in the tickets' order.
 * `record` puts the steps it is given in the transaction that records the uploads, so they are
 * marked added in the same write; if `record` fails, or a later claim is taken, the claims already
 * held are given back, so the same upload can be tried again (its file permitting). A claim is a
 * short lease until then: one left by a request that crashed midway frees the upload in minutes.
 */
export async function recordOnce<T>(
  db: Db,
  tickets: readonly UploadTicket[],
  now: Date,
  record: (recordedSteps: TransactionStep[]) => Promise<T>,
): Promise<T> {
  const claimed: UploadClaim[] = [];
  try {
    for (const ticket of tickets) claimed.push(await claimUpload(db, ticket.key, now));
    return await record(claimed.map((claim) => uploadRecordedStep(db, claim)));
  } catch (error) {
    await Promise.all(
      claimed.map((claim) =>
        releaseUpload(db, claim).catch((failure: unknown) => {
          console.warn('An upload claim could not be given back; its lease ends in minutes', { failure });
        }),
      ),
    );
    throw error;
  }
}
