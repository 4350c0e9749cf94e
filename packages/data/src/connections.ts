import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { queryByParent } from './by-parent';
import type { Db } from './dynamo';
import { TTL_ATTRIBUTE } from './table';

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

const connectionKey = (connectionId: string) => ({ pk: `CONNECTION#${connectionId}`, sk: 'CONNECTION' });
const connectionsOfUser = (userId: string) => `USER#${userId}#CONNECTIONS`;

export async function saveConnection(db: Db, connection: Connection): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: {
        ...connectionKey(connection.connectionId),
        type: 'Connection',
        gsi1pk: connectionsOfUser(connection.userId),
        gsi1sk: connection.connectionId,
        ...connection,
        [TTL_ATTRIBUTE]: Math.floor(Date.parse(connection.connectedAt) / 1000) + 3 * 60 * 60,
      },
    }),
  );
}

export async function deleteConnection(db: Db, connectionId: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: connectionKey(connectionId) }));
}

/** Every open connection of a user (one partition of byParent, bounded by the user's tabs). */
export async function connectionsOf(db: Db, userId: string): Promise<Connection[]> {
  return (await queryByParent(db, connectionsOfUser(userId))).map((i) => ({
    connectionId: i.connectionId as string,
    userId: i.userId as string,
    // Connections saved before tokens were recorded match no token; ending all sessions closes them.
    tokenId: (i.tokenId as string | undefined) ?? '',
    connectedAt: i.connectedAt as string,
  }));
}

/** The connections opened with one token (signing it out closes them, not the user's others). */
export async function connectionsOfToken(db: Db, userId: string, tokenId: string): Promise<Connection[]> {
  return (await connectionsOf(db, userId)).filter((c) => c.tokenId === tokenId);
}
