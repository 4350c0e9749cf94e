import type * as z from 'zod/mini';
import type { Caller } from '../lib/authenticate';
import type { Deps } from '../lib/deps';
import { CONVERT_ACTION } from '@stormline/domain/site-maps';
import { convertPdfPng } from './convert-pdf-png';
import { xfdfAction } from './xfdf';

/** What an action of a socket message runs with: the sender re-checked, in the division it named. */
export interface SocketActionContext<Body> {
  deps: Deps;
  caller: Caller;
  divisionId: string;
  connectionId: string;
  body: Body;
}

export interface SocketAction<Schema extends z.ZodMiniType = z.ZodMiniType> {
  /** The message's fields besides action, requestId and divisionId, parsed strictly. */
  body: Schema;
  run: (context: SocketActionContext<z.infer<Schema>>) => Promise<unknown>;
}

/** Typed at the definition, stored as the map's common shape. */
export const socketAction = <Schema extends z.ZodMiniType>(action: SocketAction<Schema>) =>
  action as unknown as SocketAction;

/**
 * The actions a browser may send over the WebSocket besides subscribe and unsubscribe, each in a
 * module of its own (spec 002 §7 convert:pdf:png, spec 001 §7 the xfdf annotation commands).
 */
export const SOCKET_ACTIONS: Readonly<Record<string, SocketAction>> = {
  [CONVERT_ACTION]: socketAction(convertPdfPng),
  xfdf: socketAction(xfdfAction),
};
