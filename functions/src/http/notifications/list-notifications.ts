import { notificationsRoutes } from '@stormline/contract/areas/notifications';
import { countUnread, listNotifications } from '@stormline/data/notifications';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { pageOf } from '../../lib/page';

const route = notificationsRoutes.listNotifications;

export async function main({ caller, query, deps }: RouteRequest<typeof route>) {
  const [page, unreadCount] = await Promise.all([
    listNotifications(deps.db, caller.user.id, { pageSize: route.pageSize, cursor: query.cursor }),
    countUnread(deps.db, caller.user.id),
  ]);
  return { ...pageOf(route, page, null), unreadCount };
}

export const handler = httpRoute(route, main);
