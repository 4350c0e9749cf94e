import { AsyncLocalStorage } from 'node:async_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface Db {
  doc: DynamoDBDocumentClient;
  tableName: string;
}

export interface CapacityTally {
  read: number;
  write: number;
}

/**
 * Every request asks DynamoDB for its consumed capacity; when a caller (the benchmark, through the
 * local gateway) opens a tally, the units of all calls made inside it are summed there.
 */
export const capacityTally = new AsyncLocalStorage<CapacityTally>();

function addCapacity(consumed: ConsumedCapacity | ConsumedCapacity[] | undefined): void {
  const tally = capacityTally.getStore();
  if (!tally || !consumed) return;
  for (const entry of Array.isArray(consumed) ? consumed : [consumed]) {
    tally.read += entry.ReadCapacityUnits ?? 0;
    tally.write += entry.WriteCapacityUnits ?? 0;
    // DynamoDB Local reports only CapacityUnits for some calls.
    if (entry.ReadCapacityUnits === undefined && entry.WriteCapacityUnits === undefined) {
      tally.read += entry.CapacityUnits ?? 0;
    }
  }
}

export function createDb(options: { tableName: string; endpoint?: string; region?: string }): Db {
  const client = new DynamoDBClient({
    region: options.region ?? 'us-east-1',
    ...(options.endpoint
      ? { endpoint: options.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  client.middlewareStack.add(
    (next) => async (args) => {
      const input = args.input as { ReturnConsumedCapacity?: string };
      input.ReturnConsumedCapacity ??= 'TOTAL';
      const result = await next(args);
      addCapacity((result.output as { ConsumedCapacity?: ConsumedCapacity }).ConsumedCapacity);
      return result;
    },
    { step: 'initialize', name: 'consumedCapacityTally' },
  );
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return { doc, tableName: options.tableName };
}
