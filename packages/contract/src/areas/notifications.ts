import * as z from 'zod';
import { defineArea, signedIn } from '../route';

export const Notification = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  /** When it was raised (ISO 8601). */
  date: z.iso.datetime(),
  /** An in-app path (or none) the notification opens. */
  link: z.string().nullable(),
  is_opened: z.boolean(),
});
export type Notification = z.infer<typeof Notification>;

/**
 * Notifications are read newest first, a page at a time: `cursor` is the opaque `nextCursor` of
 * the previous page. The unread count comes with every page, for the bell.
 */
export const NotificationPage = z.object({
  pageData: z.array(Notification),
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int().nonnegative(),
});

const notificationParams = z.strictObject({ id: z.string().min(1).max(100) });

/** Spec 001 §7: the caller's in-app notifications and summary-email frequency. */
export const notificationsRoutes = defineArea('notifications', {
  listNotifications: {
    method: 'GET',
    path: '/api/notifications',
    summary: "The caller's notifications, newest first, with the unread count (query cursor)",
    access: signedIn,
    division: 'none',
    query: z.strictObject({ cursor: z.string().max(500).optional() }),
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
    body: z.undefined(),
    response: Notification,
    implemented: true,
  },
  markAllNotificationsRead: {
    method: 'PUT',
    path: '/api/notifications',
    summary: "Mark all of the caller's notifications read",
    access: signedIn,
    division: 'none',
    body: z.undefined(),
    response: z.object({ updated: z.number().int().nonnegative() }),
    implemented: true,
  },
  setSummaryEmailFrequency: {
    method: 'PUT',
    path: '/api/notifications/frequency',
    summary: "Set the caller's summary-email frequency",
    access: signedIn,
    division: 'optional',
    implemented: false,
  },
});
