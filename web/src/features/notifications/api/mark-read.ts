import useSWRMutation from 'swr/mutation';
import { notificationsRoutes, type NotificationPage } from '@stormline/contract/areas/notifications';
import type * as z from 'zod/mini';
import { callApi } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth';
import { notificationsKey } from './get-notifications';

type Bell = z.infer<typeof NotificationPage>;

/** PUT /api/notifications/{id}: one notification read. */
export function markNotificationRead(id: string) {
  return callApi(notificationsRoutes.markNotificationRead, { params: { id } });
}

/**
 * PUT /api/notifications: every notification read. The server works in batches for a bounded
 * time and says how many are left; a long backlog takes a few calls (at most 10 here).
 */
export async function markAllNotificationsRead() {
  let updated = 0;
  for (let call = 0; call < 10; call++) {
    const result = await callApi(notificationsRoutes.markAllNotificationsRead);
    updated += result.updated;
    if (result.remaining === 0) break;
  }
  return { updated };
}

/**
 * The bell as it will be once `ids` (or, with null, all) are read. `unreadOffPage` counts unread
 * ones among `ids` that are not on the bell's page (an older page's), which the count loses too.
 */
export function withRead(
  bell: Bell | undefined,
  ids: readonly string[] | null,
  unreadOffPage = 0,
): Bell | undefined {
  if (!bell) return bell;
  const read = (id: string) => ids === null || ids.includes(id);
  const newlyRead = bell.pageData.filter((item) => !item.is_opened && read(item.id)).length;
  return {
    ...bell,
    pageData: bell.pageData.map((item) => (read(item.id) ? { ...item, is_opened: true } : item)),
    unreadCount: ids === null ? 0 : Math.max(0, bell.unreadCount - newlyRead - unreadOffPage),
  };
}

/**
 * Marking read is instant (optimistic): the bell shows the item read and the count lower at once,
 * goes back if the server refuses, and is read again from the server either way.
 * `markRead(id)` marks one; `markRead(null)` marks all.
 */
export function useMarkRead() {
  const token = useToken();
  const { trigger } = useSWRMutation(
    token ? notificationsKey(token) : null,
    async (_key: unknown, { arg: id }: { arg: string | null }) => {
      if (id === null) await markAllNotificationsRead();
      else await markNotificationRead(id);
    },
    { rollbackOnError: true, populateCache: false, revalidate: true, throwOnError: true },
  );
  return {
    /** `offPage`: the notification is an unread one of an older page, not of the bell's own. */
    markRead: (id: string | null, { offPage = false } = {}) =>
      // The bell offers marking only once it has loaded, so there is always a bell to change.
      trigger(id, {
        optimisticData: (current?: Bell) => withRead(current, id === null ? null : [id], offPage ? 1 : 0)!,
      }),
  };
}
