import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createDb } from '@stormline/data/dynamo';
import { connectionsOf } from '@stormline/data/connections';
import { postToUser } from '@stormline/functions/lib/realtime';
import type { Deps } from '@stormline/functions/lib/deps';
import { baseUrl, call, tokenFor } from '../support/api';
import { runtimeEnv } from '../support/runtime';

function open(token?: string): Promise<WebSocket> {
  const url = `${baseUrl().replace('http', 'ws')}/ws${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

const env = runtimeEnv();
const db = createDb({ tableName: env.TABLE_NAME!, endpoint: env.DYNAMODB_ENDPOINT });
afterAll(() => db.doc.destroy());

describe('the WebSocket API', () => {
  it('refuses a connection without a valid token', async () => {
    await expect(open()).rejects.toThrow(/401/);
    await expect(open('forged.token.value')).rejects.toThrow(/401/);
  });

  it('delivers a message posted to a user through @connections, and forgets closed connections', async () => {
    const token = await tokenFor('regional.manager@example.com');
    const profile = await call<{ id: string }>('/api/users/profile', { token });
    const ws = await open(token);
    const received = new Promise<string>((resolve) => ws.once('message', (data) => resolve(data.toString())));

    process.env.WEBSOCKET_CALLBACK_URL = env.WEBSOCKET_CALLBACK_URL;
    const deps = { db } as Deps;
    const delivered = await postToUser(deps, profile.body.id, {
      type: 'notification',
      title: 'Inspection Ready To Sign',
    });
    expect(delivered).toBe(1);
    expect(JSON.parse(await received)).toEqual({ type: 'notification', title: 'Inspection Ready To Sign' });

    ws.close();
    await expect.poll(async () => (await connectionsOf(db, profile.body.id)).length).toBe(0);
  });
});
