import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac, randomBytes } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TableAccess } from '@stormline/contract/route';
import { CACHE_PARTITION_PREFIX, TABLE_KEYS } from './table';

export interface Db {
  doc: DynamoDBDocumentClient;
  tableName: string;
  /** Signs list cursors (paging.ts); derived from the server's secret, random when none is given. */
  cursorKey: Buffer;
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

/**
 * What the running route may do to the table. In the cloud a GET route's role grants reads only,
 * or reads and putting its cache's items (infra's bindTable); the local gateway runs each handler
 * inside this store with the same rule, so a GET that writes fails on one machine exactly as it
 * would in AWS.
 */
export const tableAccess = new AsyncLocalStorage<TableAccess>();

/** DynamoDB Local answers single-item writes with a bare CapacityUnits; the command says which kind it was. */
const WRITE_COMMANDS = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'BatchWriteItemCommand',
  'TransactWriteItemsCommand',
]);

/** The partition key a PutItem writes, whether the document client has marshalled it yet or not. */
function putPartitionKey(input: unknown): unknown {
  const value = (input as { Item?: Record<string, unknown> }).Item?.[TABLE_KEYS.partitionKey];
  return typeof value === 'object' && value !== null ? (value as { S?: unknown }).S : value;
}

/** The rule `access` breaks by running the command, as IAM would refuse it; undefined when it may run. */
function brokenRule(
  access: TableAccess | undefined,
  commandName: string,
  input: unknown,
): string | undefined {
  if (access === undefined || access === 'readwrite' || !WRITE_COMMANDS.has(commandName)) return undefined;
  if (access === 'read') return 'only read the table';
  const prefix = CACHE_PARTITION_PREFIX[access.cache];
  const key = putPartitionKey(input);
  if (commandName === 'PutItemCommand' && typeof key === 'string' && key.startsWith(prefix)) return undefined;
  return `only read the table and put ${prefix} items`;
}

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

export function createDb(options: {
  tableName: string;
  endpoint?: string;
  region?: string;
  /** The server secret the cursor key is derived from; a process without one pages with a random key. */
  secret?: string;
}): Db {
  const client = new DynamoDBClient({
    region: options.region ?? 'us-east-1',
    ...(options.endpoint
      ? { endpoint: options.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const commandName = context.commandName ?? '';
      const rule = brokenRule(tableAccess.getStore(), commandName, args.input);
      if (rule) {
        throw Object.assign(
          new Error(
            `AccessDeniedException: this route may ${rule} (${commandName.replace(/Command$/, '')} refused, as IAM refuses it in the cloud)`,
          ),
          { name: 'AccessDeniedException' },
        );
      }
      const input = args.input as { ReturnConsumedCapacity?: string };
      input.ReturnConsumedCapacity ??= 'TOTAL';
      const result = await next(args);
      const output = result.output as { ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[] };
      addCapacity(commandName, output.ConsumedCapacity);
      return result;
    },
    { step: 'initialize', name: 'consumedCapacityTally' },
  );
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return {
    doc,
    tableName: options.tableName,
    cursorKey: options.secret ? cursorKeyFrom(options.secret) : randomBytes(32),
  };
}

/** The key that signs list cursors, derived from the server secret (never the secret itself). */
export function cursorKeyFrom(secret: string): Buffer {
  return createHmac('sha256', secret).update('stormline list cursors').digest();
}
