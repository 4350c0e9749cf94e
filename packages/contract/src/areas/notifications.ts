import { defineArea, signedIn } from '../route';

/** Spec 001 §7: the caller's in-app notifications and summary-email frequency. */
export const notificationsRoutes = defineArea('notifications', {
  listNotifications: {
    method: 'GET',
    path: '/api/notifications',
    summary: "The caller's notifications (title, content, date, link, is_opened)",
    access: signedIn,
    division: 'optional',
    implemented: false,
  },
  markNotificationRead: {
    method: 'PUT',
    path: '/api/notifications/{id}',
    summary: "Mark one of the caller's notifications read",
    access: signedIn,
    division: 'optional',
    implemented: false,
  },
  markAllNotificationsRead: {
    method: 'PUT',
    path: '/api/notifications',
    summary: "Mark all of the caller's notifications read",
    access: signedIn,
    division: 'optional',
    implemented: false,
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
