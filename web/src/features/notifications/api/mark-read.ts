import { AREAS } from '@stormline/contract/route-table';
import { callApi } from '../../../lib/api-client';

/** PUT /api/notifications/{id}: one notification read. */
export function markNotificationRead(id: string) {
  return callApi(AREAS.notifications.markNotificationRead, { params: { id }, divisionId: null });
}

/** PUT /api/notifications: every notification read. */
export function markAllNotificationsRead() {
  return callApi(AREAS.notifications.markAllNotificationsRead, { divisionId: null });
}
