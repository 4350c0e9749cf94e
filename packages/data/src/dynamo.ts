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

/** DynamoDB Local answers single-item writes with a bare CapacityUnits; the command says which kind it was. */
const WRITE_COMMANDS = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'BatchWriteItemCommand',
  'TransactWriteItemsCommand',
]);

function addCapacity(commandName: string, consumed: ConsumedCapacity | ConsumedCapacity[] | undefined): void {
  const tally = capacityTally.getStore();
  if (!tally || !consumed) return;
  const isWrite = WRITE_COMMANDS.has(commandName);
  for (const entry of Array.isArray(consumed) ? consumed : [consumed]) {
    if (entry.ReadCapacityUnits === undefined && entry.WriteCapacityUnits === undefined) {
      if (isWrite) tally.write += entry.CapacityUnits ?? 0;
      else tally.read += entry.CapacityUnits ?? 0;
      continue;
    }
    tally.read += entry.ReadCapacityUnits ?? 0;
    tally.write += entry.WriteCapacityUnits ?? 0;
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
    (next, context) => async (args) => {
      const input = args.input as { ReturnConsumedCapacity?: string };
      input.ReturnConsumedCapacity ??= 'TOTAL';
      const result = await next(args);
      const output = result.output as { ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[] };
      addCapacity(context.commandName ?? '', output.ConsumedCapacity);
      return result;
    },
    { step: 'initialize', name: 'consumedCapacityTally' },
  );
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return { doc, tableName: options.tableName };
}
