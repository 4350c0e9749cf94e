import jwt from 'jsonwebtoken';
import { runtimeEnv } from './runtime';

/** Tokens a forger could make, for the security matrix. */
export function forgedTokens(userId: string): Record<string, string> {
  const secret = runtimeEnv().JWT_SECRET!;
  const header = (obj: object) => Buffer.from(JSON.stringify(obj)).toString('base64url');
  const claims = { sub: userId, jti: 'forged', exp: Math.floor(Date.now() / 1000) + 3600 };
  return {
    'alg none': `${header({ alg: 'none', typ: 'JWT' })}.${header(claims)}.`,
    'wrong key': jwt.sign(claims, 'not-the-server-secret', { algorithm: 'HS256' }),
    expired: jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, secret, { algorithm: 'HS256' }),
    'other algorithm (HS512)': jwt.sign(claims, secret, { algorithm: 'HS512' }),
    garbage: 'not.a.token',
  };
}
