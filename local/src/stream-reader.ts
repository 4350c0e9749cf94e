import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import type { Shard } from '@aws-sdk/client-dynamodb-streams';
import type { StreamBatchResult, StreamEvent, StreamRecord } from '@stormline/functions/streams/stream-event';

export type StreamHandler = (event: StreamEvent) => Promise<StreamBatchResult>;

interface ShardState {
  iterator: string | undefined;
  /** Records handed back by a handler, delivered again before anything newer. */
  pending: StreamRecord[];
  done: boolean;
}

export interface StreamReader {
  /** Resolves once every record written so far has been handed to the handlers. */
  drained(): Promise<void>;
  stop(): Promise<void>;
}

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/**
 * What the Lambda event source mapping does in the cloud, on one machine: reads DynamoDB Local's
 * stream of the table, shard by shard (a child after its parent), and calls the stream handlers
 * with the same events, in order. A record a handler hands back is delivered again on the next
 * round. Reading starts from the oldest record kept (TRIM_HORIZON): the handlers' ledgers make a
 * record seen before change nothing, so a restart never loses what happened while stopped.
 */
export async function startStreamReader(options: {
  endpoint: string;
  tableName: string;
  handlers: StreamHandler[];
  /**
   * Where reading starts in the shards open now, as an event source mapping's starting position:
   * TRIM_HORIZON (every record kept: the statistics, whose ledger makes a replay harmless) or
   * LATEST (what happens from now on: notifications, so a restart does not announce the past
   * again). Shards that open later are read from their start either way.
   */
  startingPosition?: 'TRIM_HORIZON' | 'LATEST';
  intervalMs?: number;
}): Promise<StreamReader> {
  const config = { endpoint: options.endpoint, region: 'us-east-1', credentials };
  const table = new DynamoDBClient(config);
  const streams = new DynamoDBStreamsClient(config);
  const described = await table.send(new DescribeTableCommand({ TableName: options.tableName }));
  const streamArn = described.Table?.LatestStreamArn;
  table.destroy();
  if (!streamArn) throw new Error(`The table ${options.tableName} has no stream`);

  const shards = new Map<string, ShardState>();
  let stopped = false;
  let firstPass = true;

  const readable = (shard: Shard, all: Shard[]) =>
    !shard.ParentShardId ||
    shards.get(shard.ParentShardId)?.done === true ||
    !all.some((s) => s.ShardId === shard.ParentShardId);

  /** One pass over every shard; answers whether any record was delivered. */
  async function pass(): Promise<boolean> {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    const all = StreamDescription?.Shards ?? [];
    let delivered = false;
    for (const shard of all) {
      const id = shard.ShardId!;
      let state = shards.get(id);
      if (state?.done || !readable(shard, all)) continue;
      if (!state) {
        const { ShardIterator } = await streams.send(
          new GetShardIteratorCommand({
            StreamArn: streamArn,
            ShardId: id,
            ShardIteratorType: firstPass ? (options.startingPosition ?? 'TRIM_HORIZON') : 'TRIM_HORIZON',
          }),
        );
        state = { iterator: ShardIterator, pending: [], done: false };
        shards.set(id, state);
      }
      if (state.pending.length === 0 && state.iterator) {
        try {
          const page = await streams.send(new GetRecordsCommand({ ShardIterator: state.iterator }));
          state.pending = (page.Records ?? []) as StreamRecord[];
          state.iterator = page.NextShardIterator;
        } catch (error) {
          // An iterator that expired or points at trimmed records: read the shard again from its
          // oldest record on the next pass (the ledgers make what was applied change nothing).
          shards.delete(id);
          throw error;
        }
      }
      if (state.pending.length > 0) {
        delivered = true;
        state.pending = await deliver(state.pending);
      }
      if (!state.iterator && state.pending.length === 0) state.done = true;
    }
    firstPass = false;
    return delivered;
  }

  /** Hands the records to each handler; answers those to deliver again (from the first failure). */
  async function deliver(records: StreamRecord[]): Promise<StreamRecord[]> {
    let again = records.length;
    for (const handler of options.handlers) {
      const { batchItemFailures } = await handler({ Records: records });
      for (const failure of batchItemFailures) {
        const at = records.findIndex((r) => r.dynamodb?.SequenceNumber === failure.itemIdentifier);
        if (at >= 0) again = Math.min(again, at);
      }
    }
    return records.slice(again === records.length ? records.length : again);
  }

  // One pass at a time: the loop and drained() share the shards' iterators.
  let queue: Promise<unknown> = Promise.resolve();
  const serialPass = (): Promise<boolean> => {
    const next = queue.then(pass).catch((error: unknown) => {
      if (!stopped) console.error('stream reader:', error);
      return false;
    });
    queue = next;
    return next;
  };

  const loop = async () => {
    while (!stopped) {
      const delivered = await serialPass();
      if (!delivered && !stopped) await new Promise((r) => setTimeout(r, options.intervalMs ?? 200));
    }
  };
  const running = loop();

  return {
    async drained() {
      // Passes until one delivers nothing: everything written before the call has been handled.
      while (await serialPass()) {
        /* keep going */
      }
    },
    async stop() {
      stopped = true;
      await running;
      streams.destroy();
    },
  };
}
