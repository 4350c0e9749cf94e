import { useEffect } from 'react';
import { mutate } from 'swr';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { notificationsKey } from './get-notifications';

/** Waits before connecting again after a dropped connection: 1 s, doubling, at most a minute. */
const RETRY_MS = { first: 1000, max: 60_000 };
/**
 * Attempts that never open before giving up: a refused session (browsers do not say why a
 * handshake failed) must not knock every minute; the bell still polls.
 */
const MAX_FAILED_ATTEMPTS = 6;

/** The WebSocket API's address: the config's (absolute in the cloud, '/ws' on one machine). */
function socketUrl(base: string, token: string): string {
  const url = new URL(base, window.location.href);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  // Browsers cannot set headers on a WebSocket: the session token goes in the query (spec 001 §7).
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Keeps the bell live (issue 11): a WebSocket to the real-time API while signed in; a pushed
 * notification reads the list again, so the count changes without a reload. A dropped connection
 * is opened again with a growing pause; without a WebSocket address the bell polls as before.
 */
export function useLiveNotifications(token: string | null) {
  useEffect(() => {
    const base = getRuntimeConfig().websocketUrl;
    if (!token || !base || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let retry = RETRY_MS.first;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    let failed = 0;
    const open = () => {
      let opened = false;
      socket = new WebSocket(socketUrl(base, token));
      socket.addEventListener('open', () => {
        opened = true;
        failed = 0;
        retry = RETRY_MS.first;
      });
      socket.addEventListener('message', (event) => {
        const message = parse(event.data);
        if (message?.type === 'notification') void mutate(notificationsKey(token));
      });
      socket.addEventListener('close', () => {
        if (!opened) failed += 1;
        if (closed || failed >= MAX_FAILED_ATTEMPTS) return;
        timer = setTimeout(open, retry);
        retry = Math.min(retry * 2, RETRY_MS.max);
      });
    };
    open();
    return () => {
      closed = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [token]);
}

function parse(data: unknown): { type?: string } | null {
  if (typeof data !== 'string') return null;
  try {
    return JSON.parse(data) as { type?: string };
  } catch {
    return null;
  }
}
