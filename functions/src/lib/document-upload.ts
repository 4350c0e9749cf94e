import { randomUUID } from 'node:crypto';
import {
  addDocument,
  documentView,
  type DocumentOwner,
  type DocumentRecord,
  type OwnerStep,
} from '@stormline/data/documents';
import { DOCUMENT_LIST_LIMITS, type UploadLimits } from '@stormline/domain/uploads';
import type { Caller } from './authenticate';
import type { Deps } from './deps';
import { checkPendingFile, keepFile } from './file-check';
import { fileStoreOf } from './file-store';
import { recordOnce } from './upload-once';
import { readUploadTicket } from './upload-ticket';

/**
 * Records the file of an upload as a document of `owner` (a regulation group, a legend item): the
 * upload ticket must be the caller's in this division, the upload is claimed so it is recorded
 * once (a double submit's twin answers 409), the file is checked in storage before anything is
 * recorded, and a file that is refused or not recorded (the owner went meanwhile, the
 * list is full) is deleted. The caller's right to change the owner is the route's to check.
 * `limits` are the owner's (a document list's by default; an Active Site Map's are stricter), and
 * `onRecorded` runs once the document is recorded (a site map's conversion starts there).
 */
export async function recordUploadedDocument(
  deps: Deps,
  caller: Caller,
  divisionId: string,
  body: { upload: string; name?: string },
  owner: DocumentOwner,
  ownerStep: (now: Date) => OwnerStep,
  options: { limits?: UploadLimits; onRecorded?: (doc: DocumentRecord) => Promise<void> } = {},
) {
  const now = deps.now();
  const ticket = readUploadTicket(body.upload, deps.jwtSecret, { userId: caller.user.id, divisionId }, now);
  const store = fileStoreOf(deps);
  const doc = await recordOnce(deps.db, [ticket], now, async (recorded) => {
    const file = await checkPendingFile(store, ticket, options.limits ?? DOCUMENT_LIST_LIMITS);
    const id = randomUUID();
    const objectKey = await keepFile(store, ticket, id);
    try {
      return await addDocument(
        deps.db,
        {
          id,
          guid: randomUUID(),
          name: body.name ?? ticket.fileName,
          ...file,
          objectKey,
          owner,
          createdAt: now.toISOString(),
          createdBy: caller.user.id,
        },
        ownerStep(now),
        recorded,
      );
    } catch (error) {
      await store.remove(objectKey);
      throw error;
    }
  });
  // After the record, outside it: the document stands whatever follows.
  await options.onRecorded?.(doc);
  return { status: 201 as const, body: documentView(doc) };
}
