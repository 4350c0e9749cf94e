import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '@stormline/data/dynamo';
import { keys } from '@stormline/data/keys';
import { backfillPrintCopies } from '@stormline/functions/lib/print-copies-backfill';

/** Marks the store as holding a print copy of every photo it had (a fresh seed, or a backfill done). */
export async function markPrintCopiesBackfilled(db: Db): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: { ...keys.printCopiesBackfilled(), type: 'PrintCopiesBackfilled', at: new Date().toISOString() },
    }),
  );
}

/**
 * A kept store written before print copies existed (docs/decisions/0045) gets the copies of its
 * finding photos once, when `npm start` opens it: in the background, as the product starts (a
 * store of camera photos takes about a third of a second a photo, and a photo without its copy
 * prints from its original meanwhile). The stream reader cannot do it: DynamoDB Local keeps a
 * day of stream records. A failed run is reported and tried again on the next start.
 */
export async function backfillPrintCopiesOnce(db: Db): Promise<void> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.printCopiesBackfilled(), ConsistentRead: true }),
  );
  if (Item) return;
  try {
    const counts = await backfillPrintCopies({ db });
    await markPrintCopiesBackfilled(db);
    if (counts.made > 0 || counts.unprintable > 0)
      console.log(
        `Made print copies of ${counts.made} finding photos stored by an older version` +
          (counts.unprintable
            ? ` (${counts.unprintable} could not be decoded and print from their originals).`
            : '.'),
      );
  } catch (error) {
    console.error(
      'The print copies of older finding photos could not all be made; the next start tries again.',
      error,
    );
  }
}
