import { usersRoutes } from '@stormline/contract/areas/users';
import { setSignatureAuthorization } from '@stormline/data/users';
import { ForbiddenError } from '@stormline/domain/errors';
import { settingsPolicyOf } from '@stormline/domain/notification-settings';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = usersRoutes.setSignatureAuthorization;

/**
 * The profile's e-signature consent (spec 000 §4: the signature checkbox is active only after
 * it). The caller's own; roles without the control (the Regulators, spec 001 §2) are refused.
 */
export async function main({ params, caller, deps }: RouteRequest<typeof route>) {
  if (!settingsPolicyOf(caller.role.name).signature)
    throw new ForbiddenError(`The ${caller.role.name} role has no e-signature consent`);
  const agreed = params.value === 'agree';
  await setSignatureAuthorization(deps.db, caller.user.id, agreed);
  return { electronicSignatureAuthorization: agreed };
}

export const handler = httpRoute(route, main);
