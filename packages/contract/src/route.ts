import * as z from 'zod';
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

export interface RouteSpec<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
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
  /** The token may come as ?token= (download links opened by the browser, spec 001 §7). */
  tokenInQuery?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  response?: R;
  /** Answered 501 "Not implemented yet" after the full middleware, until its issue lands. */
  implemented: boolean;
}

export interface Route<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
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
}

/** The path parameters a path template declares, e.g. "/api/users/{id}" gives ["id"]. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

function defaultParams(path: string): z.ZodType {
  const names = pathParamNames(path);
  return z.strictObject(Object.fromEntries(names.map((n) => [n, z.string().min(1).max(200)])));
}

/** Unimplemented routes accept any query and body; their schemas arrive with their issue. */
const anyQuery = z.record(z.string(), z.string());
const anyBody = z.unknown();
const noBody = z.undefined();

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
    T[K]['params'] extends z.ZodType ? T[K]['params'] : z.ZodType,
    T[K]['query'] extends z.ZodType ? T[K]['query'] : z.ZodType,
    T[K]['body'] extends z.ZodType ? T[K]['body'] : z.ZodType,
    T[K]['response'] extends z.ZodType ? T[K]['response'] : z.ZodType
  >;
} {
  const routes = Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => {
      const withBody = spec.method === 'POST' || spec.method === 'PUT' || spec.method === 'DELETE';
      const route: Route = {
        ...spec,
        area,
        name,
        handler: `${area}/${kebab(name)}`,
        key: `${spec.method} ${spec.path}`,
        params: spec.params ?? defaultParams(spec.path),
        query: spec.query ?? anyQuery,
        body: spec.body ?? (withBody ? anyBody : noBody),
        response: spec.response ?? z.unknown(),
      };
      return [name, route];
    }),
  );
  return routes as never;
}

/** The error body every failing call answers with (the front end shows `message`). */
export const ErrorBody = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;
