import { authRoutes } from '@stormline/contract/areas/auth';
import { revokeToken } from '@stormline/data/sign-in-state';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = authRoutes.logout;

export async function main({ caller, deps }: RouteRequest<typeof route>) {
  await revokeToken(deps.db, caller.token.tokenId, caller.token.expiresAt);
  return { message: 'Signed out' };
}

export const handler = httpRoute(route, main);
