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
  date: '2026-11-20T09:00:00.000Z',
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
  ]));
});
afterEach(() => {
  storage.clearToken();
  vi.unstubAllGlobals();
});

describe('the bell past its first page', () => {
  it('shows older notifications on request, marks one read, and offers no more after the last page', async () => {
    renderWithApp(<NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 22 unread' }));
    expect(await screen.findAllByTestId('notification-item')).toHaveLength(20);
    const panel = screen
      .getAllByTestId('notification-item')[0]!
      .closest('[aria-label="Notifications"]') as HTMLElement;

    await userEvent.click(within(panel).getByRole('button', { name: 'Show older notifications' }));
    const older = await within(panel).findByRole('button', { name: /^Unread: Finding 22 is past due/ });
    expect(within(panel).getAllByTestId('notification-item')).toHaveLength(22);
    expect(requests.map((r) => r.query.get('cursor'))).toContain('after-20');
    expect(within(panel).queryByRole('button', { name: 'Show older notifications' })).toBeNull();

    await userEvent.click(older);
    expect(await within(panel).findByRole('button', { name: /^Finding 22 is past due/ })).toBeTruthy();
    expect(read.has('n22')).toBe(true);
    expect(await screen.findByRole('button', { name: 'Notifications, 21 unread' })).toBeTruthy();
  });
});
