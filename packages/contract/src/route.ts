import * as z from 'zod/mini';
import { Id } from './schemas';
import type { Action, ResourceLabel } from '@stormline/domain/permissions';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * Who may call a route. Every route but the anonymous ones needs a valid token; the permission
 * kind also needs the (action, resource) pair from spec §6 of the documents.
 */
export type Access =
  | { kind: 'anonymous' }
  | { kind: 'signed-in' }
  | { kind: 'permission'; action: Action; resource: ResourceLabel };

export const anonymous: Access = { kind: 'anonymous' };
export const signedIn: Access = { kind: 'signed-in' };
export function permission(action: Action, resource: ResourceLabel): Access {
  return { kind: 'permission', action, resource };
}

/** The caches routes keep in the table (docs/decisions/0020). */
export type TableCache = 'weather';

/** What a route's Lambda may do to the table: read, read and write, or read and put its cache. */
export type TableAccess = 'read' | 'readwrite' | { cache: TableCache };

export interface RouteSpec<
  P extends z.ZodMiniType = z.ZodMiniType,
  Q extends z.ZodMiniType = z.ZodMiniType,
  B extends z.ZodMiniType = z.ZodMiniType,
  R extends z.ZodMiniType = z.ZodMiniType,
> {
  method: HttpMethod;
  /** Exactly as written in the spec's section 7, misspellings included. */
  path: string;
  summary: string;
  access: Access;
  /**
   * 'required': the divisionId header must name one of the caller's divisions and every record
   * touched must belong to it. 'optional': checked when sent (routes that span divisions, such as
   * the division list itself or the caller's own profile). 'none': the header is ignored.
   */
  division: 'required' | 'optional' | 'none';
  /**
   * The path parameter that names the caller's working division (/api/divisions/{id}/dashboard):
   * it must be one of the caller's divisions, like the header, and the header may be omitted.
   */
  divisionParam?: string;
  /**
   * The Public account may call this route: reads of what is published, and signing out. The
   * route table's tests keep every other write off this list.
   */
  publicRead?: boolean;
  /**
   * The uploads bucket access the handler needs; the CDK app grants exactly this (and the table:
   * read for GET, read and write otherwise). Absent means none.
   */
  files?: 'read' | 'write';
  /**
   * The handler posts to or closes WebSocket connections (signing out closes the token's
   * sockets); the CDK app grants the @connections management API to exactly these routes.
   */
  realtime?: boolean;
  /**
   * The handler starts the site-map conversion state machine (docs/decisions/0038): the CDK app
   * grants exactly these routes StartExecution on it and names it in their environment.
   */
  startsConversion?: boolean;
  /**
   * The handler sends e-mail (invitations, password resets): the CDK app gives exactly these
   * routes SES's SendEmail from the deployment's sender, the sender and the site's URL.
   */
  sendsMail?: boolean;
  /**
   * A read that keeps a cache in the table (the weather forecasts): besides reading, the route may
   * put the items of that cache and nothing else, in the cloud (infra's bindTable) as on one
   * machine. The data layer spells the cache's partition prefix (CACHE_PARTITION_PREFIX).
   */
  tableCache?: TableCache;
  /**
   * The path parameter that names a user, which must be the caller ("only yourself": consent to
   * e-signatures, one's own notification settings). The guard answers 403 for anyone else's id.
   */
  self?: string;
  /**
   * The link carries a download token in ?token= (links the browser opens, spec 001 §7): a
   * short-lived token for this one path, never the session token.
   */
  tokenInQuery?: boolean;
  /** List routes: the rows a page holds, decided by the server (the caller cannot ask for more). */
  pageSize?: number;
  params?: P;
  query?: Q;
  body?: B;
  response?: R;
  /** Answered 501 "Not implemented yet" after the full middleware, until its issue lands. */
  implemented: boolean;
}

export interface Route<
  P extends z.ZodMiniType = z.ZodMiniType,
  Q extends z.ZodMiniType = z.ZodMiniType,
  B extends z.ZodMiniType = z.ZodMiniType,
  R extends z.ZodMiniType = z.ZodMiniType,
