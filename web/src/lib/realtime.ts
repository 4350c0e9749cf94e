import { useEffect, useRef, useState } from 'react';
import { isPublicPath } from './api-client';
import { getRuntimeConfig } from './runtime-config';
import { storage } from './storage';

/** Waits before connecting again after a dropped connection: 1 s, doubling, at most a minute. */
const RETRY_MS = { first: 1000, max: 60_000 };
/**
 * Attempts that never open before giving up: a refused session (browsers do not say why a
 * handshake failed) must not knock every minute; screens fall back to reading again.
 */
const MAX_FAILED_ATTEMPTS = 6;
/** How long a sent action waits for its reply. */
const REPLY_MS = 15_000;

export type SocketState = 'connecting' | 'open' | 'closed';

/** A message the server pushed: on a channel the socket subscribed to, or to the user (notifications). */
export interface PushedMessage {
  type?: string;
  channel?: string;
  [field: string]: unknown;
}

type Listener = (message: PushedMessage) => void;

/** A channel as the server holds it: asked for, confirmed (its messages arrive), or refused. */
type ChannelStatus = 'pending' | 'live' | 'refused';

interface ChannelEntry {
  divisionId: string;
  listeners: Set<Listener>;
  status: ChannelStatus;
  /** Told at each change of status: a screen reads its stored state again when it turns live. */
  watchers: Set<(status: ChannelStatus) => void>;
}

