import { WebSocket as NodeWebSocket, WebSocketServer } from 'ws';
import { vi } from 'vitest';

/** What a message handler answers: the reply's result, or a refusal with the server's status and words. */
export type SocketAnswer = { result: unknown } | { status: number; message: string } | 'silent';
type ActionHandler = (message: Record<string, unknown>) => SocketAnswer | Promise<SocketAnswer>;

/**
 * A real WebSocket server on loopback for component tests of screens that use the realtime layer
 * (web/src/lib/realtime.ts), speaking the envelope of docs/decisions/0040: replies
 * `{ type: 'reply', requestId, ok, result }` or `{ type: 'error', requestId, status, message }`,
 * pushes `{ type: 'channel', channel, ... }`. The page's own socket code runs unchanged over a real
 * connection (the global WebSocket is the `ws` client, as happy-dom has none). `subscribe` is
 * accepted unless a test says otherwise; any action without a handler is refused, loudly.
 */
export async function startSocketServer() {
  // A test may hold handshakes to see the page while its socket is still connecting.
  let gate: Promise<void> = Promise.resolve();
  // The token each connection was opened with (the query's, as the realtime API reads it).
  const tokens: (string | null)[] = [];
  const server = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    verifyClient: (info: { req: { url?: string } }, accept: (ok: boolean) => void) => {
      tokens.push(new URL(info.req.url ?? '/', 'ws://localhost').searchParams.get('token'));
      void gate.then(() => accept(true));
    },
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as { port: number };
  const received: Record<string, unknown>[] = [];
  const handlers = new Map<string, ActionHandler>();
  const defaults = (): [string, ActionHandler][] => [['subscribe', () => ({ result: { ok: true } })]];
  for (const [action, handler] of defaults()) handlers.set(action, handler);

  server.on('connection', (socket) => {
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as Record<string, unknown>;
      received.push(message);
      const action = String(message.action);
      const handler = handlers.get(action);
      if (action === 'unsubscribe') return;
      const answer: Promise<SocketAnswer> = handler
        ? Promise.resolve(handler(message))
        : Promise.resolve({ status: 400, message: `No test handler for ${action}` });
      void answer.then((a) => {
        if (a === 'silent' || socket.readyState !== NodeWebSocket.OPEN) return;
        socket.send(
          JSON.stringify(
            'result' in a
              ? { type: 'reply', requestId: message.requestId, ok: true, result: a.result }
              : { type: 'error', requestId: message.requestId, status: a.status, message: a.message },
          ),
        );
      });
    });
  });

  vi.stubGlobal('WebSocket', NodeWebSocket);
  return {
    /** config.json's websocketUrl for serveApi. */
    url: `ws://127.0.0.1:${port}/ws`,
    received,
    tokens,
    /** Answers `action` (e.g. 'begin:inspection') with the handler's answer. */
    on(action: string, handler: ActionHandler) {
      handlers.set(action, handler);
    },
    /** Pushes a channel message to every connected socket (the page listens only to its own channels). */
    push(channel: string, payload: Record<string, unknown>) {
      const text = JSON.stringify({ type: 'channel', channel, ...payload });
      for (const client of server.clients) client.send(text);
    },
    /** Holds new connections' handshakes until the returned function is called. */
    holdHandshakes(): () => void {
      let release = () => {};
      gate = new Promise<void>((resolve) => (release = resolve));
      return release;
    },
    /** Drops every connection, as a lost network does (the page connects again). */
    dropConnections() {
      for (const client of server.clients) client.terminate();
    },
    /** Forgets the previous test's handlers and messages. */
    reset() {
      handlers.clear();
      for (const [action, handler] of defaults()) handlers.set(action, handler);
      received.length = 0;
      tokens.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
