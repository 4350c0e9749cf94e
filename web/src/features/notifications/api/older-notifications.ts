import { useRef, useState } from 'react';
import type { NotificationPage } from '@stormline/contract/areas/notifications';
import type * as z from 'zod/mini';
import { getOlderNotifications, type NotificationItem } from './get-notifications';

type Bell = z.infer<typeof NotificationPage>;

export interface OlderNotifications {
  /** The first page as it was when older pages were first asked for, then every older page read. */
  items: NotificationItem[];
  cursor: string | null;
  status: 'idle' | 'loading' | 'failed';
  /** How many the last page added, for the announcement. */
  added: number;
}

const uniqueById = (items: readonly NotificationItem[]) => [
  ...new Map(items.map((item) => [item.id, item])).values(),
];

/**
 * The bell's list: the first page (kept fresh by polling and the live socket) and the older pages
 * read so far, each notification once with its freshest state, newest first. The first page as it
 * was when the older pages were asked for stays in the list, so one pushed past the first page by
 * a new arrival does not fall between the pages.
 */
export function bellItems(firstPage: readonly NotificationItem[], older: OlderNotifications | null) {
  const fresh = new Set(firstPage.map((item) => item.id));
  const rest = (older?.items ?? []).filter((item) => !fresh.has(item.id));
  return uniqueById([...firstPage, ...rest]).sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
}

/**
 * The pages after the bell's first, read on demand while the panel is open and forgotten when it
 * closes. An answer that arrives after the panel closed is dropped, so a reopened panel starts from
 * the first page again.
 */
export function useOlderNotifications(bell: Bell | undefined) {
  const [older, setOlder] = useState<OlderNotifications | null>(null);
  const generation = useRef(0);
  const cursor = older ? older.cursor : (bell?.paginationState.nextCursor ?? null);

  const loadOlder = async () => {
    if (!cursor || older?.status === 'loading') return;
    const asked = generation.current;
    setOlder({ items: older?.items ?? bell?.pageData ?? [], cursor, status: 'loading', added: 0 });
    try {
      const page = await getOlderNotifications(cursor);
      if (generation.current !== asked) return;
      setOlder(
        (now) =>
          now && {
            items: uniqueById([...now.items, ...page.pageData]),
            cursor: page.paginationState.nextCursor,
            status: 'idle',
            added: page.pageData.length,
          },
      );
    } catch {
      if (generation.current !== asked) return;
      setOlder((now) => now && { ...now, status: 'failed' });
    }
  };

  /** Shows `ids` (all with null) read, or unread again when the server refused. */
  const showRead = (ids: readonly string[] | null, read: boolean) =>
    setOlder(
      (now) =>
        now && {
          ...now,
          items: now.items.map((item) =>
            ids === null || ids.includes(item.id) ? { ...item, is_opened: read } : item,
          ),
        },
    );

  const forget = () => {
    generation.current += 1;
    setOlder(null);
  };

  return { older, hasMore: Boolean(cursor), loadOlder, showRead, forget };
}
