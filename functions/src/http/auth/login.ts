import { authRoutes } from '@stormline/contract/areas/auth';
import { UnauthorizedError } from '@stormline/domain/errors';
import { roleById } from '@stormline/domain/roles';
import { findUserByEmail } from '@stormline/data/users';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { verifyAgainstDecoy, verifyPassword } from '../../lib/passwords';
import { issueToken } from '../../lib/tokens';
import { beginSignInAttempt } from '../../lib/login-throttle';

const route = authRoutes.login;

/** One message for an unknown email and a wrong password, so the form does not reveal accounts. */
const INVALID = 'Invalid email or password';

/**
 * The attempt is counted (and refused when locked) before argon2 runs, so a burst of guesses
 * costs at most the limit's worth of password checks. An unknown email is counted and checked
 * against the decoy hash like a known one: the answers and their timing are the same.
 */
export async function main({ body, viewerAddress, deps }: RouteRequest<typeof route>) {
  // The token is stamped with the moment the account was read, not after the slow-down and the
  // password check: a password reset committed in between then ends this session too.
  const readAt = deps.now();
  const user = await findUserByEmail(deps.db, body.email);
  const publicAccount = user ? (roleById(user.roleId)?.isReadOnly ?? false) : false;
  const attempt = await beginSignInAttempt(deps, {
    email: body.email,
    address: viewerAddress,
    lockable: !publicAccount,
  });
  const valid = user?.passwordHash
    ? await verifyPassword(body.password, user.passwordHash)
    : await verifyAgainstDecoy(body.password);
  if (!user || !valid) throw new UnauthorizedError(INVALID);
  await attempt.succeeded();
  if (user.status !== 'active') {
    throw new UnauthorizedError(
      user.status === 'invited'
        ? 'Please complete your registration from the invitation email first'
        : 'Your account has been deactivated. Please contact your administrator.',
    );
  }
  return { token: issueToken(user.id, deps.jwtSecret, readAt) };
}

export const handler = httpRoute(route, main);
