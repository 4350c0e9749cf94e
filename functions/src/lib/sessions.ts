import { connectionsOf, connectionsOfToken } from '@stormline/data/connections';
import { revokeToken } from '@stormline/data/sign-in-state';
import { endSessions } from '@stormline/data/users';
import type { Deps } from './deps';
import { closeConnections } from './realtime';
import type { TokenClaims } from './tokens';

/**
 * Ends every session of a user (password reset, deactivation, role change): tokens issued before
 * now are refused from their next request on, and every open WebSocket of the user is closed.
 * The epoch moves first, so a connection opening meanwhile is either refused by $connect or
 * listed here and closed. Answers how many connections were closed.
 */
export async function endUserSessions(deps: Deps, userId: string): Promise<number> {
  await endSessions(deps.db, userId, deps.now());
  return closeUserConnections(deps, userId);
}

/**
 * Closes every open WebSocket of a user whose session epoch a write has just moved (a password
 * reset, a deactivation, a role change, a deletion: each moves it in its own transaction).
 */
export async function closeUserConnections(deps: Deps, userId: string): Promise<number> {
  const open = await connectionsOf(deps.db, userId);
  await closeConnections(
    deps,
    open.map((c) => c.connectionId),
  );
  return open.length;
}

/**
 * Signs one session out: the token is revoked until it would expire, and the WebSockets opened
 * with it are closed. The user's other sessions (another browser, a phone) stay signed in.
 */
export async function signOut(deps: Deps, token: TokenClaims): Promise<void> {
  await revokeToken(deps.db, token.tokenId, token.expiresAt);
  const open = await connectionsOfToken(deps.db, token.userId, token.tokenId);
  await closeConnections(
    deps,
    open.map((c) => c.connectionId),
  );
}
