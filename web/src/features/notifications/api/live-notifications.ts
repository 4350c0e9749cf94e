import { mutate } from 'swr';
import { useUserMessages } from '../../../lib/realtime';
import { notificationsKey } from './get-notifications';

/**
 * Keeps the bell live (issue 11): while signed in, the session's realtime socket (lib/realtime.ts)
 * listens; a pushed notification reads the list again, so the count changes without a reload.
 * Without a WebSocket address the bell polls as before.
 */
export function useLiveNotifications(token: string | null) {
  useUserMessages(token, (message) => {
    if (message.type === 'notification' && token) void mutate(notificationsKey(token));
  });
}
