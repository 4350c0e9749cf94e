import { formatDate } from '../../lib/format';

/** Spec 001 §2: the PDF annotation editor's status. */
/** 'unsaved': a change the server has not saved (it is kept and sent again: Retry, or on reconnecting). */
export type SaveStatus = 'loading' | 'loaded' | 'saving' | 'saved' | 'unsaved';

/** How long 'Saved: …' stays before the status clears (spec 001 §2: 10 s). */
export const SAVED_SHOWN_MS = 10_000;

/** 'Saved: 03-04-2026 @ 2:05 PM': the date as everywhere (MM-DD-YYYY) and the local time. */
export function savedText(at: Date): string {
  const time = at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return `Saved: ${formatDate(at)} @ ${time}`;
}

/** What the status line says; nothing once loaded and idle. */
export function statusText(status: SaveStatus, savedAt: Date | null): string {
  if (status === 'loading') return 'Loading…';
  if (status === 'saving') return 'Saving…';
  if (status === 'unsaved') return 'Not saved';
  if (status === 'saved' && savedAt) return savedText(savedAt);
  return '';
}
