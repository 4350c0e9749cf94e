import { randomUUID } from 'node:crypto';
import {
  addDocument,
  documentView,
  uploadRecordedStep,
  type DocumentOwner,
  type OwnerStep,
} from '@stormline/data/documents';
import { ForbiddenError } from '@stormline/domain/errors';
import { can } from '@stormline/domain/permissions';
import { DOCUMENT_LIST_LIMITS } from '@stormline/domain/uploads';
import type { Caller } from './authenticate';
import type { Deps } from './deps';
import { checkPendingFile, keepFile } from './file-check';
import { fileStoreOf } from './file-store';
import { readUploadTicket } from './upload-ticket';

/** The resource whose update right changes a document of this owner (spec 001 §6, ADR 0015). */
export function ownerResource(owner: DocumentOwner): 'Regulations' | 'Legend Item' {
  return owner.kind === 'group' ? 'Regulations' : 'Legend Item';
}

/**
 * Replacing or renaming a document changes its owner's list as uploading and sorting do: the
 * caller needs update on the owner's resource too (update Regulations for a regulation group's
 * document, update Legend Item for a legend item's), not only update Documents.
 */
export function requireOwnerUpdate(caller: Caller, owner: DocumentOwner): void {
  const resource = ownerResource(owner);
  if (!can(caller.grants, 'update', resource))
    throw new ForbiddenError(`Your role does not allow update on ${resource}`);
}

/**
 * Records the file of an upload as a document of `owner` (a regulation group, a legend item): the
 * upload ticket must be the caller's in this division, the file is checked in storage before
 * anything is recorded, and a file that is refused or not recorded (the owner went meanwhile, the
 * list is full) is deleted. The caller's right to change the owner is the route's to check.
 */
export async function recordUploadedDocument(
  deps: Deps,
  caller: Caller,
  divisionId: string,
  body: { upload: string; name?: string },
  owner: DocumentOwner,
  ownerStep: (now: Date) => OwnerStep,
) {
  const now = deps.now();
  const ticket = readUploadTicket(body.upload, deps.jwtSecret, { userId: caller.user.id, divisionId }, now);
  const store = fileStoreOf(deps);
  const file = await checkPendingFile(store, ticket, DOCUMENT_LIST_LIMITS);
  const id = randomUUID();
  const objectKey = await keepFile(store, ticket, id);
  try {
    const doc = await addDocument(
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
      [uploadRecordedStep(deps.db, ticket.key, now)],
    );
    return { status: 201 as const, body: documentView(doc) };
  } catch (error) {
    await store.remove(objectKey);
    throw error;
  }
}
