import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { subscribersOf, unsubscribe } from '@stormline/data/channels';
import { connectionById, connectionsOf, deleteConnection } from '@stormline/data/connections';
import { mayStillHear, type ChannelRule } from './channel-access';
import type { Deps } from './deps';
import { requireEnv } from './env';

let client: ApiGatewayManagementApiClient | undefined;

function managementClient(): ApiGatewayManagementApiClient {
  client ??= new ApiGatewayManagementApiClient({
    endpoint: requireEnv('WEBSOCKET_CALLBACK_URL'),
    region: process.env.AWS_REGION ?? 'us-east-1',
    // Called inside an API request (sign-out): a stuck connection must fail it, not hang it.
    requestHandler: { connectionTimeout: 2000, requestTimeout: 5000 },
    ...(process.env.DYNAMODB_ENDPOINT
      ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  return client;
}

/** The connection is closed already (410 GoneException): its item is all that is left of it. */
function isGone(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure.name === 'GoneException' || failure.$metadata?.httpStatusCode === 410;
}

/**
 * Sends a message to one connection through the @connections API (the local runtime serves the
 * same endpoint). Answers false, having forgotten the connection, when it is gone.
 */
export async function postToConnection(
  deps: Pick<Deps, 'db'>,
  connectionId: string,
  message: unknown,
): Promise<boolean> {
  try {
    await managementClient().send(
      new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from(JSON.stringify(message)) }),
    );
    return true;
  } catch (error) {
    if (!isGone(error)) throw error;
    await deleteConnection(deps.db, connectionId);
    return false;
  }
}

/** Sends a message to every open connection of a user. Connections that are gone are forgotten. */
export async function postToUser(deps: Pick<Deps, 'db'>, userId: string, message: unknown): Promise<number> {
  let delivered = 0;
  for (const { connectionId } of await connectionsOf(deps.db, userId))
    if (await postToConnection(deps, connectionId, message)) delivered++;
  return delivered;
}

/**
 * Sends `{ type: 'channel', channel, ...message }` to every connection subscribed to the channel
 * that may still hear it: each subscriber's session, division and right to read the channel's
 * document are checked again (ADR 0040), and one that may not is unsubscribed instead. The
 * sender's own connection is skipped when named. One connection's failure does not keep the
 * others from theirs. `authorize` names the channel's rule when it is not a document's (a print
 * job's, lib/reports/report-channel-access.ts).
 */
export async function postToChannel(
  deps: Pick<Deps, 'db'>,
  channel: string,
  message: Record<string, unknown>,
  options: { except?: string; authorize?: ChannelRule } = {},
): Promise<number> {
  const checking = { db: deps.db, now: () => new Date() };
  let delivered = 0;
  for await (const { connectionId, divisionId } of subscribersOf(deps.db, channel)) {
    if (connectionId === options.except) continue;
    const sent = await (async () => {
      const connection = await connectionById(deps.db, connectionId);
      if (
        !connection ||
        !(await mayStillHear(checking, connection, divisionId, channel, options.authorize))
      ) {
        await unsubscribe(deps.db, connectionId, channel);
        return false;
      }
      return postToConnection(deps, connectionId, { type: 'channel', channel, ...message });
    })().catch((error: unknown) => {
      console.error('channel post failed', error);
      return false;
    });
    if (sent) delivered++;
  }
  return delivered;
}

/**
 * Closes connections through the @connections API (DELETE) and forgets them at once, so nothing
 * is posted to them while their $disconnect is on its way. A connection already gone is just
 * forgotten.
 */
export async function closeConnections(deps: Deps, connectionIds: readonly string[]): Promise<void> {
  await Promise.all(
    connectionIds.map(async (connectionId) => {
      try {
        await managementClient().send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
      } catch (error) {
        if (!isGone(error)) throw error;
      }
      await deleteConnection(deps.db, connectionId);
    }),
  );
}
