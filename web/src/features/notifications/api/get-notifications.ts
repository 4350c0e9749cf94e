import useSWR from 'swr';
import * as z from 'zod';
import { AREAS } from '@stormline/contract/route-table';
import { callApi } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth';

/**
 * GET /api/notifications (spec 001 §7). Its response schema arrives with the notifications work, so
 * the body is read tolerantly; while the route answers 501 the bell shows no badge.
 */
export const NotificationItem = z.object({
  id: z.union([z.string(), z.number()]),
  title: z.string().nullish(),
  content: z.string().nullish(),
  date: z.string().nullish(),
  link: z.string().nullish(),
  is_opened: z.boolean().nullish(),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

const NotificationList = z.union([
  z.array(NotificationItem),
  z.object({ pageData: z.array(NotificationItem) }).transform((page) => page.pageData),
  z.object({ notifications: z.array(NotificationItem) }).transform((body) => body.notifications),
]);

export async function getNotifications(): Promise<NotificationItem[]> {
  const body = await callApi(AREAS.notifications.listNotifications, { divisionId: null });
  return NotificationList.parse(body);
}

export const notificationsKey = (token: string) => ['notifications', token] as const;

export function useNotifications() {
  const token = useToken();
  return useSWR(token ? notificationsKey(token) : null, getNotifications, {
    shouldRetryOnError: false,
    // Poll only while the call works: a missing or failing endpoint is asked once, not every minute.
    refreshInterval: (data) => (data ? 60_000 : 0),
  });
}
