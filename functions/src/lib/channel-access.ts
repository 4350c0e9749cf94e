import { findDocumentById } from '@stormline/data/documents';
import {
  AppError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '@stormline/domain/errors';
import type { Connection } from '@stormline/data/connections';
import { callerOf, type Caller } from './authenticate';
import type { Deps } from './deps';
import { readableDocument } from './document-access';

/** A document's id as channel names carry it (the route table's Id: a UUID or a seeded id). */
const UPLOAD_ID = '([A-Za-z0-9_-]{1,64})';

/**
 * The channels a browser may subscribe to (spec 002 §7, spec 001 §7), each with who may hear it:
 * a document's conversion status and its annotations go to those who may read the document, in
 * the division the subscription names. A print job's status has its own rule
 * (lib/reports/report-channel-access.ts), which the subscribe action and the report's pushes name,
 * so the Lambdas that push to documents' channels do not carry it.
 */
const CHANNELS: readonly { pattern: RegExp; document: (match: RegExpExecArray) => string }[] = [
  { pattern: new RegExp(`^status:convert:pdf:png:${UPLOAD_ID}$`), document: (m) => m[1]! },
  { pattern: new RegExp(`^xfdf:${UPLOAD_ID}$`), document: (m) => m[1]! },
];

export const UNKNOWN_CHANNEL = 'Unknown channel';

/** Refuses (4xx) a channel that is unknown, or whose messages the caller may not read. */
export async function authorizeChannel(
  deps: Pick<Deps, 'db'>,
  caller: Caller,
  divisionId: string,
  channel: string,
): Promise<void> {
  for (const { pattern, document } of CHANNELS) {
    const match = pattern.exec(channel);
    if (!match) continue;
    const doc = await findDocumentById(deps.db, divisionId, document(match));
    // Not found, or not the caller's to read: the same answer, so an id tells a stranger nothing.
    if (!doc || !(await readableDocument(deps, caller, divisionId, doc)))
      throw new NotFoundError('Document not found');
    return;
  }
  throw new ValidationError(UNKNOWN_CHANNEL);
}

/**
 * The user behind a connection, as the HTTP guard checks a request's: the token must not have
 * expired, nor its session ended (signed out, sessions ended, account inactive); with a division,
 * the membership is known on the caller.
 */
export async function callerOfConnection(
  deps: Pick<Deps, 'db' | 'now'>,
  connection: Connection,
  divisionId: string | null,
): Promise<Caller> {
  if (connection.tokenExpiresAt * 1000 <= deps.now().getTime()) throw new UnauthorizedError('Invalid token');
  return callerOf(
    deps,
    {
      userId: connection.userId,
      tokenId: connection.tokenId,
      issuedAt: connection.tokenIssuedAt,
      expiresAt: connection.tokenExpiresAt,
    },
    divisionId,
  );
}

/**
 * Whether a connection may still hear a channel in the division it subscribed in: checked again
 * at each push, not only at subscribe, so a member removed from the division, a document's owner
 * no longer shared with it, a project's access taken away or a session ended stops the messages
 * at once. Refusals are answers (false), faults are thrown.
 */
export type ChannelRule = (
  deps: Pick<Deps, 'db'>,
  caller: Caller,
  divisionId: string,
  channel: string,
) => Promise<void>;

export async function mayStillHear(
  deps: Pick<Deps, 'db' | 'now'>,
  connection: Connection,
  divisionId: string,
  channel: string,
  authorize: ChannelRule = authorizeChannel,
): Promise<boolean> {
  try {
    const caller = await callerOfConnection(deps, connection, divisionId);
    if (!caller.inRequestedDivision) throw new ForbiddenError('You do not have access to this division');
    await authorize(deps, caller, divisionId, channel);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}
