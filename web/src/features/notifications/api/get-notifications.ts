import useSWR from 'swr';
import { notificationsRoutes } from '@stormline/contract/areas/notifications';
import type { Notification } from '@stormline/contract/areas/notifications';
import { callApi } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth';
import { cacheKey } from '../../../lib/cache-keys';

export type NotificationItem = Notification;

/** GET /api/notifications (spec 001 §7): the newest page and the unread count, for the bell. */
export function getNotifications() {
  return callApi(notificationsRoutes.listNotifications, { divisionId: null });
}

/** An older page of notifications, after `cursor` (the previous page's `nextCursor`). */
export function getOlderNotifications(cursor: string) {
  return callApi(notificationsRoutes.listNotifications, { divisionId: null, query: { cursor } });
}

export const notificationsKey = (token: string) => cacheKey(null, 'notifications', token);

export function useNotifications() {
  const token = useToken();
  return useSWR(token ? notificationsKey(token) : null, getNotifications, {
    shouldRetryOnError: false,
    // Poll only while the call works: a failing endpoint is asked once, not every minute.
    refreshInterval: (data) => (data ? 60_000 : 0),
  });
}
