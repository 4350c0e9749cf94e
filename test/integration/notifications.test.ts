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
  nextCursor: string | null;
  unreadCount: number;
}

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
  it('lists the caller’s notifications newest first, 20 a page, with the unread count', async () => {
    const { token } = await userWithNotifications(23);
    const first = await call<NotificationPage>('/api/notifications', { token });
    expect(first.status).toBe(200);
    expect(first.body.unreadCount).toBe(23);
    expect(first.body.pageData).toHaveLength(20);
    expect(first.body.pageData[0]!.title).toBe('Notification 22');
    expect(first.body.nextCursor).not.toBeNull();

    const second = await call<NotificationPage>(
      `/api/notifications?cursor=${encodeURIComponent(first.body.nextCursor!)}`,
      { token },
    );
    expect(second.body.pageData.map((n) => n.title)).toEqual([
      'Notification 2',
      'Notification 1',
      'Notification 0',
    ]);
    expect(second.body.nextCursor).toBeNull();
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
    expect(all.body).toEqual({ updated: 2 });
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

  it('refuses a forged cursor', async () => {
    const { token } = await userWithNotifications(1);
    const forged = Buffer.from(JSON.stringify({ sk: 'USER' })).toString('base64url');
    const response = await call(`/api/notifications?cursor=${forged}`, { token });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'The cursor is not valid' });
  });

  it('seeds the demo staff with two unread notifications', async () => {
    const token = await tokenFor('inspector@example.com');
    const page = await call<NotificationPage>('/api/notifications', { token });
    expect(page.body.pageData.map((n) => n.title)).toEqual([
      'Inspection Ready To Sign',
      'Missed Inspection',
      'Inspection Complete',
    ]);
  });
});
