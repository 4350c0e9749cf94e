import middy from '@middy/core';
import type { MiddlewareObj } from '@middy/core';
import type * as z from 'zod/mini';
import type { Route } from '@stormline/contract/route';
import { pathParams } from '@stormline/contract/match-route';
import { namedMessage } from '@stormline/contract/messages';
import { ID_PATTERN } from '@stormline/contract/schemas';
import {
  AppError,
  ForbiddenError,
  NotImplementedError,
  PayloadTooLargeError,
  ValidationError,
} from '@stormline/domain/errors';
import { can } from '@stormline/domain/permissions';
import { TEMPLATE_EDITOR_REFUSAL, TEMPLATE_EDITOR_ROLES } from '@stormline/domain/roles';
import { authenticate, header } from './authenticate';
import type { Caller } from './authenticate';
import type { GatewayEvent, GatewayResult } from './gateway-event';
import type { Deps } from './deps';
import { getDeps } from './deps';
import { viewerAddress } from './viewer-address';

export type { Caller } from './authenticate';

/** Bodies above this are refused before parsing; uploads go to S3 directly, never through the API. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface RouteRequest<R extends Route> {
  route: R;
  /** Null only on anonymous routes. */
  caller: R['access']['kind'] extends 'anonymous' ? Caller | null : Caller;
  /** The division the request works in: the header (or the route's division parameter), checked. */
  divisionId: string | null;
  params: z.output<R['params']>;
  query: z.output<R['query']>;
  body: z.output<R['body']>;
  /** The viewer's address (behind CloudFront, the viewer's own, not the edge's). */
  viewerAddress: string;
  deps: Deps;
}

/** A handler may answer a status other than 200 (201 on create, say) by returning this. */
export interface Reply<T> {
  status: number;
  body: T;
  /** Added to the answer's headers (a download's Location). */
  headers?: Record<string, string>;
}

export type RouteImplementation<R extends Route> = (
  request: RouteRequest<R>,
) => Promise<z.input<R['response']> | Reply<z.input<R['response']>>>;

interface State {
  caller: Caller | null;
  divisionId: string | null;
  params: unknown;
  query: unknown;
  body: unknown;
}

/** What the guard checked, handed to the implementation by event (middy keeps `internal` from the base). */
const checkedState = new WeakMap<GatewayEvent, State>();

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export function json(statusCode: number, body: unknown): GatewayResult {
  return { statusCode, headers: JSON_HEADERS, body: JSON.stringify(body) };
}

function firstIssueMessage(error: z.core.$ZodError): ValidationError {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return new ValidationError(issues[0]?.message ?? 'Invalid request', issues);
}

function decodeBody(event: GatewayEvent): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new PayloadTooLargeError();
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationError('The request body is not valid JSON');
  }
}

/** The public account calls only routes marked public: reads of published records, and signing out. */
function enforceReadOnly(route: Route, caller: Caller | null): void {
  if (!caller?.role.isReadOnly || route.publicRead) return;
  throw new ForbiddenError(
    route.method === 'GET' ? 'This is not available in the public view' : 'The public view is read-only',
  );
}

/** The division the request names: the route's division parameter, else the divisionId header. */
function requestedDivision(route: Route, event: GatewayEvent, params: Record<string, string>): string | null {
  if (route.division === 'none') return null;
  const fromPath = route.divisionParam ? params[route.divisionParam] : undefined;
  return fromPath ?? header(event, 'divisionid') ?? null;
}

/** A division id that may go into a key; anything else is never looked up. */
const usableDivision = (divisionId: string | null) =>
  divisionId !== null && ID_PATTERN.test(divisionId) ? divisionId : null;

/** The division must be named where required, and be one the caller belongs to whenever named. */
function checkDivision(route: Route, caller: Caller | null, divisionId: string | null): string | null {
  if (route.division === 'none' || !caller) return null;
  if (!divisionId) {
    if (route.division === 'required') throw new ValidationError('divisionId is required!');
    return null;
  }
  if (!usableDivision(divisionId)) throw new ValidationError('The divisionId is not valid');
  if (!caller.inRequestedDivision) throw new ForbiddenError('You do not have access to this division');
  return divisionId;
}

/** "Only yourself" routes: the user in the path must be the caller, whatever the role. */
function checkSelf(route: Route, caller: Caller | null, params: Record<string, string>): void {
  if (!route.self || !caller) return;
  if (params[route.self] !== caller.user.id)
    throw new ForbiddenError('You can only change your own settings');
}

