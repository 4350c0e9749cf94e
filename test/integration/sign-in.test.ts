import { describe, expect, it } from 'vitest';
import { call, demoAccount, NORTH, SOUTH, tokenFor } from '../support/api';
import { createTestUser } from '../support/users';

describe('POST /api/login', () => {
  it('answers a token for the seeded admin', async () => {
    const response = await call<{ token: string }>('/api/login', {
      method: 'POST',
      body: { email: 'admin@example.com', password: 'Admin-Passw0rd!' },
    });
    expect(response.status).toBe(200);
    expect(response.body.token.split('.')).toHaveLength(3);
  });

  it('accepts the email in any case', async () => {
    const response = await call('/api/login', {
      method: 'POST',
      body: { email: '  Inspector@Example.com ', password: demoAccount('inspector@example.com').password },
    });
    expect(response.status).toBe(200);
  });

  it('says the same thing for an unknown email and a wrong password', async () => {
    const wrong = await call('/api/login', {
      method: 'POST',
      body: { email: 'regulator@example.com', password: 'nope' },
    });
    const unknown = await call('/api/login', {
      method: 'POST',
      body: { email: 'nobody@example.com', password: 'nope' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid email or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it("validates with the spec's messages", async () => {
    const badEmail = await call('/api/login', {
      method: 'POST',
      body: { email: 'not-an-email', password: 'x' },
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body).toMatchObject({ message: 'Please enter a valid email address' });
    const noPassword = await call('/api/login', {
      method: 'POST',
      body: { email: 'a@example.com', password: '' },
    });
    expect(noPassword.body).toMatchObject({ message: 'Password is required' });
  });

  it('locks an account after 5 failed attempts, even for the right password', async () => {
    const { email, password } = await createTestUser('BMP Contractor', [NORTH]);
    for (let i = 0; i < 5; i++) {
      const attempt = await call('/api/login', { method: 'POST', body: { email, password: `wrong-${i}` } });
      expect(attempt.status).toBe(401);
    }
    const locked = await call('/api/login', {
      method: 'POST',
      body: { email, password },
    });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({
      message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
    });
  });
});

describe('GET /api/users/profile', () => {
  it('answers the user with divisions, permissions, pages and navigation', async () => {
    const token = await tokenFor('inspector@example.com');
    const response = await call<Record<string, unknown>>('/api/users/profile', { token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      email: 'inspector@example.com',
      roleName: 'Inspector',
      divisions: [{ id: NORTH, name: 'North Region' }],
      electronicSignatureAuthorization: true,
    });
    const labels = (response.body.navigation as { label: string }[]).map((n) => n.label);
    expect(labels).toContain('Dashboard');
    expect(labels).toContain('Project');
    expect(labels).not.toContain('Inspection Templates');
    expect(labels).not.toContain('Divisions');
    expect(response.body).not.toHaveProperty('passwordHash');
  });

  it('shows Inspection Templates to a Regional Manager', async () => {
    const token = await tokenFor('regional.manager@example.com');
    const response = await call<{ navigation: { label: string }[] }>('/api/users/profile', { token });
    expect(response.body.navigation.map((n) => n.label)).toContain('Inspection Templates');
  });

  it('ignores a stale divisionId header, so the SPA can always load the profile and pick a division', async () => {
    const token = await tokenFor('inspector@example.com');
    const response = await call('/api/users/profile', { token, divisionId: SOUTH });
    expect(response.status).toBe(200);
  });

  it("says 'User is not logged in' without a token", async () => {
    const response = await call('/api/users/profile');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'User is not logged in' });
  });
});

describe('POST /api/users/profile', () => {
  it('saves own fields and answers 409 to a stale version', async () => {
    const token = await tokenFor('client.manager@example.com');
    const before = await call<{ version: number; first_name: string }>('/api/users/profile', { token });
    const update = {
      first_name: 'Claire',
      last_name: 'Mason-Reid',
      position: 'Site Lead',
      phone: null,
      phone_ext: '42',
      version: before.body.version,
    };
    const saved = await call<{ last_name: string; version: number; address: { phone_ext: string } }>(
      '/api/users/profile',
      {
        method: 'POST',
        token,
        body: update,
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.last_name).toBe('Mason-Reid');
    expect(saved.body.address.phone_ext).toBe('42');
    expect(saved.body.version).toBe(before.body.version + 1);

    const stale = await call('/api/users/profile', {
      method: 'POST',
      token,
      body: { ...update, last_name: 'Other' },
    });
    expect(stale.status).toBe(409);
    const after = await call<{ last_name: string }>('/api/users/profile', { token });
    expect(after.body.last_name).toBe('Mason-Reid');
  });

  it('refuses a first name over 100 characters and writes nothing', async () => {
    const token = await tokenFor('client.user@example.com');
    const before = await call<{ version: number; first_name: string }>('/api/users/profile', { token });
    const response = await call('/api/users/profile', {
      method: 'POST',
      token,
      body: { first_name: 'x'.repeat(101), last_name: 'Lee', version: before.body.version },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message: 'First name must be at most 100 characters' });
    const after = await call<{ version: number; first_name: string }>('/api/users/profile', { token });
    expect(after.body).toMatchObject({ version: before.body.version, first_name: before.body.first_name });
  });
});

describe('POST /api/logout', () => {
  it('ends the session: the token no longer works', async () => {
    const { email, password } = await createTestUser('Regulator', [NORTH]);
    const signIn = await call<{ token: string }>('/api/login', { method: 'POST', body: { email, password } });
    const token = signIn.body.token;
    expect((await call('/api/users/profile', { token })).status).toBe(200);
    expect((await call('/api/logout', { method: 'POST', token })).status).toBe(200);
    const after = await call('/api/users/profile', { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: 'Your session has ended. Please sign in again.' });
  });
});
