import { notificationsRoutes } from '@stormline/contract/areas/notifications';
import { callApi } from '../../../lib/api-client';

/** PUT /api/notifications/{id}: one notification read. */
export function markNotificationRead(id: string) {
  return callApi(notificationsRoutes.markNotificationRead, { params: { id }, divisionId: null });
}

/**
 * PUT /api/notifications: every notification read. The server works in batches for a bounded
 * time and says how many are left; a long backlog takes a few calls (at most 10 here).
 */
export async function markAllNotificationsRead() {
  let updated = 0;
  for (let call = 0; call < 10; call++) {
    const result = await callApi(notificationsRoutes.markAllNotificationsRead, { divisionId: null });
    updated += result.updated;
    if (result.remaining === 0) break;
  }
  return { updated };
}
