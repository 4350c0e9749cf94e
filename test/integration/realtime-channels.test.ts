import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { channelsOf, subscribersOf } from '@stormline/data/channels';
import { makePdf } from '@stormline/local/seed/demo-files';
import type { Deps } from '@stormline/functions/lib/deps';
import { postToChannel } from '@stormline/functions/lib/realtime';
import { call, NORTH, SOUTH } from '../support/api';
import { productDeps } from '../support/runtime';
import { channelMessages, closes, openSocket, request } from '../support/sockets';
import { groupWithDocument } from '../support/uploads';
import { createTestUser, signInAs } from '../support/users';

/**
 * Realtime channels (issue 20): a browser subscribes over the WebSocket to a document's conversion
 * status or its annotations; the server checks, on each message, that the session still holds and
 * that the caller may read that document in the division named, as a download of it would.
 */

let deps: Deps;
const sockets: WebSocket[] = [];
let northToken: string;
let southToken: string;
let documentId: string;

beforeAll(async () => {
  // postToChannel runs from the test process against the running product, as a job's task would.
  deps = await productDeps();
  northToken = await signInAs(await createTestUser('Admin', [NORTH]));
  southToken = await signInAs(await createTestUser('Admin', [SOUTH]));
  const pdf = await makePdf('Erosion control plan', ['Silt fence along the east boundary.']);
  documentId = (await groupWithDocument(pdf, 'erosion-plan.pdf', { token: northToken })).document.id;
});

afterAll(() => {
  for (const ws of sockets) ws.terminate();
  deps.db.doc.destroy();
});

async function socketOf(token: string): Promise<WebSocket> {
  const ws = await openSocket(token);
  sockets.push(ws);
  return ws;
}

