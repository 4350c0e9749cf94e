import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './dynamo';
import { forgetSubscriptions } from './channels';
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
  /** When the token was issued and ends (epoch seconds): each message the socket sends is checked again. */
  tokenIssuedAt: number;
  tokenExpiresAt: number;
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

/** A connection by its id, read consistently: null once it is closed or gone. */
export async function connectionById(db: Db, connectionId: string): Promise<Connection | null> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: byId(connectionId), ConsistentRead: true }),
  );
  return Item ? connectionOf(Item) : null;
}

/** Forgets a connection (closed, or gone): both of its items and its channel subscriptions. */
export async function deleteConnection(db: Db, connectionId: string): Promise<void> {
  const connection = await connectionById(db, connectionId);
  await transact(db, [
    deleteStep(db, byId(connectionId)),
    ...(connection ? [deleteStep(db, ofUser(connection.userId, connectionId))] : []),
  ]);
  await forgetSubscriptions(db, connectionId);
}

/** Every open connection of a user, read consistently (bounded by the user's open tabs). */
export async function connectionsOf(db: Db, userId: string): Promise<Connection[]> {
  return (await readPartition(db, `USER#${userId}`, 'CONNECTION#')).map(connectionOf);
}

function connectionOf(item: Record<string, unknown>): Connection {
  return {
    connectionId: item.connectionId as string,
    userId: item.userId as string,
    tokenId: item.tokenId as string,
    tokenIssuedAt: (item.tokenIssuedAt as number | undefined) ?? 0,
    tokenExpiresAt: (item.tokenExpiresAt as number | undefined) ?? 0,
    connectedAt: item.connectedAt as string,
  };
}

/** The connections opened with one token (signing it out closes them, not the user's others). */
export async function connectionsOfToken(db: Db, userId: string, tokenId: string): Promise<Connection[]> {
  return (await connectionsOf(db, userId)).filter((c) => c.tokenId === tokenId);
}
