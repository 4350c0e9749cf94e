import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './dynamo';
import { readPartition } from './read-partition';
import { TTL_ATTRIBUTE } from './table';
import { deleteStep, putStep, transact } from './transact';

/**
 * A realtime (WebSocket) connection of a signed-in user, with the token it was opened with, so
 * signing that token out closes it; API Gateway drops idle ones after 10 minutes, all after 2 hours.
 */
export interface Connection {
  connectionId: string;
  userId: string;
  /** The `jti` of the session token the connection was opened with. */
  tokenId: string;
  connectedAt: string;
}

/**
 * Two items a connection, written and deleted together: one by its id ($disconnect knows only
 * that), one in the user's partition, so the user's connections are a consistent Query. An index
 * would lag: a socket opened a moment before a password reset could be missed and stay open.
 */
const byId = (connectionId: string) => ({ pk: `CONNECTION#${connectionId}`, sk: 'CONNECTION' });
const ofUser = (userId: string, connectionId: string) => ({
  pk: `USER#${userId}`,
  sk: `CONNECTION#${connectionId}`,
});

export async function saveConnection(db: Db, connection: Connection): Promise<void> {
  const fields = {
    type: 'Connection',
    ...connection,
    [TTL_ATTRIBUTE]: Math.floor(Date.parse(connection.connectedAt) / 1000) + 3 * 60 * 60,
  };
  await transact(db, [
    putStep(db, { ...byId(connection.connectionId), ...fields }),
    putStep(db, { ...ofUser(connection.userId, connection.connectionId), ...fields }),
  ]);
}

/** Forgets a connection (closed, or gone): both of its items. */
export async function deleteConnection(db: Db, connectionId: string): Promise<void> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: byId(connectionId), ConsistentRead: true }),
  );
  await transact(db, [
    deleteStep(db, byId(connectionId)),
    ...(Item ? [deleteStep(db, ofUser(Item.userId as string, connectionId))] : []),
  ]);
}

/** Every open connection of a user, read consistently (bounded by the user's open tabs). */
export async function connectionsOf(db: Db, userId: string): Promise<Connection[]> {
  return (await readPartition(db, `USER#${userId}`, 'CONNECTION#')).map((item) => ({
    connectionId: item.connectionId as string,
    userId: item.userId as string,
    tokenId: item.tokenId as string,
    connectedAt: item.connectedAt as string,
  }));
}

/** The connections opened with one token (signing it out closes them, not the user's others). */
export async function connectionsOfToken(db: Db, userId: string, tokenId: string): Promise<Connection[]> {
  return (await connectionsOf(db, userId)).filter((c) => c.tokenId === tokenId);
}
