import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import {
  documentView,
  getDocumentByGuidInDivision,
  ownerStepOf,
  replaceDocumentFile,
} from '@stormline/data/documents';
import { ConflictError } from '@stormline/domain/errors';
import { checkPendingFile, keepFile } from '../../lib/file-check';
import { fileStoreOf } from '../../lib/file-store';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { isSiteMap, limitsFor, requireDocumentWritable } from '../../lib/project-documents';
import { siteMapReplaced } from '../../lib/site-map-hooks';
import { recordOnce } from '../../lib/upload-once';
import { readUploadTicket } from '../../lib/upload-ticket';

const route = uploadsRoutes.replaceUpload;

/**
 * Replaces a document's file, by GUID: the new file is checked (images 20x20 at least; an Active
 * Site Map keeps its own limits: png, jpeg or pdf, images 1000x1000) before the document changes;
 * the document keeps its name, GUID and place, and the old file is deleted once the new one is
 * recorded. Besides update Documents (the route's) the caller needs update on the document's
 * owner (Regulations or Legend Item; a project's: update Project on a project the caller sees,
 * not archived), as uploading and sorting do. A replaced site map is converted again.
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const now = deps.now();
  const doc = await getDocumentByGuidInDivision(deps.db, params.id, divisionId!);
  await requireDocumentWritable(deps, caller, doc.owner);
  const ticket = readUploadTicket(
    body.upload,
    deps.jwtSecret,
    { userId: caller.user.id, divisionId: divisionId! },
    now,
  );
  if (doc.version !== body.version) throw new ConflictError();
  const store = fileStoreOf(deps);
  const replaced = await recordOnce(deps.db, [ticket], now, async (recorded) => {
    const file = await checkPendingFile(store, ticket, limitsFor(doc.owner, true));
    const objectKey = await keepFile(store, ticket, doc.id);
    let after;
    try {
      after = await replaceDocumentFile(
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
    return after;
  });
  if (isSiteMap(replaced.owner)) await siteMapReplaced(deps, replaced, caller);
  return documentView(replaced);
}

export const handler = httpRoute(route, main);
