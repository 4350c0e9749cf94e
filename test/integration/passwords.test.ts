import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { lastMessageTo, linkToken, messagesTo } from '../support/outbox';
import { runtimeEnv } from '../support/runtime';
import { testTable } from '../support/table';
import { createTestUser } from '../support/users';

/** Spec 001 §2: forgotten and reset password, through the outbox as a person would. */

const db = testTable();
afterAll(() => db.doc.destroy());

async function signIn(email: string, password: string) {
  return call<{ token: string; message?: string }>('/api/login', {
    method: 'POST',
    body: { email, password },
  });
}

async function forgot(email: string) {
  const started = performance.now();
  const response = await call<{ message: string }>('/api/forgotPassword', {
    method: 'POST',
    body: { email },
  });
  return { response, ms: performance.now() - started };
}

describe('forgotten password (POST /api/forgotPassword)', () => {
  it('answers the same for a known and an unknown email, in about the same time', async () => {
    // Three of each, alternating, compared by their medians: integration files run side by side
    // (docs/decisions/0023), and one request slowed by another file's must not decide the test.
    const message = (email: string) =>
      `If an account exists for ${email}, we have sent it a link to reset the password. The link expires in 60 minutes.`;
    const knownMs: number[] = [];
    const strangerMs: number[] = [];
    const users = [];
    const unknowns = [];
    for (let round = 0; round < 3; round++) {
      const user = await createTestUser('Inspector', ['north-region']);
      const unknown = `nobody-${randomUUID().slice(0, 8)}@example.com`;
      users.push(user);
      unknowns.push(unknown);
      const known = await forgot(user.email);
      const stranger = await forgot(unknown);
      expect(known.response.status).toBe(200);
      expect(stranger.response.status).toBe(200);
      expect(known.response.body).toEqual({ message: message(user.email) });
      expect(stranger.response.body).toEqual({ message: message(unknown) });
      // Both wait for the same floor: neither is quicker by the work an account takes.
      expect(known.ms).toBeGreaterThanOrEqual(650);
      expect(stranger.ms).toBeGreaterThanOrEqual(650);
      knownMs.push(known.ms);
      strangerMs.push(stranger.ms);
    }
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[1]!;
    expect(Math.abs(median(knownMs) - median(strangerMs))).toBeLessThan(250);
    for (const user of users) expect(await messagesTo(user.email)).toHaveLength(1);
    for (const unknown of unknowns) expect(await messagesTo(unknown)).toHaveLength(0);
  });

  it('sends at most 3 reset e-mails per address in 15 minutes, answering the same after', async () => {
    const user = await createTestUser('Inspector', ['north-region']);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await forgot(user.email)).response);
    expect(new Set(answers.map((a) => JSON.stringify([a.status, a.body]))).size).toBe(1);
    expect(await messagesTo(user.email)).toHaveLength(3);
  });
});

describe('reset password (POST /api/resetPassword)', () => {
  it('sets the new password from the e-mailed link once, signs the user in and ends their other sessions', async () => {
    const user = await createTestUser('Inspector', ['north-region']);
    const oldSession = (await signIn(user.email, user.password)).body.token;
    await forgot(user.email);
    const mail = await lastMessageTo(user.email);
    expect(mail.subject).toBe('Reset your Stormline Inspections password');
    expect(mail.text).toContain(`${runtimeEnv().SITE_URL}/reset-password/`);
    const token = linkToken(mail, '/reset-password/');

    const reset = await call<{ token: string; message: string }>('/api/resetPassword', {
      method: 'POST',
      body: { token, password: 'Brand-New-Passw0rd' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Your password has been reset. You are now signed in.');
    expect((await call('/api/users/profile', { token: reset.body.token })).status).toBe(200);

    // The token held before the reset no longer works; the old password neither.
    const stale = await call('/api/users/profile', { token: oldSession });
    expect(stale.status).toBe(401);
    expect(stale.body).toEqual({ message: 'Your session has ended. Please sign in again.' });
    expect((await signIn(user.email, user.password)).status).toBe(401);
    expect((await signIn(user.email, 'Brand-New-Passw0rd')).status).toBe(200);

    const again = await call('/api/resetPassword', {
      method: 'POST',
      body: { token, password: 'Third-Passw0rd!' },
    });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({
      message: 'This password reset link is not valid or has expired. Please request a new one.',
    });
  });

  it('a newer request replaces the previous link', async () => {
    const user = await createTestUser('Inspector', ['north-region']);
    await forgot(user.email);
    const first = linkToken(await lastMessageTo(user.email), '/reset-password/');
    await forgot(user.email);
    const second = linkToken(await lastMessageTo(user.email), '/reset-password/');
    const old = await call('/api/resetPassword', {
      method: 'POST',
      body: { token: first, password: 'Whatever-123' },
    });
    expect(old.status).toBe(404);
    const current = await call('/api/resetPassword', {
      method: 'POST',
      body: { token: second, password: 'Whatever-123' },
    });
    expect(current.status).toBe(200);
  });

  it('refuses a made-up link and a short password', async () => {
    const made = await call('/api/resetPassword', {
      method: 'POST',
      body: { token: 'a'.repeat(43), password: 'Long-enough-1' },
    });
    expect(made.status).toBe(404);
    // The same answer as a used link's; the password is hashed only for a live link (the order is
    // unit-tested in functions/src/http/auth/link-order.test.ts).
    expect(made.body).toEqual({
      message: 'This password reset link is not valid or has expired. Please request a new one.',
    });
    const register = await call('/api/register', {
      method: 'POST',
      body: {
        token: 'b'.repeat(43),
        first_name: 'Made',
        last_name: 'Up',
        password: 'Long-enough-1',
        electronicSignatureAuthorization: false,
        dataPolicySignature: true,
      },
    });
    expect(register.status).toBe(404);
    expect(register.body).toEqual({
      message:
        'This invitation link is not valid or has expired. Ask your administrator to invite you again.',
    });
    const short = await call('/api/resetPassword', {
      method: 'POST',
      body: { token: 'a'.repeat(43), password: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ message: 'Password must be at least 8 characters' });
  });
});
