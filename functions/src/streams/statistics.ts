import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { applyStatisticsRecord, statisticsSourceOf } from '@stormline/data/statistics';
import { getTableDb } from '../lib/deps';
import type { StreamBatchResult, StreamEvent, StreamRecord } from './stream-event';

const image = (value: Record<string, AttributeValue> | undefined) =>
  value ? (unmarshall(value) as Record<string, unknown>) : undefined;

/**
 * The statistics stream handler (docs/decisions/0019): each inspection, finding, carry-over and
 * missed inspection written or deleted moves its project's counters. Records are applied in
 * order; on a failure the rest of the batch is handed back from that record (the ledger makes a
 * second delivery of the ones already applied change nothing).
 */
export async function handler(event: StreamEvent): Promise<StreamBatchResult> {
  const db = getTableDb();
  for (const record of event.Records) {
    try {
      await applyRecord(db, record);
    } catch (error) {
      console.error('statistics: a stream record was not applied', error);
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
}

async function applyRecord(db: Parameters<typeof applyStatisticsRecord>[0], record: StreamRecord) {
  const before = image(record.dynamodb?.OldImage);
  const after = image(record.dynamodb?.NewImage);
  const was = statisticsSourceOf(before);
  const now = statisticsSourceOf(after);
  const counted = now ?? was;
  const item = after ?? before;
  if (!counted || !item || !record.dynamodb?.SequenceNumber) return;
  await applyStatisticsRecord(db, {
    divisionId: item.divisionId as string,
    projectId: counted.projectId,
    sourceKey: `${item.pk as string}|${item.sk as string}`,
    sequence: BigInt(record.dynamodb.SequenceNumber),
    source: now,
  });
}
