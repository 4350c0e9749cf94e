import type * as z from 'zod/mini';
import type { Caller } from '../lib/authenticate';
import type { Deps } from '../lib/deps';

/** What an action of a socket message runs with: the sender re-checked, in the division it named. */
export interface SocketActionContext<Body> {
  deps: Deps;
  caller: Caller;
  divisionId: string;
  connectionId: string;
  body: Body;
}

export interface SocketAction<Schema extends z.ZodMiniType = z.ZodMiniType> {
  /** Runs whatever division the message names, or none (leaving a channel); else one of the sender's is required. */
  anyDivision?: boolean;
  /** The message's fields besides action, requestId and divisionId, parsed strictly. */
  body: Schema;
  run: (context: SocketActionContext<z.infer<Schema>>) => Promise<unknown>;
}

/** Typed at the definition, stored as the map's common shape. */
export const socketAction = <Schema extends z.ZodMiniType>(action: SocketAction<Schema>) =>
  action as unknown as SocketAction;
