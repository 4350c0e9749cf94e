import * as z from 'zod/mini';
import { defineArea, signedIn } from '../route';
import { SUMMARY_FREQUENCIES } from '@stormline/domain/notification-settings';
import { Count, Cursor, Id, IsoDateTime, Page } from '../schemas';
import { SummaryEmail } from '../profile';

export const Notification = z.strictObject({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  /** When it was raised (ISO 8601). */
  date: IsoDateTime,
  /** An in-app path (or none) the notification opens. */
  link: z.nullable(z.string()),
  is_opened: z.boolean(),
});
export type Notification = z.infer<typeof Notification>;

/**
 * Notifications are read newest first, a page at a time: `cursor` is the opaque
 * `paginationState.nextCursor` of the previous page. The unread count comes with every page, for
 * the bell.
 */
export const NotificationPage = z.strictObject({
  ...Page(Notification).shape,
  unreadCount: Count,
});

const notificationParams = z.strictObject({ id: Id });

/** Spec 001 §7: the caller's in-app notifications and summary-email frequency. */
export const notificationsRoutes = defineArea('notifications', {
  listNotifications: {
    method: 'GET',
    path: '/api/notifications',
    summary: "The caller's notifications, newest first, with the unread count (query cursor)",
    access: signedIn,
    division: 'none',
    pageSize: 20,
    query: z.strictObject({ cursor: z.optional(Cursor) }),
    response: NotificationPage,
    implemented: true,
  },
  markNotificationRead: {
    method: 'PUT',
    path: '/api/notifications/{id}',
    summary: "Mark one of the caller's notifications read",
    access: signedIn,
    division: 'none',
    params: notificationParams,
    query: z.strictObject({}),
    body: z.undefined(),
    response: Notification,
    implemented: true,
  },
  markAllNotificationsRead: {
    method: 'PUT',
    path: '/api/notifications',
    summary: "Mark all of the caller's notifications read (remaining > 0: call again for the rest)",
    access: signedIn,
    division: 'none',
    query: z.strictObject({}),
    body: z.undefined(),
    response: z.strictObject({ updated: Count, remaining: Count }),
    implemented: true,
  },
  setSummaryEmailFrequency: {
    method: 'PUT',
    path: '/api/notifications/frequency',
    summary: "Set the caller's summary-email frequency (one of availableFrequencies)",
    access: signedIn,
    division: 'optional',
    query: z.strictObject({}),
    body: z.strictObject({
      frequency: z.enum(SUMMARY_FREQUENCIES, { error: 'Please choose one of the offered frequencies' }),
    }),
    response: SummaryEmail,
    implemented: true,
  },
});
