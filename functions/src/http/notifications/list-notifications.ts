import { AREAS } from '@stormline/contract/route-table';
import { countUnread, listNotifications } from '@stormline/data/notifications';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = AREAS.notifications.listNotifications;
const PAGE_SIZE = 20;

export async function main({ caller, query, deps }: RouteRequest<typeof route>) {
  const [page, unreadCount] = await Promise.all([
    listNotifications(deps.db, caller.user.id, { cursor: query.cursor, pageSize: PAGE_SIZE }),
    countUnread(deps.db, caller.user.id),
  ]);
  return { pageData: page.items, nextCursor: page.nextCursor, unreadCount };
}

export const handler = httpRoute(route, main);
