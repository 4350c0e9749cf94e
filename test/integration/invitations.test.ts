import { createHash, randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, NORTH, SOUTH, tokenFor } from '../support/api';
import { lastMessageTo, linkToken, messagesTo } from '../support/outbox';
import { runtimeEnv } from '../support/runtime';
import { storedItem, testTable } from '../support/table';
import { createTestUser } from '../support/users';

/**
 * Spec 001 §2: Add Users invites by email; each invitee gets an e-mail with a single-use,
 * expiring /user/register/{uuid} link, validates it, registers and signs in.
 */

const db = testTable();
afterAll(() => db.doc.destroy());

let adminToken: string;
beforeAll(async () => {
  adminToken = await tokenFor('admin@example.com');
});

const newEmail = (tag = 'invitee') => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

async function invite(emails: string[], extra: Record<string, unknown> = {}, token = adminToken) {
  return call<{ users: { id: string; email: string; status: string }[]; message?: string }>('/api/users', {
    method: 'POST',
    token,
    divisionId: NORTH,
    body: { emails, roleId: 'inspector', divisionIds: [NORTH], ...extra },
  });
}

const registration = (token: string) => ({
  token,
  first_name: 'Imogen',
  last_name: 'Invited',
  phone: '0113 496 0000',
  phone_ext: '',
  position: 'Field Inspector',
  password: 'Fresh-Passw0rd!',
  electronicSignatureAuthorization: true,
  dataPolicySignature: true,
});

