import { authRoutes } from '@stormline/contract/areas/auth';
import { UnauthorizedError } from '@stormline/domain/errors';
import { findUserByEmail } from '@stormline/data/users';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { verifyAgainstDecoy, verifyPassword } from '../../lib/passwords';
import { issueToken } from '../../lib/tokens';
import { assertNotThrottled, forgetFailures, noteFailure } from '../../lib/login-throttle';

const route = authRoutes.login;

/** One message for an unknown email and a wrong password, so the form does not reveal accounts. */
const INVALID = 'Invalid email or password';

export async function main({ body, viewerAddress, deps }: RouteRequest<typeof route>) {
  await assertNotThrottled(deps, body.email, viewerAddress);
  const user = await findUserByEmail(deps.db, body.email);
  const valid = user?.passwordHash
    ? await verifyPassword(body.password, user.passwordHash)
    : await verifyAgainstDecoy(body.password);
  if (!user || !valid) {
    await noteFailure(deps, body.email, viewerAddress);
    throw new UnauthorizedError(INVALID);
  }
  if (user.status !== 'active') {
    throw new UnauthorizedError(
      user.status === 'invited'
        ? 'Please complete your registration from the invitation email first'
        : 'Your account has been deactivated. Please contact your administrator.',
    );
  }
  await forgetFailures(deps, body.email);
  return { token: issueToken(user.id, deps.jwtSecret) };
}

export const handler = httpRoute(route, main);
