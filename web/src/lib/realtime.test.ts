import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from './storage';
import { useChannel } from './realtime';

vi.mock('./runtime-config', () => ({ getRuntimeConfig: () => ({ websocketUrl: '/ws' }) }));

/** A browser WebSocket the test drives: it records what the page sends and answers for the server. */
class FakeSocket extends EventTarget {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
    this.dispatchEvent(new Event('close'));
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  /** The server's answer to the last subscribe this socket sent. */
  answerSubscribe(ok: boolean) {
    const ask = [...this.sent].reverse().find((m) => m.action === 'subscribe')!;
    const reply = ok
      ? { type: 'reply', requestId: ask.requestId, ok: true, result: { channel: ask.channel } }
      : { type: 'error', requestId: ask.requestId, status: 404, message: 'Document not found' };
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(reply) }));
  }
  push(message: Record<string, unknown>) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  storage.setToken('session-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useChannel', () => {
  it('is live only once the server confirms, hears the channel, and reads again after a reconnect', async () => {
    const onMessage = vi.fn();
    const onLive = vi.fn();
    const { result, unmount } = renderHook(() => useChannel('north-region', 'xfdf:doc-1', onMessage, onLive));
    expect(result.current).toBe('connecting');
    const first = FakeSocket.all[0]!;
    expect(first.url).toContain('token=session-token');
    act(() => first.open());
    expect(first.sent).toMatchObject([
      { action: 'subscribe', channel: 'xfdf:doc-1', divisionId: 'north-region' },
    ]);
    expect(result.current).toBe('connecting');
    await act(async () => first.answerSubscribe(true));
    expect(result.current).toBe('open');
    expect(onLive).toHaveBeenCalledTimes(1);

    act(() => first.push({ type: 'channel', channel: 'xfdf:doc-1', command: 'drawn' }));
    act(() => first.push({ type: 'channel', channel: 'xfdf:other', command: 'not ours' }));
    expect(onMessage.mock.calls.map(([m]) => (m as { command: string }).command)).toEqual(['drawn']);

    // The connection drops: not live until the new socket's subscription is confirmed, then read again.
    act(() => first.close());
    expect(result.current).toBe('connecting');
    await act(async () => vi.advanceTimersByTime(1000));
    const second = FakeSocket.all[1]!;
    act(() => second.open());
    await act(async () => second.answerSubscribe(true));
    expect(result.current).toBe('open');
    expect(onLive).toHaveBeenCalledTimes(2);
    unmount();
    expect(second.sent.at(-1)).toMatchObject({ action: 'unsubscribe', channel: 'xfdf:doc-1' });
  });

  it('says closed, not live, when the server refuses the channel', async () => {
    const onLive = vi.fn();
    const { result, unmount } = renderHook(() => useChannel('north-region', 'xfdf:doc-2', () => {}, onLive));
    const socket = FakeSocket.all[0]!;
    act(() => socket.open());
    await act(async () => socket.answerSubscribe(false));
    expect(result.current).toBe('closed');
    expect(onLive).not.toHaveBeenCalled();
    unmount();
  });
});
