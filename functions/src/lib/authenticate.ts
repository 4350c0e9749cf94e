import type { Route } from '@stormline/contract/route';
import { ForbiddenError, UnauthorizedError } from '@stormline/domain/errors';
import type { Grants } from '@stormline/domain/permissions';
import { grantsOf, roleById } from '@stormline/domain/roles';
import type { Role } from '@stormline/domain/roles';
import { getCaller } from '@stormline/data/users';
import type { UserRecord } from '@stormline/data/users';
import type { Deps } from './deps';
import type { GatewayEvent } from './gateway-event';
import { verifyToken } from './tokens';
import type { TokenClaims } from './tokens';

export interface Caller {
  user: UserRecord;
  role: Role;
  grants: Grants;
  token: TokenClaims;
  /** Whether the caller belongs to the division the request named (false when it named none). */
  inRequestedDivision: boolean;
}

export function header(event: GatewayEvent, name: string): string | undefined {
  return event.headers[name] ?? event.headers[name.toLowerCase()];
}

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/**
 * The token of the request: the bearer header, or on download links a download token for exactly
 * this path in ?token= (never a session token: URLs end up in logs).
 */
function presentedToken(route: Route, event: GatewayEvent, deps: Deps): TokenClaims {
  const bearer = /^Bearer\s+(.+)$/i.exec(header(event, 'authorization') ?? '')?.[1];
  if (bearer) return verifyToken(bearer, deps.jwtSecret, 'session', deps.now());
  const inQuery = route.tokenInQuery ? event.queryStringParameters?.token : undefined;
  if (!inQuery) throw new UnauthorizedError();
  const claims = verifyToken(inQuery, deps.jwtSecret, 'download', deps.now());
  if (claims.path !== event.rawPath) throw new UnauthorizedError('This link is for another download');
  // Checked as the session that asked for it: once that session is signed out, so is the link.
  if (!claims.sessionId) throw new UnauthorizedError('Invalid token');
  return { ...claims, tokenId: claims.sessionId };
}

/**
 * Who is calling, checked against the stored record in one round trip: the token is genuine and
 * unexpired, not signed out, not older than the user's sessions, the account is active, and
 * (when the request names a division) whether the caller belongs to it.
 */
export async function authenticate(
  route: Route,
  event: GatewayEvent,
  deps: Deps,
  requestedDivisionId: string | null,
): Promise<Caller | null> {
  if (route.access.kind === 'anonymous') return null;
  return callerOf(deps, presentedToken(route, event, deps), requestedDivisionId);
}

/**
 * The stored half of the check, for a token already verified (signature, audience, expiry): the
 * HTTP guard and the WebSocket $connect both use it, so a socket opens on exactly the sessions
 * a request would accept.
 */
export async function callerOf(
  deps: Pick<Deps, 'db'>,
  token: TokenClaims,
  requestedDivisionId: string | null,
): Promise<Caller> {
  const { user, revoked, member } = await getCaller(
    deps.db,
    token.userId,
    token.tokenId,
    requestedDivisionId,
  );
  if (!user || revoked || token.issuedAt < user.sessionsValidAfter)
    throw new UnauthorizedError(SESSION_ENDED);
  if (user.status !== 'active') throw new UnauthorizedError('This account is not active');
  const role = roleById(user.roleId);
  if (!role) throw new ForbiddenError('This account has no valid role');
  return { user, role, grants: grantsOf(role, user.permissionsOverride), token, inRequestedDivision: member };
}
