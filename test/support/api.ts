import { inject } from 'vitest';
import { DEMO_ACCOUNTS } from '@stormline/local/seed';
import type { DemoAccount } from '@stormline/local/seed';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  method?: string;
  token?: string;
  divisionId?: string;
  body?: unknown;
  /** Sent as is, for malformed-input tests. */
  rawBody?: string;
  headers?: Record<string, string>;
}

export function baseUrl(): string {
  return inject('baseUrl');
}

/** Calls the running product the way the SPA does: bearer token, divisionId header, JSON. */
export async function call<T = Record<string, unknown>>(
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.divisionId) headers.divisionid = options.divisionId;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(`${baseUrl()}${path}`, { method: options.method ?? 'GET', headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the test asserting on it will say so.
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

export function demoAccount(email: string): DemoAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.email === email);
  if (!account) throw new Error(`No demo account ${email}`);
  return account;
}

const tokens = new Map<string, Promise<string>>();

/** Signs in a demo account once per test file and reuses its token. */
export function tokenFor(email: string): Promise<string> {
  let token = tokens.get(email);
  if (!token) {
    token = (async () => {
      const account = demoAccount(email);
      const response = await call<{ token: string; message?: string }>('/api/login', {
        method: 'POST',
        body: { email: account.email, password: account.password },
      });
      if (response.status !== 200)
        throw new Error(`Sign-in of ${email} failed: ${response.status} ${response.body.message}`);
      return response.body.token;
    })();
    tokens.set(email, token);
  }
  return token;
}

export const NORTH = 'north-region';
export const SOUTH = 'south-region';
