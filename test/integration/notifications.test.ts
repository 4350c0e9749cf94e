import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '@stormline/data/dynamo';
import { createNotification } from '@stormline/data/notifications';
import { call, NORTH, tokenFor } from '../support/api';
import { runtimeEnv } from '../support/runtime';
import { createTestUser } from '../support/users';

interface Notification {
  id: string;
  title: string;
  is_opened: boolean;
  date: string;
}
interface NotificationPage {
  pageData: Notification[];
  paginationState: { pageSize: number; numModels: number | null; nextCursor: string | null };
  unreadCount: number;
}

const pageAfter = (cursor: string) => `/api/notifications?cursor=${encodeURIComponent(cursor)}`;

const env = runtimeEnv();
const db = createDb({ tableName: env.TABLE_NAME!, endpoint: env.DYNAMODB_ENDPOINT });
afterAll(() => db.doc.destroy());

async function userWithNotifications(count: number) {
  const user = await createTestUser('Inspector', [NORTH]);
  const start = Date.now() - count * 60_000;
  for (let i = 0; i < count; i++) {
    await createNotification(
      db,
      user.id,
      { title: `Notification ${i}`, content: 'Something happened', link: null },
      new Date(start + i * 60_000),
    );
  }
  const signIn = await call<{ token: string }>('/api/login', {
    method: 'POST',
    body: { email: user.email, password: user.password },
  });
  return { user, token: signIn.body.token };
}

describe('notifications (the bell)', () => {
  it('lists the caller’s notifications newest first, 20 a page to page 3, with the unread count', async () => {
    const { token } = await userWithNotifications(45);
    const first = await call<NotificationPage>('/api/notifications', { token });
    expect(first.status).toBe(200);
    expect(first.body.unreadCount).toBe(45);
    expect(first.body.pageData).toHaveLength(20);
    expect(first.body.pageData[0]!.title).toBe('Notification 44');
    expect(first.body.paginationState).toMatchObject({ pageSize: 20, numModels: null });

    const second = await call<NotificationPage>(pageAfter(first.body.paginationState.nextCursor!), { token });
    expect(second.body.pageData).toHaveLength(20);
    expect(second.body.pageData[0]!.title).toBe('Notification 24');

    const third = await call<NotificationPage>(pageAfter(second.body.paginationState.nextCursor!), { token });
    expect(third.body.pageData.map((n) => n.title)).toEqual([
      'Notification 4',
      'Notification 3',
      'Notification 2',
      'Notification 1',
      'Notification 0',
    ]);
    expect(third.body.paginationState.nextCursor).toBeNull();
  });

  it('marks one read and then all read', async () => {
    const { token } = await userWithNotifications(3);
    const list = await call<NotificationPage>('/api/notifications', { token });
    const target = list.body.pageData[1]!;
    const read = await call<Notification>(`/api/notifications/${target.id}`, { method: 'PUT', token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: target.id, is_opened: true });
    expect((await call<NotificationPage>('/api/notifications', { token })).body.unreadCount).toBe(2);

    const all = await call<{ updated: number }>('/api/notifications', { method: 'PUT', token });
    expect(all.body).toEqual({ updated: 2, remaining: 0 });
    const after = await call<NotificationPage>('/api/notifications', { token });
    expect(after.body.unreadCount).toBe(0);
    expect(after.body.pageData.every((n) => n.is_opened)).toBe(true);
  });

  it("cannot read or mark another user's notifications", async () => {
    const owner = await userWithNotifications(1);
    const [theirs] = (await call<NotificationPage>('/api/notifications', { token: owner.token })).body
      .pageData;
    const other = await tokenFor('regional.manager@example.com');
    const attempt = await call(`/api/notifications/${theirs!.id}`, { method: 'PUT', token: other });
    expect(attempt.status).toBe(404);
    expect(attempt.body).toEqual({ message: 'Notification not found' });
    expect(
      (await call<NotificationPage>('/api/notifications', { token: owner.token })).body.unreadCount,
    ).toBe(1);
  });

  it('marks a long backlog read in batches, and the count stays true', async () => {
    const { token } = await userWithNotifications(130);
    const all = await call<{ updated: number; remaining: number }>('/api/notifications', {
      method: 'PUT',
      token,
    });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ updated: 130, remaining: 0 });
    const after = await call<NotificationPage>('/api/notifications', { token });
    expect(after.body.unreadCount).toBe(0);
    expect(after.body.pageData.every((n) => n.is_opened)).toBe(true);
    // Again: nothing left, and a notification read twice is not counted twice.
    expect((await call('/api/notifications', { method: 'PUT', token })).body).toEqual({
      updated: 0,
      remaining: 0,
    });
    await call(`/api/notifications/${after.body.pageData[0]!.id}`, { method: 'PUT', token });
    expect((await call<NotificationPage>('/api/notifications', { token })).body.unreadCount).toBe(0);
  });

  it('refuses a forged, edited or borrowed cursor', async () => {
    const mine = await userWithNotifications(25);
    const theirs = await userWithNotifications(25);
    const theirCursor = (await call<NotificationPage>('/api/notifications', { token: theirs.token })).body
      .paginationState.nextCursor!;
    const myCursor = (await call<NotificationPage>('/api/notifications', { token: mine.token })).body
      .paginationState.nextCursor!;
    const [payload, signature] = myCursor.split('.');
    const edited = `${Buffer.from(JSON.stringify({ pk: `USER#${theirs.user.id}`, sk: 'NOTIFICATION#z' })).toString('base64url')}.${signature}`;
    const unsigned = Buffer.from(JSON.stringify({ sk: 'USER' })).toString('base64url');
    for (const [label, cursor] of Object.entries({
      unsigned,
      edited,
      'signature cut': `${payload}.${signature!.slice(0, -2)}`,
      "another user's": theirCursor,
    })) {
      const response = await call(pageAfter(cursor), { token: mine.token });
      expect(response.status, label).toBe(400);
      expect(response.body, label).toEqual({ message: 'The cursor is not valid' });
    }
    expect((await call(pageAfter(myCursor), { token: mine.token })).status).toBe(200);
  });

  it('seeds the demo staff with two unread notifications', async () => {
    const token = await tokenFor('inspector@example.com');
    // Other tests' work on the demo projects notifies the demo staff too: the seeded three are the
    // oldest, at the end of the list.
    const listed: Notification[] = [];
    let path: string | null = '/api/notifications';
    while (path) {
      const page: NotificationPage = (await call<NotificationPage>(path, { token })).body;
      listed.push(...page.pageData);
      path = page.paginationState.nextCursor ? pageAfter(page.paginationState.nextCursor) : null;
    }
    const seeded = listed.slice(-3);
    expect(seeded.map((n) => n.title)).toEqual([
      'Inspection Ready To Sign',
      'Missed Inspection',
      'Inspection Complete',
    ]);
    expect(seeded.filter((n) => !n.is_opened)).toHaveLength(2);
  });
});
