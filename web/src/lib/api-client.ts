import type * as z from 'zod/mini';
import type { Route } from '@stormline/contract/route';
import { getRuntimeConfig } from './runtime-config';
import { storage } from './storage';

/** One field's problem, as the server's 400 names it: `path` is the field ('name', 'address.phone'). */
export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * A failed call: the HTTP status (0 when the server could not be reached), the server's message
 * and, on a 400, the server's issue for each field it refused.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** "METHOD /path" of the contract route that failed. */
    readonly routeKey: string,
    readonly issues: readonly FieldIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// The contract leaves a schema as plain z.ZodMiniType where a route does not declare it; those infer
// to `unknown`, and path parameters then fall back to a string record.
type AnyRoute = Route<z.ZodMiniType, z.ZodMiniType, z.ZodMiniType, z.ZodMiniType>;
type IsUnknown<T> = unknown extends T ? true : false;

export type ApiParams<R extends AnyRoute> =
  IsUnknown<z.input<R['params']>> extends true ? Record<string, string | number> : z.input<R['params']>;
export type ApiQuery<R extends AnyRoute> =
  IsUnknown<z.input<R['query']>> extends true
    ? Record<string, QueryValue>
    : { [K in keyof z.input<R['query']>]?: z.input<R['query']>[K] | null };
export type ApiBody<R extends AnyRoute> = z.input<R['body']>;
export type ApiResponse<R extends AnyRoute> = z.output<R['response']>;

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface CallOptions<R extends AnyRoute> {
  params?: ApiParams<R>;
  query?: ApiQuery<R>;
  body?: ApiBody<R>;
  /**
   * Which stored token to send. 'auto' (the default) sends the public account's token on /public
   * pages and the login token everywhere else (spec 000 §7); 'none' sends no Authorization.
   */
  auth?: 'auto' | 'login' | 'public' | 'none';
  /**
   * The divisionId header: the division of the page that calls (useDivisionId()), never a stored
   * one, so a tab always speaks for the division in its own URL. A route that requires a division
   * refuses to be called without it.
   */
  divisionId?: string | null;
  signal?: AbortSignal;
}

/** Raised when a call that carried the login token is answered 401: the session is over. */
const unauthorizedListeners = new Set<(error: ApiError) => void>();
export function onUnauthorized(listener: (error: ApiError) => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export function isPublicPath(pathname: string = window.location.pathname): boolean {
  return pathname === '/public' || pathname.startsWith('/public/');
}

function fillPath(route: AnyRoute, params: Record<string, unknown> | undefined): string {
  return route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${route.key}: the path parameter "${name}" is missing`);
    }
    return encodeURIComponent(String(value));
  });
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((item) => search.append(name, String(item)));
    else search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function apiUrl(path: string): string {
  const base = getRuntimeConfig().apiBaseUrl.replace(/\/+$/, '');
  return `${base}${path}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function serverIssues(body: unknown): FieldIssue[] {
  if (!body || typeof body !== 'object' || !('issues' in body) || !Array.isArray(body.issues)) return [];
  return body.issues.filter(
    (issue): issue is FieldIssue =>
      typeof issue === 'object' &&
      issue !== null &&
      typeof (issue as FieldIssue).path === 'string' &&
      typeof (issue as FieldIssue).message === 'string',
  );
}

function serverMessage(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return null;
}

/**
 * Calls one contract route: fills `{param}` placeholders, adds the bearer token and the divisionId
 * header the caller passes, sends JSON, and answers the response parsed by the route's response schema. A non-2xx
 * answer throws an ApiError carrying the server's `message`.
 */
export async function callApi<R extends AnyRoute>(
  route: R,
  options: CallOptions<R> = {},
): Promise<ApiResponse<R>> {
  const onPublicPage = isPublicPath();
  const auth = options.auth ?? 'auto';
  const tokenKind = auth === 'auto' ? (onPublicPage ? 'public' : 'login') : auth;
  const token =
    tokenKind === 'login' ? storage.getToken() : tokenKind === 'public' ? storage.getPublicToken() : null;
  const divisionId = options.divisionId ?? null;
  if (route.division === 'required' && !divisionId && !route.divisionParam) {
    throw new Error(`${route.key} needs the page's division: pass { divisionId: useDivisionId() }`);
  }

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (divisionId) headers.divisionId = divisionId;
  const hasBody = options.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';

  const url =
    apiUrl(fillPath(route, options.params as Record<string, unknown> | undefined)) +
    queryString(options.query as Record<string, unknown> | undefined);

  let response: Response;
  try {
    response = await fetch(url, {
      method: route.method,
      headers,
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.', route.key);
  }

  const body = await readBody(response);
  if (!response.ok) {
    const error = new ApiError(
      response.status,
      serverMessage(body) ?? `The request failed (HTTP ${response.status}).`,
      route.key,
      serverIssues(body),
    );
    if (response.status === 401 && token && tokenKind === 'login') {
      unauthorizedListeners.forEach((listener) => listener(error));
    }
    // A public token that expired is dropped; the public layout signs in again on the next visit.
    if (response.status === 401 && token && tokenKind === 'public') storage.clearPublicToken();
    throw error;
  }

  const parsed = route.response.safeParse(body);
  if (!parsed.success) {
    console.error(`${route.key} answered a body that does not match the contract`, parsed.error.issues);
    throw new ApiError(
      response.status,
      'The server sent an answer this page does not understand.',
      route.key,
    );
  }
  return parsed.data as ApiResponse<R>;
}
