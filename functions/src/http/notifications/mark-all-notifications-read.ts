import { notificationsRoutes } from '@stormline/contract/areas/notifications';
import { markAllRead } from '@stormline/data/notifications';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = notificationsRoutes.markAllNotificationsRead;

export async function main({ caller, deps }: RouteRequest<typeof route>) {
  return markAllRead(deps.db, caller.user.id);
}

export const handler = httpRoute(route, main);
