import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import {
  documentView,
  getDocumentByGuidInDivision,
  ownerStepOf,
  replaceDocumentFile,
} from '@stormline/data/documents';
import { ConflictError } from '@stormline/domain/errors';
import { REPLACE_LIMITS } from '@stormline/domain/uploads';
import { requireOwnerUpdate } from '../../lib/document-owner';
import { checkPendingFile, keepFile } from '../../lib/file-check';
import { fileStoreOf } from '../../lib/file-store';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { recordOnce } from '../../lib/upload-once';
import { readUploadTicket } from '../../lib/upload-ticket';

const route = uploadsRoutes.replaceUpload;

/**
 * Replaces a document's file, by GUID: the new file is checked (images 20x20 at least) before the
 * document changes; the document keeps its name, GUID and place, and the old file is deleted once
 * the new one is recorded. Besides update Documents (the route's) the caller needs update on the
 * document's owner (Regulations or Legend Item), as uploading and sorting do.
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const now = deps.now();
  const doc = await getDocumentByGuidInDivision(deps.db, params.id, divisionId!);
  requireOwnerUpdate(caller, doc.owner);
  const ticket = readUploadTicket(
    body.upload,
    deps.jwtSecret,
    { userId: caller.user.id, divisionId: divisionId! },
    now,
  );
  if (doc.version !== body.version) throw new ConflictError();
  const store = fileStoreOf(deps);
  return recordOnce(deps.db, [ticket], now, async (recorded) => {
    const file = await checkPendingFile(store, ticket, REPLACE_LIMITS);
    const objectKey = await keepFile(store, ticket, doc.id);
    let replaced;
    try {
      replaced = await replaceDocumentFile(
        deps.db,
        doc,
        { ...file, objectKey },
        body.version,
        now,
        ownerStepOf(deps.db, doc.owner, now),
        recorded,
      );
    } catch (error) {
      await store.remove(objectKey);
      throw error;
    }
    await store.remove(doc.objectKey);
    return documentView(replaced);
  });
}

export const handler = httpRoute(route, main);
