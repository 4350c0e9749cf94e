import jwt from 'jsonwebtoken';
import { runtimeEnv } from './runtime';

/** The audiences the API tells apart (functions/src/lib/tokens.ts). */
export const SESSION_AUDIENCE = 'stormline-api';
export const DOWNLOAD_AUDIENCE = 'stormline-download';

/** Tokens a forger could make, for the security matrix. */
export function forgedTokens(userId: string): Record<string, string> {
  const secret = runtimeEnv().JWT_SECRET!;
  const header = (obj: object) => Buffer.from(JSON.stringify(obj)).toString('base64url');
  const noAudience = { sub: userId, jti: 'forged', exp: Math.floor(Date.now() / 1000) + 3600 };
  const claims = { ...noAudience, aud: SESSION_AUDIENCE };
  return {
    'alg none': `${header({ alg: 'none', typ: 'JWT' })}.${header(claims)}.`,
    'wrong key': jwt.sign(claims, 'not-the-server-secret', { algorithm: 'HS256' }),
    expired: jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, secret, { algorithm: 'HS256' }),
    'other algorithm (HS512)': jwt.sign(claims, secret, { algorithm: 'HS512' }),
    'no audience': jwt.sign(noAudience, secret, { algorithm: 'HS256' }),
    'download audience': jwt.sign({ ...claims, aud: DOWNLOAD_AUDIENCE, path: '/dl/x' }, secret, {
      algorithm: 'HS256',
    }),
    garbage: 'not.a.token',
  };
}

/**
 * A token signed with the server's own secret and any claims: what the server would issue, or a
 * near miss of it (no audience, another audience, expired), to show which one claim it refuses.
 */
export function signedToken(claims: Record<string, unknown>): string {
  const now = Date.now() / 1000;
  return jwt.sign(
    { jti: `test-${Math.random().toString(36).slice(2)}`, iat: now, exp: Math.floor(now) + 3600, ...claims },
    runtimeEnv().JWT_SECRET!,
    { algorithm: 'HS256' },
  );
}
