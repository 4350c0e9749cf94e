import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import { SOCKET_MESSAGE_ROUTES, socketRouteOf, type SocketRouteKey } from '@stormline/contract/socket-routes';
import type { WebSocketEvent, WebSocketResult } from '@stormline/functions/ws/websocket-event';

/** A message's `action`, as API Gateway's route selection reads it (none when it is not JSON). */
function actionOf(body: string): unknown {
  try {
    return (JSON.parse(body) as { action?: unknown } | null)?.action;
  } catch {
    return undefined;
  }
}

/** The addresses of this machine, as a request's peer. */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

type WsHandler = (event: WebSocketEvent) => Promise<WebSocketResult>;

function wsEvent(
  routeKey: WebSocketEvent['requestContext']['routeKey'],
  connectionId: string,
  query?: Record<string, string>,
  body?: string,
): WebSocketEvent {
  const eventType =
    routeKey === '$connect' ? 'CONNECT' : routeKey === '$disconnect' ? 'DISCONNECT' : 'MESSAGE';
  return {
    requestContext: { routeKey, connectionId, eventType, requestTimeEpoch: Date.now() },
    queryStringParameters: query,
    ...(body === undefined ? {} : { body }),
  };
}

/**
 * The local WebSocket API: upgrades on /ws run the same $connect, $default and $disconnect handlers
 * as the cloud, and the @connections endpoint works as API Gateway's management API does: POST delivers
 * a message, DELETE closes the connection, an unknown id answers 410 GoneException.
 */
export function attachWebSocketGateway(server: http.Server) {
  // API Gateway's limit on a WebSocket message (128 KB), so a larger one fails here as in the cloud.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 128 * 1024 });
  const sockets = new Map<string, WebSocket>();
  const handlers = Promise.all([
    import('@stormline/functions/ws/connect').then((m) => m.handler as WsHandler),
    import('@stormline/functions/ws/disconnect').then((m) => m.handler as WsHandler),
  ]);
  // Each message route's handler, loaded on its first message, as its Lambda would start.
  const routeHandlers = new Map<SocketRouteKey, Promise<WsHandler>>();
  const routeHandler = (key: SocketRouteKey) => {
    let loaded = routeHandlers.get(key);
    if (!loaded) {
      loaded = import(`@stormline/functions/${SOCKET_MESSAGE_ROUTES[key].module}`).then(
        (m: { handler: WsHandler }) => m.handler,
      );
      routeHandlers.set(key, loaded);
    }
    return loaded;
  };

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/ws') return socket.destroy();
    const connectionId = randomUUID().replace(/-/g, '');
    void (async () => {
      const [connect, disconnect] = await handlers;
      const result = await connect(wsEvent('$connect', connectionId, Object.fromEntries(url.searchParams)));
      if (result.statusCode !== 200) {
        const reason = http.STATUS_CODES[result.statusCode] ?? 'Refused';
        socket.end(`HTTP/1.1 ${result.statusCode} ${reason}\r\nconnection: close\r\n\r\n`);
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        sockets.set(connectionId, ws);
        // A text message goes to its action's route, else $default, as API Gateway's route
        // selection ($request.body.action) does.
        ws.on('message', (data, isBinary) => {
          if (isBinary) return;
          const body = data.toString();
          const key = socketRouteOf(actionOf(body));
          void routeHandler(key)
            .then((handle) => handle(wsEvent(key, connectionId, undefined, body)))
            .catch((error: unknown) => console.error('websocket message failed', error));
        });
        ws.on('close', () => {
          sockets.delete(connectionId);
          void disconnect(wsEvent('$disconnect', connectionId));
        });
      });
    })().catch((error: unknown) => {
      console.error('websocket connect failed', error);
      socket.destroy();
    });
  });

  /** The @connections endpoint; answers true when it handled the request. */
  async function handleConnections(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
  ): Promise<boolean> {
    const match = /^\/@connections\/([^/]+)$/.exec(url.pathname);
    if (!match) return false;
    // In the cloud only the functions' IAM role may post to a connection; here, only this machine
    // (the functions run in this process): not a browser elsewhere on the network.
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) {
      res
        .writeHead(403, { 'content-type': 'application/json' })
        .end(JSON.stringify({ message: 'Forbidden' }));
      return true;
    }
    const ws = sockets.get(decodeURIComponent(match[1]!));
    if (!ws) {
      // As API Gateway answers: the SDK names the error from x-amzn-errortype (GoneException).
      res
        .writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' })
        .end(JSON.stringify({ message: 'Gone' }));
      return true;
    }
    if (req.method === 'DELETE') {
      ws.close();
      res.writeHead(204).end();
      return true;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    ws.send(Buffer.concat(chunks).toString('utf8'));
    res.writeHead(200).end();
    return true;
  }

  return {
    handleConnections,
    close: () => {
      for (const ws of sockets.values()) ws.terminate();
      wss.close();
    },
  };
}
