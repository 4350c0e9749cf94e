import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { printCopyWorkOf } from '@stormline/domain/print-photos';
import { getTableDb } from '../lib/deps';
import { fileStoreOf } from '../lib/file-store';
import { storePrintCopy, UnprintablePhotoError } from '../lib/print-copy';
import type { StreamBatchResult, StreamEvent, StreamRecord } from './stream-event';

const image = (value: Record<string, AttributeValue> | undefined) =>
  value ? (unmarshall(value) as Record<string, unknown>) : undefined;

/**
 * The print copies stream handler (issue 22, docs/decisions/0045): a finding photo stored without
 * a print copy gets one, made from its original off the request path (a 12-megapixel decode takes
 * a few hundred milliseconds and sharp's native build would break the upload route's bundle
 * budget), however it was stored: the upload route, the demo seed, an import. A removed photo's
 * copy is removed. A photo that cannot be decoded is logged and left without a copy (reports
 * print its original); any other failure hands the batch back from that record to be retried
 * (making a copy again overwrites the same object).
 */
export async function handler(event: StreamEvent): Promise<StreamBatchResult> {
  const db = getTableDb();
  for (const record of event.Records) {
    try {
      await applyRecord({ db }, record);
    } catch (error) {
      console.error('print copies: a stream record was not applied', error);
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
}

async function applyRecord(deps: { db: ReturnType<typeof getTableDb> }, record: StreamRecord) {
  const before = image(record.dynamodb?.OldImage);
  const after = image(record.dynamodb?.NewImage);
  const work = printCopyWorkOf(before, after);
  if (!work) return;
  if ('remove' in work) {
    await fileStoreOf(deps).remove(work.remove);
    return;
  }
  const photo = {
    divisionId: after!.divisionId as string,
    findingId: after!.findingId as string,
    id: after!.id as string,
    objectKey: work.make,
  };
  try {
    await storePrintCopy(deps, photo);
  } catch (error) {
    if (!(error instanceof UnprintablePhotoError)) throw error;
    // Retrying cannot help: the report prints this photo from its original.
    console.error('print copies: a finding photo has no print copy; reports print its original', {
      ...photo,
      reason: error.message,
    });
  }
}