describe('inviting users (POST /api/users)', () => {
  it('creates invited users and sends each a real invitation e-mail naming who invited them', async () => {
    const [first, second] = [newEmail(), newEmail()];
    const response = await invite([first, second]);
    expect(response.status).toBe(201);
    expect(response.body.users.map((u) => [u.email, u.status])).toEqual([
      [first, 'invited'],
      [second, 'invited'],
    ]);
    for (const email of [first, second]) {
      const mail = await lastMessageTo(email);
      expect(mail.channel).toBe('email');
      expect(mail.subject).toBe('Avery Admin invited you to Stormline Inspections');
      expect(mail.text).toMatch(/^Hello,\n/);
      expect(mail.text).toContain(
        'Avery Admin (admin@example.com) has invited you to join Stormline Inspections as Inspector in North Region.',
      );
      expect(mail.text).toContain(`${runtimeEnv().SITE_URL}/user/register/`);
      // The runtime is the UK's: the day before the month, written out (never 06-05-2026).
      expect(mail.text).toMatch(
        /expires on [A-Z][a-z]+day, \d{1,2} [A-Z][a-z]+ \d{4} at \d\d:\d\d UTC \(in 7 days\)/,
      );
    }
    // The table keeps only the link's hash, never the token itself.
    const token = linkToken(await lastMessageTo(first), '/user/register/');
    const hash = createHash('sha256').update(token).digest('hex');
    expect(await storedItem(db, { pk: `LINK#${hash}`, sk: 'INVITE' })).toBeDefined();
    expect(
      JSON.stringify(await storedItem(db, { pk: `USER#${response.body.users[0]!.id}`, sk: 'USER' })),
    ).not.toContain(token);
  });

  it('lets the invitee validate the link, register and sign in; the link then stops working', async () => {
    const email = newEmail();
    await invite([email], { position: 'Site Inspector' });
    const token = linkToken(await lastMessageTo(email), '/user/register/');

    const validated = await call('/api/user/validate', { method: 'POST', body: { token } });
    expect(validated.status).toBe(200);
    expect(validated.body).toEqual({ first_name: '', last_name: '', position: 'Site Inspector', email });

    const before = await call('/api/login', { method: 'POST', body: { email, password: 'Fresh-Passw0rd!' } });
    expect(before.status).toBe(401);

    const registered = await call<{ token: string }>('/api/register', {
      method: 'POST',
      body: registration(token),
    });
    expect(registered.status).toBe(200);
    const profile = await call<Record<string, unknown>>('/api/users/profile', {
      token: registered.body.token,
    });
    expect(profile.body).toMatchObject({
      name: 'Imogen Invited',
      email,
      status: 'active',
      roleName: 'Inspector',
      position: 'Field Inspector',
      electronicSignatureAuthorization: true,
      dataPolicySignature: true,
      divisions: [{ id: NORTH, name: 'North Region' }],
    });

    const signIn = await call('/api/login', { method: 'POST', body: { email, password: 'Fresh-Passw0rd!' } });
    expect(signIn.status).toBe(200);

    // Single use: the same link neither validates nor registers again.
    const again = await call('/api/register', {
      method: 'POST',
      body: { ...registration(token), password: 'Other-Passw0rd!' },
    });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({
      message:
        'This invitation link is not valid or has expired. Ask your administrator to invite you again.',
    });
    expect((await call('/api/user/validate', { method: 'POST', body: { token } })).status).toBe(404);

    // The registered user is found by the name they gave, in the users list search.
    const search = await call<{ pageData: { email: string }[] }>('/api/users?s=imogen', {
      token: adminToken,
      divisionId: NORTH,
    });
    expect(search.body.pageData.map((u) => u.email)).toContain(email);
  });

  it('refuses an expired link', async () => {
    const email = newEmail();
    await invite([email]);
    const token = linkToken(await lastMessageTo(email), '/user/register/');
    const hash = createHash('sha256').update(token).digest('hex');
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: { pk: `LINK#${hash}`, sk: 'INVITE' },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    expect((await call('/api/user/validate', { method: 'POST', body: { token } })).status).toBe(404);
    const register = await call('/api/register', { method: 'POST', body: registration(token) });
    expect(register.status).toBe(404);
  });

  it('re-invites (POST /api/users/{id}/invite): a new link, and the previous one stops working', async () => {
    const email = newEmail();
    const created = await invite([email]);
    const id = created.body.users[0]!.id;
    const oldToken = linkToken(await lastMessageTo(email), '/user/register/');
    const again = await call(`/api/users/${id}/invite`, {
      method: 'POST',
      token: adminToken,
      divisionId: NORTH,
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ message: `The invitation was sent again to ${email}` });
    expect(await messagesTo(email)).toHaveLength(2);
    const newToken = linkToken(await lastMessageTo(email), '/user/register/');
    expect(newToken).not.toBe(oldToken);
    expect((await call('/api/user/validate', { method: 'POST', body: { token: oldToken } })).status).toBe(
      404,
    );
    expect((await call('/api/user/validate', { method: 'POST', body: { token: newToken } })).status).toBe(
      200,
    );
    // Once registered, there is nothing to re-invite.
    await call('/api/register', { method: 'POST', body: registration(newToken) });
    const late = await call(`/api/users/${id}/invite`, {
      method: 'POST',
      token: adminToken,
      divisionId: NORTH,
    });
    expect(late.status).toBe(400);
  });

  it("validates the spec's email rules and refuses a taken email, writing nothing", async () => {
    const fresh = newEmail();
    const cases: [unknown, string][] = [
      [[], 'At least one email is required'],
      [['not-an-email'], 'Please enter a valid email address'],
      [[fresh, fresh.toUpperCase()], 'Each email may be entered once'],
    ];
    for (const [emails, message] of cases) {
      const response = await invite(emails as string[]);
      expect(response.status, message).toBe(400);
      expect(response.body.message).toBe(message);
    }
    const taken = await invite([fresh, 'inspector@example.com']);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('A user with the email inspector@example.com already exists');
    expect(await messagesTo(fresh)).toHaveLength(0);
    expect(await storedItem(db, { pk: `EMAIL#${fresh}`, sk: 'EMAIL' })).toBeUndefined();
  });

  it('refuses divisions the caller is not in, roles the caller may not give, and a manager of the wrong role', async () => {
    const northAdmin = await createTestUser('Admin', [NORTH]);
    const signIn = await call<{ token: string }>('/api/login', {
      method: 'POST',
      body: { email: northAdmin.email, password: northAdmin.password },
    });
    const foreign = await invite([newEmail()], { divisionIds: [NORTH, SOUTH] }, signIn.body.token);
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('You can only add users to divisions you belong to');

    const clientManager = await tokenFor('client.manager@example.com');
    const admin = await invite([newEmail()], { roleId: 'admin' }, clientManager);
    expect(admin.status).toBe(403);
    expect(admin.body.message).toBe('Your role cannot give the role Admin');
    const regionalManager = await invite([newEmail()], { roleId: 'regional-manager' }, clientManager);
    expect(regionalManager.status).toBe(403);
    const inspector = await invite([newEmail()], {}, clientManager);
    expect(inspector.status).toBe(201);

    const inspectorId = (
      await call<{ id: string }>('/api/users/profile', { token: await tokenFor('inspector@example.com') })
    ).body.id;
    const wrongManager = await invite([newEmail()], { managerUserId: inspectorId });
    expect(wrongManager.status).toBe(400);
    expect(wrongManager.body.message).toBe(
      'The manager of a user with the role Inspector must hold the role Area / Assistant Manager',
    );
  });

  it("registration follows the spec's rules: names required, data privacy policy accepted", async () => {
    const email = newEmail();
    await invite([email]);
    const token = linkToken(await lastMessageTo(email), '/user/register/');
    const noName = await call('/api/register', {
      method: 'POST',
      body: { ...registration(token), first_name: ' ' },
    });
    expect(noName.status).toBe(400);
    expect(noName.body).toMatchObject({ message: 'First name is required' });
    const shortPassword = await call('/api/register', {
      method: 'POST',
      body: { ...registration(token), password: 'short' },
    });
    expect(shortPassword.body).toMatchObject({ message: 'Password must be at least 8 characters' });
    const noPolicy = await call('/api/register', {
      method: 'POST',
      body: { ...registration(token), dataPolicySignature: false },
    });
    expect(noPolicy.status).toBe(400);
    expect(noPolicy.body).toMatchObject({ message: 'Please accept the data privacy policy to register' });
    // None of the refusals used the link.
    expect((await call('/api/user/validate', { method: 'POST', body: { token } })).status).toBe(200);
  });
});
