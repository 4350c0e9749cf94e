import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { queryByParent } from './by-parent';
import type { Db } from './dynamo';
import { TTL_ATTRIBUTE } from './table';

/** A realtime (WebSocket) connection of a signed-in user; API Gateway drops idle ones after 2 hours. */
export interface Connection {
  connectionId: string;
  userId: string;
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

export async function connectionsOf(db: Db, userId: string): Promise<Connection[]> {
  return (await queryByParent(db, connectionsOfUser(userId))).map((i) => ({
    connectionId: i.connectionId as string,
    userId: i.userId as string,
    connectedAt: i.connectedAt as string,
  }));
}
