import { authRoutes } from '@stormline/contract/areas/auth';
import { useLink } from '@stormline/data/invitations';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { hashPassword } from '../../lib/passwords';
import { closeUserConnections } from '../../lib/sessions';
import { issueToken, linkTokenHash } from '../../lib/tokens';

const route = authRoutes.resetPassword;

/**
 * Sets the new password from a reset link, once: the link is deleted in the same transaction,
 * every session issued before now ends (the session epoch moves with the password) and the
 * user's WebSockets close. The answer signs the user in (spec 001 §2: the dashboard after 5 s).
 */
export async function main({ body, deps }: RouteRequest<typeof route>) {
  const now = deps.now();
  // The password is hashed (argon2, ~100 ms of CPU) only once the link is found live: a made-up
  // token costs one read.
  const user = await useLink(
    deps.db,
    linkTokenHash(body.token),
    'RESET',
    async () => ({
      passwordHash: await hashPassword(body.password),
      sessionsValidAfter: now.getTime() / 1000,
    }),
    now,
  );
  await closeUserConnections(deps, user.id);
  return {
    token: issueToken(user.id, deps.jwtSecret, now),
    message: 'Your password has been reset. You are now signed in.',
  };
}

export const handler = httpRoute(route, main);
