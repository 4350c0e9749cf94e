import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { baseUrl, call, NORTH, tokenFor } from '../support/api';
import { lastMessageTo, linkToken } from '../support/outbox';
import { createTestUser } from '../support/users';

/**
 * Ending a user's sessions closes their WebSockets too (docs/decisions/0009, 0013): deactivation,
 * a role change, a password reset and deletion each close every open socket of the user.
 */

const sockets: WebSocket[] = [];
afterAll(() => {
  for (const ws of sockets) ws.terminate();
});

function open(token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${baseUrl().replace('http', 'ws')}/ws?token=${encodeURIComponent(token)}`);
    sockets.push(ws);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

function closes(ws: WebSocket, withinMs = 10_000): Promise<boolean> {
  if (ws.readyState === WebSocket.CLOSED) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), withinMs);
    ws.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function signedInWithSocket(role: 'Inspector' | 'Client User') {
  const user = await createTestUser(role, [NORTH]);
  const signIn = await call<{ token: string }>('/api/login', {
    method: 'POST',
    body: { email: user.email, password: user.password },
  });
  return { user, socket: await open(signIn.body.token) };
}

const admin = () => tokenFor('admin@example.com');

describe("ending a user's sessions closes their WebSockets", () => {
  it('on deactivation', async () => {
    const { user, socket } = await signedInWithSocket('Inspector');
    const response = await call(`/api/users/${user.id}/status`, {
      method: 'PUT',
      token: await admin(),
      divisionId: NORTH,
      body: { status: 'inactive', version: 0 },
    });
    expect(response.status).toBe(200);
    expect(await closes(socket)).toBe(true);
  });

  it('on a role change', async () => {
    const { user, socket } = await signedInWithSocket('Inspector');
    const response = await call(`/api/users/update/${user.id}`, {
      method: 'POST',
      token: await admin(),
      divisionId: NORTH,
      body: {
        first_name: 'Test',
        last_name: 'Inspector',
        email: user.email,
        roleId: 'client-inspector',
        divisionIds: [NORTH],
        version: 0,
      },
    });
    expect(response.status).toBe(200);
    expect(await closes(socket)).toBe(true);
  });

  it('on a password reset', async () => {
    const { user, socket } = await signedInWithSocket('Client User');
    await call('/api/forgotPassword', { method: 'POST', body: { email: user.email } });
    const token = linkToken(await lastMessageTo(user.email), '/reset-password/');
    const reset = await call('/api/resetPassword', {
      method: 'POST',
      body: { token, password: 'Another-Passw0rd' },
    });
    expect(reset.status).toBe(200);
    expect(await closes(socket)).toBe(true);
  });

  it('on deletion', async () => {
    const { user, socket } = await signedInWithSocket('Client User');
    const response = await call(`/api/users/delete/${user.id}`, {
      method: 'DELETE',
      token: await admin(),
      divisionId: NORTH,
    });
    expect(response.status).toBe(200);
    expect(await closes(socket)).toBe(true);
  });
});
