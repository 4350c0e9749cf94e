import { profileRoutes } from '@stormline/contract/areas/profile';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { profileView } from '../../lib/profile-view';

const route = profileRoutes.getProfile;

export async function main({ caller, deps }: RouteRequest<typeof route>) {
  return profileView(deps, caller);
}

export const handler = httpRoute(route, main);
