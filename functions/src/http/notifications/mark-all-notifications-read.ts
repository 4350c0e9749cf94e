import { AREAS } from '@stormline/contract/route-table';
import { markAllRead } from '@stormline/data/notifications';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = AREAS.notifications.markAllNotificationsRead;

export async function main({ caller, deps }: RouteRequest<typeof route>) {
  return { updated: await markAllRead(deps.db, caller.user.id) };
}

export const handler = httpRoute(route, main);
