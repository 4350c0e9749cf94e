import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { findUserByEmail } from '@stormline/data/users';
import { roleById } from '@stormline/domain/roles';
import type { Deps } from '@stormline/functions/lib/deps';
import { main as createUsers } from '@stormline/functions/http/users/create-users';
import { NORTH } from '../support/api';
import { testTable } from '../support/table';

/**
 * Add Users when the mail service fails part-way (SES throttling, an unverified sender): every
 * user is still created, the other e-mails still go, and the answer names exactly whose did not.
 * The sender is the one stand-in: the users are written to the test table for real.
 */

const UNSENDABLE = 'unsendable';
vi.mock('@stormline/functions/lib/accounts', async (original) => ({
  ...(await original<typeof import('@stormline/functions/lib/accounts')>()),
  sendInvitation: vi.fn(async (invitee: { email: string }) => {
    if (invitee.email.startsWith(UNSENDABLE)) throw new Error('Sending the e-mail failed (454): throttled');
    return 'sent';
  }),
}));

const db = testTable();
afterAll(() => db.doc.destroy());

describe('Add Users when an invitation e-mail fails (POST /api/users)', () => {
  it('creates every user, sends the others, and answers whose e-mail did not go', async () => {
    const admin = (await findUserByEmail(db, 'admin@example.com'))!;
    const role = roleById(admin.roleId)!;
    const tag = randomUUID().slice(0, 8);
    const emails = [`ann-${tag}@example.com`, `${UNSENDABLE}-${tag}@example.com`, `bob-${tag}@example.com`];
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const deps: Deps = { db, region: 'UK', jwtSecret: 'unused', now: () => new Date() };
    const answer = await createUsers({
      body: { emails, roleId: 'inspector', divisionIds: [NORTH] },
      caller: { user: admin, role, grants: { isAdmin: true, permissions: [] }, inRequestedDivision: true },
      divisionId: NORTH,
      deps,
    } as never);
    errors.mockRestore();

    expect(answer.status).toBe(201);
    expect(answer.body.users.map((u) => [u.email, u.status])).toEqual(emails.map((e) => [e, 'invited']));
    expect(answer.body.notSent).toEqual([emails[1]]);
    for (const email of emails) expect((await findUserByEmail(db, email))?.status).toBe('invited');
  });
});
