import { authRoutes } from '@stormline/contract/areas/auth';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { signOut } from '../../lib/sessions';

const route = authRoutes.logout;

/** Revokes the presented token and closes the WebSockets opened with it; other sessions stay. */
export async function main({ caller, deps }: RouteRequest<typeof route>) {
  await signOut(deps, caller.token);
  return { message: 'Signed out' };
}

export const handler = httpRoute(route, main);
