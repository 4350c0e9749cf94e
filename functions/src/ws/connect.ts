import { getCaller } from '@stormline/data/users';
import { saveConnection } from '@stormline/data/connections';
import { getDeps } from '../lib/deps';
import { verifyToken } from '../lib/tokens';
import type { WebSocketEvent, WebSocketResult } from './websocket-event';

/**
 * $connect: browsers cannot set headers on a WebSocket, so the token comes in the query
 * (spec 001 §7: "token from local storage in socket query"). Refused connections never open.
 */
export async function handler(event: WebSocketEvent): Promise<WebSocketResult> {
  const deps = await getDeps();
  const token = event.queryStringParameters?.token;
  if (!token) return { statusCode: 401, body: 'User is not logged in' };
  let claims;
  try {
    claims = verifyToken(token, deps.jwtSecret);
  } catch {
    return { statusCode: 401, body: 'Invalid token' };
  }
  const { user, revoked } = await getCaller(deps.db, claims.userId, claims.tokenId, null);
  if (!user || revoked || user.status !== 'active') return { statusCode: 401, body: 'Invalid token' };
  await saveConnection(deps.db, {
    connectionId: event.requestContext.connectionId,
    userId: user.id,
    connectedAt: new Date(event.requestContext.requestTimeEpoch).toISOString(),
  });
  return { statusCode: 200 };
}
