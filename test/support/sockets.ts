import WebSocket from 'ws';
import { baseUrl } from './api';

/** Opens the product's WebSocket with a session token, as the SPA does (the token in the query). */
export function openSocket(token?: string): Promise<WebSocket> {
  const url = `${baseUrl().replace('http', 'ws')}/ws${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Whether the server closes the socket within the time (the test never closes these itself). */
export function closes(ws: WebSocket, withinMs = 10_000): Promise<boolean> {
  if (ws.readyState === WebSocket.CLOSED) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), withinMs);
    ws.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export function nextMessage(ws: WebSocket): Promise<unknown> {
  return new Promise((resolve) => ws.once('message', (data) => resolve(JSON.parse(data.toString()))));
}

export type SocketReply = {
  type: string;
  requestId?: string;
  ok?: boolean;
  result?: unknown;
  status?: number;
  message?: string;
};

let requests = 0;

/** Sends a message and waits for the reply naming it (pushed channel messages in between are skipped). */
export function request(
  ws: WebSocket,
  message: Record<string, unknown>,
  withinMs = 10_000,
): Promise<SocketReply> {
  const requestId = `t${++requests}`;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      ws.off('message', onMessage);
      reject(new Error(`no reply to ${JSON.stringify(message)}`));
    }, withinMs);
    const onMessage = (data: WebSocket.RawData) => {
      const reply = JSON.parse(data.toString()) as SocketReply;
      if (reply.requestId !== requestId) return;
      clearTimeout(timer);
      ws.off('message', onMessage);
      resolve(reply);
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ ...message, requestId }));
  });
}

/** The messages pushed on a channel, as they arrive. */
export function channelMessages(ws: WebSocket, channel: string): Record<string, unknown>[] {
  const received: Record<string, unknown>[] = [];
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Record<string, unknown>;
    if (message.type === 'channel' && message.channel === channel) received.push(message);
  });
  return received;
}