describe('subscribing to a channel', () => {
  it("delivers a document's messages to a reader who subscribed, and stops after unsubscribe", async () => {
    const ws = await socketOf(northToken);
    const channel = `xfdf:${documentId}`;
    const received = channelMessages(ws, channel);
    expect(await request(ws, { action: 'subscribe', channel, divisionId: NORTH })).toMatchObject({
      type: 'reply',
      ok: true,
      result: { channel },
    });

    expect(await postToChannel(deps, channel, { command: 'hello' })).toBeGreaterThanOrEqual(1);
    await expect.poll(() => received).toEqual([{ type: 'channel', channel, command: 'hello' }]);

    expect(await request(ws, { action: 'unsubscribe', channel })).toMatchObject({ ok: true });
    await postToChannel(deps, channel, { command: 'after' });
    // Nothing more arrives: a reply to a later request comes after anything posted before it.
    await request(ws, { action: 'unsubscribe', channel });
    expect(received.map((m) => m.command)).toEqual(['hello']);
  });

  it("skips the sender's own connection when asked (an annotation is not echoed to its author)", async () => {
    const author = await socketOf(northToken);
    const viewer = await socketOf(northToken);
    const channel = `status:convert:pdf:png:${documentId}`;
    const authorSaw = channelMessages(author, channel);
    const viewerSaw = channelMessages(viewer, channel);
    for (const ws of [author, viewer])
      expect((await request(ws, { action: 'subscribe', channel, divisionId: NORTH })).ok).toBe(true);
    const [authorConnection] = await connectionIdsOf(author, channel);
    await postToChannel(deps, channel, { status: 'queued' }, { except: authorConnection });
    await expect.poll(() => viewerSaw.length).toBe(1);
    await request(author, { action: 'unsubscribe', channel: 'none' });
    expect(authorSaw).toEqual([]);
  });

  it("refuses another division's user: the document is not found from theirs, and theirs is not the document's", async () => {
    const ws = await socketOf(southToken);
    const channel = `xfdf:${documentId}`;
    expect(await request(ws, { action: 'subscribe', channel, divisionId: SOUTH })).toMatchObject({
      type: 'error',
      status: 404,
      message: 'Document not found',
    });
    expect(await request(ws, { action: 'subscribe', channel, divisionId: NORTH })).toMatchObject({
      type: 'error',
      status: 403,
      message: 'You do not have access to this division',
    });
    const received = channelMessages(ws, channel);
    await postToChannel(deps, channel, { command: 'secret' });
    await request(ws, { action: 'unsubscribe', channel });
    expect(received).toEqual([]);
  });

  it('refuses unknown channels, unknown actions and messages that are not JSON, with a 4xx each', async () => {
    const ws = await socketOf(northToken);
    expect(
      await request(ws, { action: 'subscribe', channel: 'everything', divisionId: NORTH }),
    ).toMatchObject({
      status: 400,
      message: 'Unknown channel',
    });
    expect(await request(ws, { action: 'subscribe', channel: `xfdf:${documentId}` })).toMatchObject({
      status: 400,
      message: 'divisionId is required!',
    });
    expect(await request(ws, { action: 'dance', divisionId: NORTH })).toMatchObject({
      status: 400,
      message: 'Unknown action: dance',
    });
    expect(
      await request(ws, { action: 'subscribe', channel: 'x', divisionId: "north'; DROP" }),
    ).toMatchObject({
      status: 400,
      message: 'The message is not valid',
    });
    const reply = new Promise((resolve) =>
      ws.once('message', (data) => resolve(JSON.parse(data.toString()))),
    );
    ws.send('not json');
    expect(await reply).toMatchObject({ type: 'error', status: 400, message: 'The message is not valid' });
  });

  it('stops pushing to a subscriber who may no longer read the document, and unsubscribes them', async () => {
    // A group held by North and South; a North-only reader listens, then North lets the group go.
    const both = await signInAs(await createTestUser('Admin', [NORTH, SOUTH]));
    const pdf = await makePdf('Shared standard', ['Held by two divisions.']);
    const { groupId, document } = await groupWithDocument(pdf, 'shared.pdf', { token: both });
    const shared = await call(`/api/divisions/${SOUTH}/regulations`, {
      method: 'POST',
      token: both,
      divisionId: SOUTH,
      body: { regulationIds: [groupId] },
    });
    expect(shared.status, JSON.stringify(shared.body)).toBeLessThan(300);
    const ws = await socketOf(northToken);
    const channel = `xfdf:${document.id}`;
    const received = channelMessages(ws, channel);
    expect((await request(ws, { action: 'subscribe', channel, divisionId: NORTH })).ok).toBe(true);
    expect(await postToChannel(deps, channel, { command: 'before' })).toBe(1);
    await expect.poll(() => received.length).toBe(1);

    const released = await call(`/api/divisions/${NORTH}/regulations`, {
      method: 'DELETE',
      token: both,
      divisionId: NORTH,
      body: { regulationIds: [groupId] },
    });
    expect(released.status, JSON.stringify(released.body)).toBeLessThan(300);
    expect(await postToChannel(deps, channel, { command: 'after' })).toBe(0);
    await request(ws, { action: 'unsubscribe', channel: 'none' });
    expect(received.map((m) => m.command)).toEqual(['before']);
    const connections: string[] = [];
    for await (const { connectionId } of subscribersOf(deps.db, channel)) connections.push(connectionId);
    expect(connections).toEqual([]);
  });

  it('forgets the subscriptions of a closed connection', async () => {
    const ws = await socketOf(northToken);
    const channel = `xfdf:${documentId}`;
    await request(ws, { action: 'subscribe', channel, divisionId: NORTH });
    const [connectionId] = await connectionIdsOf(ws, channel);
    expect(await channelsOf(deps.db, connectionId!)).toEqual([channel]);
    ws.close();
    expect(await closes(ws)).toBe(true);
    await expect.poll(() => channelsOf(deps.db, connectionId!)).toEqual([]);
  });
});

/** The connection ids subscribed to a channel from this socket: found by posting to each in turn. */
async function connectionIdsOf(ws: WebSocket, channel: string): Promise<string[]> {
  const { subscribersOf } = await import('@stormline/data/channels');
  const ids: string[] = [];
  for await (const { connectionId } of subscribersOf(deps.db, channel)) ids.push(connectionId);
  const mine: string[] = [];
  for (const id of ids) {
    const marker = `probe-${id}`;
    const got = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 1500);
      ws.on('message', function onMessage(data) {
        if ((JSON.parse(data.toString()) as { probe?: string }).probe !== marker) return;
        clearTimeout(timer);
        ws.off('message', onMessage);
        resolve(true);
      });
    });
    const { postToConnection } = await import('@stormline/functions/lib/realtime');
    await postToConnection(deps, id, { probe: marker });
    if (await got) mine.push(id);
  }
  return mine;
}
