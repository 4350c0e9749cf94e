import { BEGIN_ACTIONS } from '@stormline/domain/reports';

/**
 * The WebSocket API's message routes (docs/decisions/0040): API Gateway picks one by the message's
 * `action` (its route selection `$request.body.action`), each a Lambda of its own, so a handler
 * carries only its own action's code; anything else goes to `$default` (subscribe, unsubscribe, and
 * the 'Unknown action' reply). The local runtime dispatches by the same table.
 */
const BEGIN_REPORT = {
  module: 'ws/begin-report-message',
  summary: 'Begin a print job (spec 002 §7, begin:{job}; docs/decisions/0042)',
  startsReport: true,
} as const;

/** The six `begin:{job}` route keys, all served by one module (one Lambda). */
function beginRoutes(): Record<(typeof BEGIN_ACTIONS)[number], typeof BEGIN_REPORT> {
  return Object.fromEntries(BEGIN_ACTIONS.map((action) => [action, BEGIN_REPORT])) as never;
}

export const SOCKET_MESSAGE_ROUTES = {
  $default: { module: 'ws/message', summary: 'Channel subscriptions (subscribe, unsubscribe)' },
  xfdf: { module: 'ws/xfdf-message', summary: 'PDF annotation commands (spec 001 §7, xfdf)' },
  'convert:pdf:png': {
    module: 'ws/convert-message',
    summary: 'Start a site-map conversion (spec 002 §7, convert:pdf:png)',
    startsConversion: true,
  },
  ...beginRoutes(),
} as const satisfies Record<
  string,
  { module: string; summary: string; startsConversion?: boolean; startsReport?: boolean }
>;

export type SocketRouteKey = keyof typeof SOCKET_MESSAGE_ROUTES;

/** The route a message goes to: its action's own, else `$default`. */
export function socketRouteOf(action: unknown): SocketRouteKey {
  return typeof action === 'string' && action !== '$default' && Object.hasOwn(SOCKET_MESSAGE_ROUTES, action)
    ? (action as SocketRouteKey)
    : '$default';
}
