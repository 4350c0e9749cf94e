import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './dynamo';
import { readPartition } from './read-partition';
import { TTL_ATTRIBUTE } from './table';

/**
 * A connection's subscription to a realtime channel (a document's conversion status, its
 * annotations). Two items, as connections are kept: one in the channel's partition, which a push
 * reads, one in the connection's, which its $disconnect clears. They outlive no connection: the same
 * three hours' expiry, and a push that finds the connection gone forgets it.
 */
const inChannel = (channel: string, connectionId: string) => ({
  pk: `CHANNEL#${channel}`,
  sk: `CONNECTION#${connectionId}`,
});
const ofConnection = (connectionId: string, channel: string) => ({
  pk: `CONNECTION#${connectionId}`,
  sk: `CHANNEL#${channel}`,
});

const SUBSCRIPTION_HOURS = 3;

/** The channels a connection may hold at once: a screen holds one or two; a runaway client no more. */
export const MAX_CHANNELS_PER_CONNECTION = 20;

export interface Subscription {
  channel: string;
  connectionId: string;
  userId: string;
  /** The division it was allowed in: each push checks the connection may still hear it there. */
  divisionId: string;
}

export async function subscribe(db: Db, subscription: Subscription, now: Date): Promise<void> {
  const fields = {
    type: 'Subscription',
    ...subscription,
    [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + SUBSCRIPTION_HOURS * 60 * 60,
  };
  // Both written, not in a transaction: the channel's item is what a push reads; the connection's is
  // only for clearing, and a leftover channel item is forgotten at the first push that finds it gone.
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: { ...ofConnection(subscription.connectionId, subscription.channel), ...fields },
    }),
  );
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: { ...inChannel(subscription.channel, subscription.connectionId), ...fields },
    }),
  );
}

export async function unsubscribe(db: Db, connectionId: string, channel: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: inChannel(channel, connectionId) }));
  await db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: ofConnection(connectionId, channel) }));
}

/** The channels a connection holds (bounded by MAX_CHANNELS_PER_CONNECTION). */
export async function channelsOf(db: Db, connectionId: string): Promise<string[]> {
  return (await readPartition(db, `CONNECTION#${connectionId}`, 'CHANNEL#', 'channel')).map(
    (item) => item.channel as string,
  );
}

/** Clears every subscription of a connection (its $disconnect). */
export async function forgetSubscriptions(db: Db, connectionId: string): Promise<void> {
  for (const channel of await channelsOf(db, connectionId)) await unsubscribe(db, connectionId, channel);
}

/**
 * The connections subscribed to a channel, read a page at a time: a document's viewers at this
 * moment, not a list that grows with stored rows.
 */
export async function* subscribersOf(db: Db, channel: string): AsyncGenerator<Subscription> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `CHANNEL#${channel}` },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? [])
      yield {
        channel,
        connectionId: item.connectionId as string,
        userId: item.userId as string,
        divisionId: item.divisionId as string,
      };
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}
