import { findDocumentById } from '@stormline/data/documents';
import { NotFoundError, ValidationError } from '@stormline/domain/errors';
import type { Caller } from '../lib/authenticate';
import type { Deps } from '../lib/deps';
import { readableDocument } from '../lib/document-access';

/** A document's id as channel names carry it (the route table's Id: a UUID or a seeded id). */
const UPLOAD_ID = '([A-Za-z0-9_-]{1,64})';

/**
 * The channels a browser may subscribe to (spec 002 §7, spec 001 §7), each with who may hear it:
 * a document's conversion status and its annotations go to those who may read the document, in
 * the division the subscription names.
 */
const CHANNELS: readonly { pattern: RegExp; document: (match: RegExpExecArray) => string }[] = [
  { pattern: new RegExp(`^status:convert:pdf:png:${UPLOAD_ID}$`), document: (m) => m[1]! },
  { pattern: new RegExp(`^xfdf:${UPLOAD_ID}$`), document: (m) => m[1]! },
];

export const UNKNOWN_CHANNEL = 'Unknown channel';

/** Refuses (4xx) a channel that is unknown, or whose messages the caller may not read. */
export async function authorizeChannel(
  deps: Deps,
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
