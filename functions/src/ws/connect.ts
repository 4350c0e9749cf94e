import { AppError } from '@stormline/domain/errors';
import { deleteConnection, saveConnection } from '@stormline/data/connections';
import { callerOf } from '../lib/authenticate';
import { getDeps } from '../lib/deps';
import { verifyToken } from '../lib/tokens';
import type { TokenClaims } from '../lib/tokens';
import type { WebSocketEvent, WebSocketResult } from './websocket-event';

/**
 * $connect: browsers cannot set headers on a WebSocket, so the session token comes in the query
 * (spec 001 §7: "token from local storage in socket query"). The checks are the HTTP guard's:
 * signature, the session audience, expiry, not signed out, not older than the user's sessions,
 * an active account. Refused connections never open.
 */
export async function handler(event: WebSocketEvent): Promise<WebSocketResult> {
  const deps = await getDeps();
  const token = event.queryStringParameters?.token;
  if (!token) return { statusCode: 401, body: 'User is not logged in' };
  let claims: TokenClaims;
  try {
    claims = verifyToken(token, deps.jwtSecret, 'session', deps.now());
  } catch {
    return { statusCode: 401, body: 'Invalid token' };
  }
  const connectionId = event.requestContext.connectionId;
  // Recorded before the stored check, not after: a session ended while this runs is then either
  // refused here (the check reads the moved epoch or the revocation) or finds this item and
  // closes the connection. Checked first, the item could land after the closing looked.
  await saveConnection(deps.db, {
    connectionId,
    userId: claims.userId,
    tokenId: claims.tokenId,
    tokenIssuedAt: claims.issuedAt,
    tokenExpiresAt: claims.expiresAt,
    connectedAt: new Date(event.requestContext.requestTimeEpoch).toISOString(),
  });
  try {
    await callerOf(deps, claims, null);
  } catch (error) {
    await deleteConnection(deps.db, connectionId);
    if (error instanceof AppError) return { statusCode: error.status, body: error.message };
    throw error;
  }
  return { statusCode: 200 };
}
