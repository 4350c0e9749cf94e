import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationsRoutes } from '@stormline/contract/areas/notifications';
import { storage } from '../../../lib/storage';
import { ok, serveApi, type ServedRequest } from '../../../testing/api';
import { renderWithApp } from '../../../testing/render';
import { NotificationBell } from './notification-bell';

const notification = (n: number) => ({
  id: `n${n}`,
  title: `Finding ${n} is past due`,
  content: '',
  // Newest first: n1 is the newest.
  date: `2026-11-20T09:${String(59 - n).padStart(2, '0')}:00.000Z`,
  link: null,
  is_opened: false,
});

/** Twenty on the first page, then a second page of two and nothing after it. */
const PAGES: Record<string, { ids: number[]; next: string | null }> = {
  first: { ids: Array.from({ length: 20 }, (_, i) => i + 1), next: 'after-20' },
  'after-20': { ids: [21, 22], next: null },
};

let requests: ServedRequest[];
const read = new Set<string>();

beforeEach(async () => {
  storage.setToken('a-token');
  read.clear();
  ({ requests } = await serveApi([
    [
      notificationsRoutes.listNotifications,
      ({ query }) => {
        const page = PAGES[query.get('cursor') ?? 'first']!;
        return ok(notificationsRoutes.listNotifications, {
          pageData: page.ids.map((n) => ({ ...notification(n), is_opened: read.has(`n${n}`) })),
          paginationState: { pageSize: 20, numModels: null, nextCursor: page.next },
          unreadCount: 22 - read.size,
        });
      },
    ],
    [
      notificationsRoutes.markNotificationRead,
      ({ params }) => {
        read.add(params.id!);
        return ok(notificationsRoutes.markNotificationRead, {
          ...notification(0),
          id: params.id,
          is_opened: true,
        });
      },
    ],
    [
      notificationsRoutes.markAllNotificationsRead,
      () => {
        for (let n = 1; n <= 22; n++) read.add(`n${n}`);
        return ok(notificationsRoutes.markAllNotificationsRead, { updated: 22, remaining: 0 });
      },
    ],
  ]));
});
afterEach(() => {
  storage.clearToken();
  vi.unstubAllGlobals();
});

async function openPanel() {
  await userEvent.click(await screen.findByRole('button', { name: /^Notifications, \d+ unread$/ }));
  expect(await screen.findAllByTestId('notification-item')).toHaveLength(20);
  return screen
    .getAllByTestId('notification-item')[0]!
    .closest('[aria-label="Notifications"]') as HTMLElement;
}

describe('the bell past its first page', () => {
  it('shows older notifications on request, marks one read at once, and says when there are no more', async () => {
    renderWithApp(<NotificationBell />);
    const panel = await openPanel();
    await userEvent.click(within(panel).getByRole('button', { name: 'Show older notifications' }));
    const older = await within(panel).findByRole('button', { name: /^Unread: Finding 22 is past due/ });
    expect(within(panel).getAllByTestId('notification-item')).toHaveLength(22);
    expect(requests.map((r) => r.query.get('cursor'))).toContain('after-20');
    // The control stays (focus is not lost), says there is nothing more, and does nothing.
    const none = within(panel).getByRole('button', { name: 'No older notifications' });
    expect(none.getAttribute('aria-disabled')).toBe('true');
    expect(within(panel).getByRole('status').textContent).toBe('2 older notifications shown.');

    await userEvent.click(older);
    // At once, before the list is read again: the item and the count.
    expect(within(panel).getByRole('button', { name: /^Finding 22 is past due/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notifications, 21 unread' })).toBeTruthy();
    expect(read.has('n22')).toBe(true);
  });

  it('marks the older pages read too with Mark all read', async () => {
    renderWithApp(<NotificationBell />);
    const panel = await openPanel();
    await userEvent.click(within(panel).getByRole('button', { name: 'Show older notifications' }));
    await within(panel).findByRole('button', { name: /^Unread: Finding 22 is past due/ });
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    expect(within(panel).queryAllByText(/^Unread:/)).toHaveLength(0);
    // The button is gone with the last unread one; focus stays in the panel, on its heading.
    expect(within(panel).queryByRole('button', { name: 'Mark all read' })).toBeNull();
    expect(document.activeElement).toBe(within(panel).getByText('Notifications'));
    await userEvent.tab();
    expect(panel.contains(document.activeElement)).toBe(true);
  });

  it('forgets the older pages when the panel closes', async () => {
    renderWithApp(<NotificationBell />);
    let panel = await openPanel();
    await userEvent.click(within(panel).getByRole('button', { name: 'Show older notifications' }));
    await within(panel).findByRole('button', { name: /^Unread: Finding 22 is past due/ });
    await userEvent.keyboard('{Escape}');
    panel = await openPanel();
    expect(within(panel).getAllByTestId('notification-item')).toHaveLength(20);
    expect(within(panel).getByRole('button', { name: 'Show older notifications' })).toBeTruthy();
  });
});
