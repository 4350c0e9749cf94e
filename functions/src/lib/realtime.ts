import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { connectionsOf, deleteConnection } from '@stormline/data/connections';
import type { Deps } from './deps';
import { requireEnv } from './env';

let client: ApiGatewayManagementApiClient | undefined;

function managementClient(): ApiGatewayManagementApiClient {
  client ??= new ApiGatewayManagementApiClient({
    endpoint: requireEnv('WEBSOCKET_CALLBACK_URL'),
    region: process.env.AWS_REGION ?? 'us-east-1',
    ...(process.env.DYNAMODB_ENDPOINT
      ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  return client;
}

/**
 * Sends a message to every open connection of a user through the @connections API (the local
 * runtime serves the same endpoint). Connections that are gone are forgotten.
 */
export async function postToUser(deps: Deps, userId: string, message: unknown): Promise<number> {
  const data = Buffer.from(JSON.stringify(message));
  let delivered = 0;
  for (const { connectionId } of await connectionsOf(deps.db, userId)) {
    try {
      await managementClient().send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
      delivered++;
    } catch (error) {
      if (!(error instanceof GoneException) && (error as Error).name !== 'GoneException') throw error;
      await deleteConnection(deps.db, connectionId);
    }
  }
  return delivered;
}
