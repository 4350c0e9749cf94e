import { notificationsRoutes } from '@stormline/contract/areas/notifications';
import { markRead } from '@stormline/data/notifications';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = notificationsRoutes.markNotificationRead;

/** Only the caller's own: the key is built from the caller, so another user's id is simply not found. */
export async function main({ caller, params, deps }: RouteRequest<typeof route>) {
  return markRead(deps.db, caller.user.id, params.id);
}

export const handler = httpRoute(route, main);
