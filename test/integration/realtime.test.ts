import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createDb } from '@stormline/data/dynamo';
import { connectionsOf } from '@stormline/data/connections';
import type { Deps } from '@stormline/functions/lib/deps';
import { postToUser } from '@stormline/functions/lib/realtime';
import { endUserSessions } from '@stormline/functions/lib/sessions';
import { call, NORTH, tokenFor } from '../support/api';
import { productDeps, runtimeEnv } from '../support/runtime';
import { closes, nextMessage, openSocket as open } from '../support/sockets';
import { signedToken } from '../support/tokens';
import { createTestUser } from '../support/users';

const env = runtimeEnv();
const db = createDb({ tableName: env.TABLE_NAME!, endpoint: env.DYNAMODB_ENDPOINT });
let deps: Deps;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  // The product's own session functions, run from the test process against the running product.
  deps = await productDeps();
});

afterAll(() => {
  for (const ws of sockets) ws.terminate();
  db.doc.destroy();
  deps.db.doc.destroy();
});

async function openTracked(token: string): Promise<WebSocket> {
  const ws = await open(token);
  sockets.push(ws);
  return ws;
}

/** A user of its own, signed in `sessions` times (a laptop, a phone...), with a socket per session. */
async function userWithSessions(sessions: number) {
  const user = await createTestUser('Regulator', [NORTH]);
  const tokens: string[] = [];
  for (let i = 0; i < sessions; i++) {
    const signIn = await call<{ token: string }>('/api/login', {
      method: 'POST',
      body: { email: user.email, password: user.password },
    });
    expect(signIn.status).toBe(200);
    tokens.push(signIn.body.token);
  }
  const opened = await Promise.all(tokens.map(openTracked));
  await expect.poll(async () => (await connectionsOf(db, user.id)).length).toBe(sessions);
  return { user, tokens, sockets: opened };
}

describe('the WebSocket API', () => {
  it('refuses a connection without a valid token', async () => {
    await expect(open()).rejects.toThrow(/401/);
    await expect(open('forged.token.value')).rejects.toThrow(/401/);
  });

  it('refuses a token signed with the right secret for no audience or another one', async () => {
    const token = await tokenFor('regulator@example.com');
    const { id } = (await call<{ id: string }>('/api/users/profile', { token })).body;
    const right = await open(signedToken({ sub: id, aud: 'stormline-api' }));
    right.close();
    await expect(open(signedToken({ sub: id }))).rejects.toThrow(/401/);
    await expect(open(signedToken({ sub: id, aud: 'stormline-download', path: '/dl/x' }))).rejects.toThrow(
      /401/,
    );
    const link = await call<{ url: string }>('/api/download-links', {
      method: 'POST',
      token,
      body: { path: '/dl/x' },
    });
    const downloadToken = new URL(link.body.url, 'http://x').searchParams.get('token')!;
    await expect(open(downloadToken)).rejects.toThrow(/401/);
  });

  it('refuses a signed-out token and leaves no connection item behind', async () => {
    const { user, tokens, sockets } = await userWithSessions(1);
    expect((await call('/api/logout', { method: 'POST', token: tokens[0] })).status).toBe(200);
    expect(await closes(sockets[0]!)).toBe(true);
    await expect(open(tokens[0])).rejects.toThrow(/401/);
    await expect.poll(async () => (await connectionsOf(db, user.id)).length).toBe(0);
  });

  it('delivers a message posted to a user through @connections, and forgets closed connections', async () => {
    const token = await tokenFor('regional.manager@example.com');
    const profile = await call<{ id: string }>('/api/users/profile', { token });
    const ws = await open(token);
    const received = nextMessage(ws);

    const delivered = await postToUser(deps, profile.body.id, {
      type: 'notification',
      title: 'Inspection Ready To Sign',
    });
    expect(delivered).toBe(1);
    expect(await received).toEqual({ type: 'notification', title: 'Inspection Ready To Sign' });

    ws.close();
    await expect.poll(async () => (await connectionsOf(db, profile.body.id)).length).toBe(0);
  });
});

describe('ending sessions', () => {
  it("endUserSessions refuses the user's earlier tokens and closes all their sockets; a later sign-in works", async () => {
    const { user, tokens, sockets } = await userWithSessions(2);
    const socketsClosed = Promise.all(sockets.map((ws) => closes(ws)));

    expect(await endUserSessions(deps, user.id)).toBe(2);
    expect(await socketsClosed).toEqual([true, true]);
    await expect.poll(async () => (await connectionsOf(db, user.id)).length).toBe(0);
    for (const token of tokens) {
      const response = await call('/api/users/profile', { token });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Your session has ended. Please sign in again.' });
      await expect(open(token)).rejects.toThrow(/401/);
    }

    const again = await call<{ token: string }>('/api/login', {
      method: 'POST',
      body: { email: user.email, password: user.password },
    });
    expect(again.status).toBe(200);
    expect((await call('/api/users/profile', { token: again.body.token })).status).toBe(200);
    const ws = await openTracked(again.body.token);
    const received = nextMessage(ws);
    expect(await postToUser(deps, user.id, { type: 'hello' })).toBe(1);
    expect(await received).toEqual({ type: 'hello' });
  });

  it("signing out closes that token's socket and none of the user's other sessions", async () => {
    const { user, tokens, sockets } = await userWithSessions(2);
    const [signedOut, stays] = sockets as [WebSocket, WebSocket];
    let staysClosed = false;
    stays.once('close', () => (staysClosed = true));

    const closing = closes(signedOut);
    expect((await call('/api/logout', { method: 'POST', token: tokens[0] })).status).toBe(200);
    expect(await closing).toBe(true);

    expect((await call('/api/users/profile', { token: tokens[0] })).status).toBe(401);
    expect((await call('/api/users/profile', { token: tokens[1] })).status).toBe(200);
    await expect.poll(async () => (await connectionsOf(db, user.id)).length).toBe(1);
    const received = nextMessage(stays);
    expect(await postToUser(deps, user.id, { type: 'still here' })).toBe(1);
    expect(await received).toEqual({ type: 'still here' });
    expect(staysClosed).toBe(false);
    expect(stays.readyState).toBe(WebSocket.OPEN);
  });
});