>
  extends
    Required<Pick<RouteSpec<P, Q, B, R>, 'params' | 'query' | 'body' | 'response'>>,
    Omit<RouteSpec<P, Q, B, R>, 'params' | 'query' | 'body' | 'response'> {
  area: string;
  /** Unique within its area; the handler module is named after it. */
  name: string;
  /** functions/src/http/{handler}.ts */
  handler: string;
  /** "METHOD /path", the API Gateway route key. */
  key: string;
  /** Which schemas the route declared itself; the contract tests hold implemented routes to all four. */
  declared: { params: boolean; query: boolean; body: boolean; response: boolean };
}

/** The path parameters a path template declares, e.g. "/api/users/{id}" gives ["id"]. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

/** Built on first use and kept: most routes' Lambdas never touch most schemas. */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/**
 * The schemas a route gets when its issue has not declared them yet: its path's ids, any query,
 * any body (none on GET), any response. They are built only when a request reaches such a route,
 * not when the area loads: every schema built at load is start-up time of every Lambda of the
 * area (docs/decisions/0007).
 */
const DEFAULT_SCHEMAS = {
  params: (path: string) => z.strictObject(Object.fromEntries(pathParamNames(path).map((n) => [n, Id]))),
  query: once(() => z.record(z.string(), z.string())),
  body: once(() => z.unknown()),
  noBody: once(() => z.undefined()),
  response: once(() => z.unknown()),
};

function defaultSchema(spec: RouteSpec, part: 'params' | 'query' | 'body' | 'response'): z.ZodMiniType {
  if (part === 'params') return DEFAULT_SCHEMAS.params(spec.path);
  if (part === 'body') return spec.method === 'GET' ? DEFAULT_SCHEMAS.noBody() : DEFAULT_SCHEMAS.body();
  return DEFAULT_SCHEMAS[part]();
}

/** A property computed on first read and then kept, as a plain value. */
function lazyProperty<T extends object>(target: T, key: string, make: () => unknown): void {
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get() {
      const value = make();
      Object.defineProperty(target, key, { value, enumerable: true, writable: false, configurable: false });
      return value;
    },
  });
}

/**
 * What a route's Lambda may do to the table: GET routes read (and put their cache, if they keep
 * one), the rest read and write. The CDK app grants exactly this and the local gateway enforces
 * the same, so a GET that writes fails on one machine as it does in AWS.
 */
export function tableAccessOf(route: Pick<Route, 'method' | 'tableCache'>): TableAccess {
  if (route.method !== 'GET') return 'readwrite';
  return route.tableCache ? { cache: route.tableCache } : 'read';
}

export function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/**
 * Groups an area's routes (keyed by route name) and gives each its handler module
 * (functions/src/http/{area}/{kebab-name}.ts) and route key.
 */
export function defineArea<const T extends Record<string, RouteSpec>>(
  area: string,
  specs: T,
): {
  [K in keyof T]: Route<
    T[K]['params'] extends z.ZodMiniType ? T[K]['params'] : z.ZodMiniType,
    T[K]['query'] extends z.ZodMiniType ? T[K]['query'] : z.ZodMiniType,
    T[K]['body'] extends z.ZodMiniType ? T[K]['body'] : z.ZodMiniType,
    T[K]['response'] extends z.ZodMiniType ? T[K]['response'] : z.ZodMiniType
  > &
    Omit<T[K], 'params' | 'query' | 'body' | 'response'>;
} {
  const routes = Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => {
      const route = {
        ...spec,
        area,
        name,
        handler: `${area}/${kebab(name)}`,
        key: `${spec.method} ${spec.path}`,
        declared: {
          params: spec.params !== undefined,
          query: spec.query !== undefined,
          body: spec.body !== undefined,
          response: spec.response !== undefined,
        },
      } as Route;
      for (const part of ['params', 'query', 'body', 'response'] as const) {
        if (spec[part] === undefined) lazyProperty(route, part, () => defaultSchema(spec, part));
      }
      return [name, route];
    }),
  );
  return routes as never;
}

/** The error body every failing call answers with (the front end shows `message`). */
export const ErrorBody = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;