function authorize(route: Route, caller: Caller | null): void {
  if (route.access.kind !== 'permission' || !caller) return;
  const { action, resource } = route.access;
  if (!can(caller.grants, action, resource)) {
    throw new ForbiddenError(`Your role does not allow ${action} on ${resource}`);
  }
  // Spec 000 §2: the Inspection Templates page is only these roles', whatever their grants (an
  // SWMP Admin holds them all): the server refuses its calls as the navigation hides it.
  if (resource === 'Inspection Templates' && !TEMPLATE_EDITOR_ROLES.includes(caller.role.name))
    throw new ForbiddenError(TEMPLATE_EDITOR_REFUSAL);
}

function requestParams(route: Route, event: GatewayEvent): Record<string, string> {
  try {
    return pathParams(route, event.rawPath) ?? {};
  } catch {
    throw new ValidationError('The request path is not valid');
  }
}

function parse<T extends z.ZodMiniType>(schema: T, value: unknown): z.output<T> {
  // A failure the schema gives no message of its own names its field (an imported file's deep ones).
  const result = schema.safeParse(value, { error: namedMessage });
  if (!result.success) throw firstIssueMessage(result.error);
  return result.data;
}

/**
 * The request pipeline of every route, in the order that decides which failure wins: sign-in
 * (401), read-only public token, division (400/403), permission (403), only-yourself (403),
 * input (400), then the route itself or 501 while it is not implemented.
 */
function routeGuard(route: Route): MiddlewareObj<GatewayEvent, GatewayResult> {
  return {
    before: async (request) => {
      const { event } = request;
      const deps = await getDeps();
      const rawParams = requestParams(route, event);
      const requested = requestedDivision(route, event, rawParams);
      const caller = await authenticate(route, event, deps, usableDivision(requested));
      enforceReadOnly(route, caller);
      const divisionId = checkDivision(route, caller, requested);
      authorize(route, caller);
      checkSelf(route, caller, rawParams);
      const rawBody = decodeBody(event);
      checkedState.set(event, {
        caller,
        divisionId,
        params: parse(route.params, rawParams),
        query: parse(route.query, event.queryStringParameters ?? {}),
        body: parse(route.body, rawBody),
      });
      if (!route.implemented) throw new NotImplementedError(route.method, route.path);
    },
  };
}

/** The last word on failures: named errors become their status and message; anything else a bare 500. */
function errorResponse(): MiddlewareObj<GatewayEvent, GatewayResult> {
  return {
    onError: async (request) => {
      const error = request.error;
      if (error instanceof AppError) {
        const issues =
          error instanceof ValidationError && error.issues.length > 0 ? { issues: error.issues } : {};
        request.response = json(error.status, { message: error.message, ...issues });
        return;
      }
      console.error(
        JSON.stringify({
          level: 'error',
          requestId: request.event.requestContext?.requestId,
          route: request.event.routeKey,
          error:
            error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : error,
        }),
      );
      request.response = json(500, { message: 'Something went wrong on our side. Please try again.' });
    },
  };
}

function isReply<T>(value: unknown): value is Reply<T> {
  return typeof value === 'object' && value !== null && 'status' in value && 'body' in value;
}

/**
 * Wraps a route implementation in the shared middleware and answers JSON that matches the
 * route's response schema. `handler` is what the Lambda (and the local gateway) invokes.
 */
export function httpRoute<R extends Route>(route: R, implementation: RouteImplementation<R>) {
  const base = async (event: GatewayEvent): Promise<GatewayResult> => {
    const state = checkedState.get(event);
    if (!state) throw new Error(`Route guard did not run for ${route.key}`);
    const result = await implementation({
      route,
      caller: state.caller as RouteRequest<R>['caller'],
      divisionId: state.divisionId,
      params: state.params as RouteRequest<R>['params'],
      query: state.query as RouteRequest<R>['query'],
      body: state.body as RouteRequest<R>['body'],
      viewerAddress: viewerAddress(event),
      deps: await getDeps(),
    });
    const { status, body, headers } = isReply(result) ? result : { status: 200, body: result, headers: {} };
    const checked = route.response.safeParse(body);
    if (!checked.success)
      throw new Error(`Response of ${route.key} breaks its schema: ${checked.error.message}`);
    const answer = json(status, checked.data);
    return { ...answer, headers: { ...answer.headers, ...headers } };
  };
  return middy<GatewayEvent, GatewayResult>(base).use(errorResponse()).use(routeGuard(route));
}
