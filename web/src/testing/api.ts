import { vi } from 'vitest';
import type { Route } from '@stormline/contract/route';
import { loadRuntimeConfig } from '../lib/runtime-config';

const API_BASE = 'http://api.test';

export interface ServedRequest {
  route: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

/** What a handler answers: a status and body, or (for 200) the body alone. */
export type Answer = { status: number; body?: unknown } | { body: unknown };
type Handler = (request: ServedRequest) => Answer | Promise<Answer>;

/** A 2xx body that matches the route's response schema; a test fixture cannot drift from the contract. */
export function ok(route: Route, body: unknown): Answer {
  const parsed = route.response.safeParse(body);
  if (!parsed.success) {
    throw new Error(
      `Fixture for ${route.key} does not match the contract: ${JSON.stringify(parsed.error.issues)}`,
    );
  }
  return { status: 200, body };
}

/** A list route's empty page: no rows, none counted, no next cursor. */
export function emptyPage(route: Route, pageSize = 25): Answer {
  return ok(route, { pageData: [], paginationState: { pageSize, numModels: 0, nextCursor: null } });
}

/** An error answer in the server's shape: {message, issues?}. */
export function refuse(
  status: number,
  message: string,
  issues?: { path: string; message: string }[],
): Answer {
  return { status, body: issues ? { message, issues } : { message } };
}

/**
 * Serves contract routes to the app under test in place of the network: the app's own api-client
 * runs unchanged (headers, paths, response parsing), and every request is recorded so a test can
 * assert what was sent (the divisionId header, the cursor). A route without a handler answers 501
 * and fails the test loudly.
 */
export async function serveApi(
  handlers: [Route, Handler][],
  /** More of config.json: a `websocketUrl` for a screen that listens (testing/socket-server.ts). */
  { config = {} }: { config?: Record<string, unknown> } = {},
): Promise<{ requests: ServedRequest[] }> {
  const requests: ServedRequest[] = [];
  const table = handlers.map(([route, handler]) => ({ route, handler, pattern: pathPattern(route.path) }));

  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://app.test');
    if (url.pathname === '/config.json') return json(200, { apiBaseUrl: API_BASE, region: 'UK', ...config });
    const method = (init.method ?? 'GET').toUpperCase();
    const match = table
      .filter((entry) => entry.route.method === method)
      .map((entry) => ({ entry, found: entry.pattern.exec(url.pathname) }))
      .find(({ found }) => found !== null);
    if (!match) {
      const message = `No test handler for ${method} ${url.pathname}`;
      console.error(message);
      return json(501, { message });
    }
    const request: ServedRequest = {
      route: match.entry.route.key,
      params: Object.fromEntries(
        Object.entries(match.found?.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]),
      ),
      query: url.searchParams,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: new Headers(init.headers),
    };
    requests.push(request);
    try {
      const answer = await match.entry.handler(request);
      return json('status' in answer ? answer.status : 200, answer.body);
    } catch (error) {
      // A broken fixture is the test's bug: say so, rather than look like a network failure.
      console.error(error);
      return json(500, { message: `The test handler for ${request.route} failed: ${String(error)}` });
    }
  });
  await loadRuntimeConfig();
  return { requests };
}

function pathPattern(path: string): RegExp {
  const source = path
    .split(/(\{[^}]+\})/)
    .map((part) =>
      part.startsWith('{') ? `(?<${part.slice(1, -1)}>[^/]+)` : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