interface Pending {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * One WebSocket to the realtime API for the signed-in session (spec 001 §7: the token goes in the
 * socket's query, browsers cannot set headers on it), shared by every screen that listens: the
 * bell, a conversion's progress, a document's annotations. Channels are subscribed again after a
 * reconnect; a dropped connection is opened again with a growing pause.
 */
class RealtimeConnection {
  state: SocketState = 'connecting';
  private socket: WebSocket | null = null;
  private readonly channels = new Map<string, ChannelEntry>();
  private readonly userListeners = new Set<Listener>();
  private readonly stateListeners = new Set<(state: SocketState) => void>();
  private readonly pending = new Map<string, Pending>();
  private retry = RETRY_MS.first;
  private failed = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  private nextId = 0;

  constructor(
    private readonly url: string,
    readonly token: string,
  ) {
    this.open();
  }

  private open() {
    let opened = false;
    this.setState('connecting');
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener('open', () => {
      opened = true;
      this.failed = 0;
      this.retry = RETRY_MS.first;
      this.setState('open');
      for (const [channel, entry] of this.channels) this.askFor(channel, entry);
    });
    socket.addEventListener('message', (event) => this.receive(parse(event.data)));
    socket.addEventListener('close', () => {
      if (!opened) this.failed += 1;
      // Whatever was pushed while the socket was down is missed: each channel waits to be live again.
      for (const entry of this.channels.values()) this.setChannelStatus(entry, 'pending');
      for (const [id, waiting] of this.pending) {
        clearTimeout(waiting.timer);
        waiting.reject(new Error('The connection to the server was lost'));
        this.pending.delete(id);
      }
      if (this.closed || this.failed >= MAX_FAILED_ATTEMPTS) return this.setState('closed');
      this.setState('connecting');
      this.timer = setTimeout(() => this.open(), this.retry);
      this.retry = Math.min(this.retry * 2, RETRY_MS.max);
    });
  }

  private receive(message: PushedMessage | null) {
    if (!message) return;
    const requestId = typeof message.requestId === 'string' ? message.requestId : null;
    const waiting = requestId ? this.pending.get(requestId) : undefined;
    if (waiting && requestId) {
      clearTimeout(waiting.timer);
      this.pending.delete(requestId);
      if (message.type === 'reply') waiting.resolve(message.result);
      else
        waiting.reject(
          new Error(typeof message.message === 'string' ? message.message : 'An error has occurred'),
        );
      return;
    }
    if (message.type === 'channel' && typeof message.channel === 'string') {
      for (const listener of this.channels.get(message.channel)?.listeners ?? []) listener(message);
      return;
    }
    for (const listener of this.userListeners) listener(message);
  }

  /**
   * Subscribes on the server and waits for its answer: only a confirmed channel is live. A refusal
   * (the document is not the user's to read, too many channels) leaves it refused, not silently
   * quiet.
   */
  private askFor(channel: string, entry: ChannelEntry) {
    this.send('subscribe', entry.divisionId, { channel }).then(
      () => this.channels.get(channel) === entry && this.setChannelStatus(entry, 'live'),
      () => this.channels.get(channel) === entry && this.setChannelStatus(entry, 'refused'),
    );
  }

  private setChannelStatus(entry: ChannelEntry, status: ChannelStatus) {
    if (entry.status === status) return;
    entry.status = status;
    for (const watcher of entry.watchers) watcher(status);
  }

  private setState(state: SocketState) {
    this.state = state;
    for (const listener of this.stateListeners) listener(state);
  }

  private post(message: Record<string, unknown>): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Listens to a channel in a division; the last listener's leaving unsubscribes. */
  subscribe(
    divisionId: string,
    channel: string,
    listener: Listener,
    watcher: (status: ChannelStatus) => void = () => {},
  ): () => void {
    let entry = this.channels.get(channel);
    if (!entry) {
      entry = { divisionId, listeners: new Set(), status: 'pending', watchers: new Set() };
      this.channels.set(channel, entry);
      if (this.state === 'open') this.askFor(channel, entry);
    }
    entry.listeners.add(listener);
    entry.watchers.add(watcher);
    watcher(entry.status);
    return () => {
      entry.listeners.delete(listener);
      entry.watchers.delete(watcher);
      if (entry.listeners.size > 0 || this.channels.get(channel) !== entry) return;
      this.channels.delete(channel);
      this.post({ action: 'unsubscribe', channel });
      this.releaseIfUnused();
    };
  }

  /** Messages to the user rather than a channel (the bell's notifications). */
  listen(listener: Listener): () => void {
    this.userListeners.add(listener);
    return () => {
      this.userListeners.delete(listener);
      this.releaseIfUnused();
    };
  }

  /** Nobody listens any more (signed out, or the last screen closed): the socket goes. */
  private releaseIfUnused() {
    if (this.channels.size > 0 || this.userListeners.size > 0) return;
    this.close();
    if (current === this) current = null;
  }

  /** Tells the listener the state now and at each change. */
  watchState(listener: (state: SocketState) => void): () => void {
    listener(this.state);
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Sends an action and waits for its reply: the result, or the server's message as the error. */
  send(action: string, divisionId: string, body: Record<string, unknown>): Promise<unknown> {
    const requestId = `r${++this.nextId}`;
    return new Promise((resolve, reject) => {
      if (!this.post({ ...body, action, divisionId, requestId }))
        return reject(new Error('Not connected to the server. Try again in a moment.'));
      const timer = setTimeout(() => {
        this.pending.delete(requestId);
        reject(new Error('The server did not answer. Try again.'));
      }, REPLY_MS);
      this.pending.set(requestId, { resolve, reject, timer });
    });
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.socket?.close();
  }
}

let current: RealtimeConnection | null = null;

/**
 * The session's connection (opened on first use), or null without a session or a WebSocket address.
 * On a public page it is the public account's, as every call there is (api-client's 'auto'): a
 * public visitor prints as the public account, which owns the report it prints.
 */
export function realtimeConnection(): RealtimeConnection | null {
  const token = isPublicPath() ? storage.getPublicToken() : storage.getToken();
  const base = getRuntimeConfig().websocketUrl;
  if (!token || !base || typeof WebSocket === 'undefined') {
    current?.close();
    current = null;
    return null;
  }
  // Another sign-in: the last session's socket must not carry on with its rights.
  if (current && current.token !== token) {
    current.close();
    current = null;
  }
  current ??= new RealtimeConnection(socketUrl(base, token), token);
  return current;
}

/** The WebSocket API's address: the config's (absolute in the cloud, '/ws' on one machine). */
function socketUrl(base: string, token: string): string {
  const url = new URL(base, window.location.href);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  url.searchParams.set('token', token);
  return url.toString();
}

/** Sends an action over the session's socket (for example an annotation command). */
export function sendOverSocket(
  action: string,
  divisionId: string,
  body: Record<string, unknown>,
): Promise<unknown> {
  const connection = realtimeConnection();
  if (!connection) return Promise.reject(new Error('Not connected to the server'));
  return connection.send(action, divisionId, body);
}

/**
 * Listens to a channel while the component is mounted (null: none) and answers its state:
 * 'connecting' until the server has confirmed the subscription (again after a reconnect), 'open'
 * while live, 'closed' without a socket or when the server refused it, so a screen can say
 * 'connecting to server' instead of showing old news as current. `onLive` runs each time the
 * channel turns live (first, and after each reconnect): a screen reads its stored state again
 * then, for what was pushed before it listened.
 */
export function useChannel(
  divisionId: string | null,
  channel: string | null,
  onMessage: (message: PushedMessage) => void,
  onLive?: () => void,
): SocketState {
  const latest = useRef({ onMessage, onLive });
  useEffect(() => {
    latest.current = { onMessage, onLive };
  });
  const [status, setStatus] = useState<ChannelStatus>('pending');
  const listening = Boolean(divisionId && channel && getRuntimeConfig().websocketUrl);
  useEffect(() => {
    const connection = realtimeConnection();
    if (!connection || !divisionId || !channel) return;
    return connection.subscribe(
      divisionId,
      channel,
      (message) => latest.current.onMessage(message),
      (next) => {
        setStatus(next);
        // Live again (or at last): what was pushed before is not known to have arrived.
        if (next === 'live') latest.current.onLive?.();
      },
    );
  }, [divisionId, channel]);
  if (!listening) return 'closed';
  return status === 'live' ? 'open' : status === 'refused' ? 'closed' : 'connecting';
}

/** Messages pushed to the user (not a channel) while mounted: the bell's notifications. */
export function useUserMessages(token: string | null, onMessage: (message: PushedMessage) => void): void {
  const latest = useRef(onMessage);
  useEffect(() => {
    latest.current = onMessage;
  });
  useEffect(() => {
    if (!token) return;
    return realtimeConnection()?.listen((message) => latest.current(message));
  }, [token]);
}

function parse(data: unknown): PushedMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as unknown;
    return value && typeof value === 'object' ? (value as PushedMessage) : null;
  } catch {
    return null;
  }
}
