import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { UnauthorizedError } from '@stormline/domain/errors';

/**
 * Session and download tokens: compact JWTs signed with HMAC-SHA256 by node:crypto. One
 * algorithm, one header, checked byte for byte, so a token cannot choose its own algorithm
 * (`alg: none`, RS/HS confusion). node:crypto instead of jsonwebtoken: the same checks without
 * ~45 KB of bundle (semver, jws, lodash pieces) in every Lambda (docs/decisions/0007).
 */

export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;
export const DOWNLOAD_TOKEN_LIFETIME_SECONDS = 5 * 60;

/** Who a token is for: the API's session, or one download link. A token for one is refused by the other. */
export const AUDIENCES = { session: 'stormline-api', download: 'stormline-download' } as const;
export type Audience = keyof typeof AUDIENCES;

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export interface TokenClaims {
  userId: string;
  tokenId: string;
  /** Epoch seconds, with milliseconds. */
  issuedAt: number;
  expiresAt: number;
  /** Download tokens only: the one path the token opens. */
  path?: string;
  /** Download tokens only: the session that asked for it, which signing out revokes with it. */
  sessionId?: string;
}

function sign(input: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

function issue(claims: Record<string, unknown>, secret: string): string {
  const body = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${body}.${sign(body, secret).toString('base64url')}`;
}

/**
 * `iat` keeps its milliseconds (a JWT NumericDate may be fractional), so a token issued a moment
 * after the user's sessions were ended still works and one issued a moment before does not.
 */
function issueFor(
  audience: Audience,
  userId: string,
  lifetimeSeconds: number,
  secret: string,
  now: Date,
  extra: Record<string, unknown> = {},
): string {
  const iat = now.getTime() / 1000;
  const claims = { sub: userId, jti: randomUUID(), iat, exp: Math.floor(iat) + lifetimeSeconds };
  return issue({ ...claims, aud: AUDIENCES[audience], ...extra }, secret);
}

export function issueToken(userId: string, secret: string, now = new Date()): string {
  return issueFor('session', userId, TOKEN_LIFETIME_SECONDS, secret, now);
}

/**
 * A token that opens one download path for a few minutes: safe to put in a URL, unlike the session.
 * It names the session that asked for it (sid): signing that session out voids the link too.
 */
export function issueDownloadToken(
  session: Pick<TokenClaims, 'userId' | 'tokenId'>,
  path: string,
  secret: string,
  now = new Date(),
  lifetimeSeconds = DOWNLOAD_TOKEN_LIFETIME_SECONDS,
): string {
  return issueFor('download', session.userId, lifetimeSeconds, secret, now, {
    path,
    sid: session.tokenId,
  });
}

function invalid(): UnauthorizedError {
  return new UnauthorizedError('Invalid token');
}

function readClaims(payload: string): Record<string, unknown> {
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) throw invalid();
    return claims as Record<string, unknown>;
  } catch {
    throw invalid();
  }
}

export function verifyToken(
  token: string,
  secret: string,
  audience: Audience = 'session',
  now = new Date(),
): TokenClaims {
  const [header, payload, signature, extra] = token.split('.');
  if (header !== HEADER || !payload || !signature || extra !== undefined) throw invalid();
  // Compared as text in its one canonical spelling, so '=' padding or '+/' cannot make a second
  // spelling of the same token.
  const expected = Buffer.from(sign(`${header}.${payload}`, secret).toString('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  const { sub, jti, iat, exp, aud, path, sid } = readClaims(payload);
  if (
    typeof sub !== 'string' ||
    typeof jti !== 'string' ||
    typeof iat !== 'number' ||
    typeof exp !== 'number'
  )
    throw invalid();
  if (aud !== AUDIENCES[audience]) throw invalid();
  if (exp <= now.getTime() / 1000)
    throw new UnauthorizedError('Your session has expired. Please sign in again.');
  return {
    userId: sub,
    tokenId: jti,
    issuedAt: iat,
    expiresAt: exp,
    ...(typeof path === 'string' ? { path } : {}),
    ...(typeof sid === 'string' ? { sessionId: sid } : {}),
  };
}

/**
 * The token of an invitation or password-reset link: 32 random bytes, base64url (what the link's
 * last segment carries), and its sha256, which is all the table keeps (docs/decisions/0013).
 */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: linkTokenHash(token) };
}

export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
