import { authRoutes } from '@stormline/contract/areas/auth';
import { INVALID_LINK, userOfLink } from '@stormline/data/invitations';
import { NotFoundError } from '@stormline/domain/errors';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { linkTokenHash } from '../../lib/tokens';

const route = authRoutes.validateInvitation;

/** Spec 001 §2: the registration form opens with the invitee's details, or 'Registration Error'. */
export async function main({ body, deps }: RouteRequest<typeof route>) {
  const user = await userOfLink(deps.db, linkTokenHash(body.token), 'INVITE', deps.now());
  if (!user) throw new NotFoundError(INVALID_LINK.INVITE);
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    position: user.position,
    email: user.email,
  };
}

export const handler = httpRoute(route, main);
