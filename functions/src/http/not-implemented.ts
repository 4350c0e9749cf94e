import { ROUTE_BY_KEY } from '@stormline/contract/route-table';
import type { Route } from '@stormline/contract/route';
import type { GatewayEvent, GatewayResult } from '../lib/gateway-event';
import { httpRoute, json } from '../lib/http-route';

/**
 * The one handler of every route whose issue has not landed: the full middleware runs (sign-in,
 * division, permission, parsing) and then the guard answers 501 "Not implemented yet".
 */
const handlers = new Map<string, ReturnType<typeof httpRoute>>();

export function notImplementedHandler(route: Route) {
  let handler = handlers.get(route.key);
  if (!handler) {
    handler = httpRoute(route, async () => {
      throw new Error(`${route.key} is marked implemented but has no handler module`);
    });
    handlers.set(route.key, handler);
  }
  return handler;
}

/** Lambda entry: API Gateway names the route in routeKey. */
export async function handler(event: GatewayEvent, context: unknown): Promise<GatewayResult> {
  const route = ROUTE_BY_KEY.get(event.routeKey);
  if (!route) return json(404, { message: `Unknown route: ${event.routeKey}` });
  return notImplementedHandler(route)(event, context as never);
}
