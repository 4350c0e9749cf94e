import * as z from 'zod/mini';
import { connectionById } from '@stormline/data/connections';
import { ID_PATTERN } from '@stormline/contract/schemas';
import { AppError, ForbiddenError, UnauthorizedError, ValidationError } from '@stormline/domain/errors';
import type { Caller } from '../lib/authenticate';
import { callerOfConnection } from '../lib/channel-access';
import { getDeps, type Deps } from '../lib/deps';
import { postToConnection } from '../lib/realtime';
import type { SocketAction } from './actions';
import type { WebSocketEvent, WebSocketResult } from './websocket-event';

/** A message's envelope: the action, the id the reply echoes, and the division it acts in. */
const Envelope = z.looseObject({
  action: z.string().check(z.maxLength(40)),
  requestId: z.optional(z.string().check(z.maxLength(64))),
  divisionId: z.optional(
    z.string().check(z.maxLength(64), z.regex(ID_PATTERN, 'The divisionId is not valid')),
  ),
});

/** The largest message the API accepts is 128 KB (API Gateway's frame limit is 32 KB a frame). */
const MAX_MESSAGE_BYTES = 128 * 1024;

type Envelope = z.infer<typeof Envelope>;

/**
 * The handler of a WebSocket message route (docs/decisions/0040) for its actions: the sender's
 * session is checked again (signed out, ended, expired or inactive accounts are refused) and the
 * membership of the division the message names; then the action runs on its strictly parsed body.
 * The sender gets a reply with the result, or the 4xx's message; a fault is logged and answered
 * as one. A route's Lambda carries only its own actions.
 */
export function socketMessageHandler(actions: Readonly<Record<string, SocketAction>>) {
  return async function handler(event: WebSocketEvent): Promise<WebSocketResult> {
    const deps = await getDeps();
    const connectionId = event.requestContext.connectionId;
    let envelope: Envelope | null = null;
    try {
      envelope = parseEnvelope(event.body);
      const result = await dispatch(deps, actions, connectionId, envelope, bodyOf(event.body));
      await reply(deps, connectionId, {
        type: 'reply',
        action: envelope.action,
        requestId: envelope.requestId,
        ok: true,
        result,
      });
    } catch (error) {
      const known = error instanceof AppError;
      if (!known) console.error('websocket message failed', error);
      await reply(deps, connectionId, {
        type: 'error',
        action: envelope?.action,
        requestId: envelope?.requestId ?? requestIdOf(event.body),
        status: known ? error.status : 500,
        message: known ? error.message : 'An error has occurred',
      });
    }
    return { statusCode: 200 };
  };
}

function parseEnvelope(raw: string | undefined): Envelope {
  if (!raw || Buffer.byteLength(raw) > MAX_MESSAGE_BYTES)
    throw new ValidationError('The message is not valid');
  const parsed = Envelope.safeParse(safeJson(raw));
  if (!parsed.success) throw new ValidationError('The message is not valid');
  return parsed.data;
}

/** The reply's id of a message refused before its envelope was read, when it has a usable one. */
function requestIdOf(raw: string | undefined): string | undefined {
  const requestId = (safeJson(raw ?? '') as { requestId?: unknown } | null)?.requestId;
  return typeof requestId === 'string' && requestId.length <= 64 ? requestId : undefined;
}

/** The message without its envelope: what an action's body schema reads. */
function bodyOf(raw: string | undefined): Record<string, unknown> {
  const {
    action: _action,
    requestId: _requestId,
    divisionId: _divisionId,
    ...body
  } = safeJson(raw ?? '') as Record<string, unknown>;
  return body;
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

async function dispatch(
  deps: Deps,
  actions: Readonly<Record<string, SocketAction>>,
  connectionId: string,
  envelope: Envelope,
  body: Record<string, unknown>,
) {
  const action = Object.hasOwn(actions, envelope.action) ? actions[envelope.action] : undefined;
  if (!action) throw new ValidationError(`Unknown action: ${envelope.action.slice(0, 40)}`);
  const caller = await senderOf(deps, connectionId, envelope.divisionId ?? null);
  // Leaving a channel changes nothing but the sender's own subscription: no division to name.
  const divisionId = action.anyDivision
    ? (envelope.divisionId ?? '')
    : requireDivision(caller, envelope.divisionId);
  return action.run({ deps, caller, divisionId, connectionId, body: parseBody(action.body, body) });
}

function parseBody<Schema extends z.ZodMiniType>(schema: Schema, body: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ValidationError(first?.message ?? 'The message is not valid');
  }
  return parsed.data;
}

/** The connection's user, as the HTTP guard checks a request's: the session must still be good. */
async function senderOf(deps: Deps, connectionId: string, divisionId: string | null): Promise<Caller> {
  const connection = await connectionById(deps.db, connectionId);
  if (!connection) throw new UnauthorizedError('User is not logged in');
  return callerOfConnection(deps, connection, divisionId);
}

function requireDivision(caller: Caller, divisionId: string | undefined): string {
  if (!divisionId) throw new ValidationError('divisionId is required!');
  if (!caller.inRequestedDivision) throw new ForbiddenError('You do not have access to this division');
  return divisionId;
}

async function reply(deps: Deps, connectionId: string, message: Record<string, unknown>) {
  await postToConnection(deps, connectionId, message).catch((error: unknown) => {
    console.error('websocket reply failed', error);
  });
}
