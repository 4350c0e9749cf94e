import { authRoutes } from '@stormline/contract/areas/auth';
import { useLink } from '@stormline/data/invitations';
import { ValidationError } from '@stormline/domain/errors';
import { blankToNull, phoneIssues } from '@stormline/domain/region';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { hashPassword } from '../../lib/passwords';
import { issueToken, linkTokenHash } from '../../lib/tokens';

const route = authRoutes.register;

export const DATA_POLICY_REQUIRED = 'Please accept the data privacy policy to register';

/**
 * Spec 001 §2 and §4: the invitee completes their details and password from the invitation
 * link; the account becomes active, the link is used up, and the answer signs them in.
 */
export async function main({ body, deps }: RouteRequest<typeof route>) {
  const issues = phoneIssues(deps.region, body.phone);
  if (issues.length > 0) throw new ValidationError(issues[0]!.message, issues);
  if (!body.dataPolicySignature)
    throw new ValidationError(DATA_POLICY_REQUIRED, [
      { path: 'dataPolicySignature', message: DATA_POLICY_REQUIRED },
    ]);
  const now = deps.now();
  // The password is hashed (argon2, ~100 ms of CPU) only once the link is found live: a made-up
  // token costs one read.
  const user = await useLink(
    deps.db,
    linkTokenHash(body.token),
    'INVITE',
    async () => ({
      first_name: body.first_name,
      last_name: body.last_name,
      phone: blankToNull(body.phone),
      phone_ext: blankToNull(body.phone_ext),
      position: blankToNull(body.position),
      passwordHash: await hashPassword(body.password),
      status: 'active',
      electronicSignatureAuthorization: body.electronicSignatureAuthorization,
      dataPolicySignature: true,
    }),
    now,
  );
  return { token: issueToken(user.id, deps.jwtSecret, now) };
}

export const handler = httpRoute(route, main);
