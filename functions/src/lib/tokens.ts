import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { UnauthorizedError } from '@stormline/domain/errors';

/** The only algorithm we issue and accept; pinned so a token cannot choose its own (alg: none). */
const ALGORITHM = 'HS256';
export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;

export interface TokenClaims {
  userId: string;
  tokenId: string;
  expiresAt: number;
}

export function issueToken(userId: string, secret: string): string {
  return jwt.sign({}, secret, {
    algorithm: ALGORITHM,
    subject: userId,
    jwtid: randomUUID(),
    expiresIn: TOKEN_LIFETIME_SECONDS,
  });
}

export function verifyToken(token: string, secret: string): TokenClaims {
  try {
    const claims = jwt.verify(token, secret, { algorithms: [ALGORITHM] });
    if (typeof claims === 'string' || !claims.sub || !claims.jti || !claims.exp) {
      throw new UnauthorizedError('Invalid token');
    }
    return { userId: claims.sub, tokenId: claims.jti, expiresAt: claims.exp };
  } catch (error) {
    if (error instanceof jwt.TokenExpiredError) {
      throw new UnauthorizedError('Your session has expired. Please sign in again.');
    }
    if (error instanceof UnauthorizedError) throw error;
    throw new UnauthorizedError('Invalid token');
  }
}
