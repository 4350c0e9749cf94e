import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationsRoutes } from '@stormline/contract/areas/notifications';
import { storage } from '../../../lib/storage';
import { ok, refuse, serveApi, type Answer } from '../../../testing/api';
import { renderWithApp } from '../../../testing/render';
import { useNotifications } from './get-notifications';
import { useMarkRead } from './mark-read';

const notification = (id: string) => ({
  id,
  title: `Finding ${id}`,
  content: 'A finding is past its due date.',
  date: '2026-11-20T09:00:00.000Z',
  link: null,
  is_opened: false,
});

/** The smallest bell: the unread count and a button per unread notification. */
function Bell() {
  const { data } = useNotifications();
  const { markRead } = useMarkRead();
  if (!data) return <p>Loading…</p>;
  return (
    <>
      <p>{data.unreadCount} unread</p>
      {data.pageData.map((item) => (
        <button key={item.id} onClick={() => void markRead(item.id).catch(() => {})}>
          {item.title} {item.is_opened ? '(read)' : ''}
        </button>
      ))}
    </>
  );
}

let answerMark: (answer: Answer) => void;

beforeEach(async () => {
  storage.setToken('a-token');
  let marked = false;
  await serveApi([
    [
      notificationsRoutes.listNotifications,
      () =>
        ok(notificationsRoutes.listNotifications, {
          pageData: [{ ...notification('n1'), is_opened: marked }, notification('n2')],
          paginationState: { pageSize: 20, numModels: null, nextCursor: null },
          unreadCount: marked ? 1 : 2,
        }),
    ],
    [
      notificationsRoutes.markNotificationRead,
      () =>
        new Promise((resolve) => {
          answerMark = (answer) => {
            if (!('status' in answer) || answer.status < 300) marked = true;
            resolve(answer);
          };
        }),
    ],
  ]);
});
afterEach(() => {
  storage.clearToken();
  vi.unstubAllGlobals();
});

describe('marking a notification read (the optimistic write)', () => {
  it('shows it read at once, before the server answers, and keeps it when the server agrees', async () => {
    renderWithApp(<Bell />);
    await userEvent.click(await screen.findByRole('button', { name: /Finding n1/ }));
    expect(screen.getByText('1 unread')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Finding n1 (read)' })).toBeTruthy();
    answerMark(ok(notificationsRoutes.markNotificationRead, { ...notification('n1'), is_opened: true }));
    expect(await screen.findByText('1 unread')).toBeTruthy();
  });

  it('goes back to unread when the server refuses', async () => {
    renderWithApp(<Bell />);
    await userEvent.click(await screen.findByRole('button', { name: /Finding n1/ }));
    expect(screen.getByText('1 unread')).toBeTruthy();
    answerMark(refuse(500, 'Something went wrong on our side.'));
    expect(await screen.findByText('2 unread')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Finding n1' })).toBeTruthy();
  });
});
