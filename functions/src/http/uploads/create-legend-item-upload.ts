import { randomUUID } from 'node:crypto';
import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { addDocument, documentView, uploadRecordedStep, legendOwnerStep } from '@stormline/data/documents';
import { getLegendItem } from '@stormline/data/legend-items';
import { ForbiddenError } from '@stormline/domain/errors';
import { can } from '@stormline/domain/permissions';
import { DOCUMENT_LIST_LIMITS } from '@stormline/domain/uploads';
import { checkPendingFile, keepFile } from '../../lib/file-check';
import { fileStoreOf } from '../../lib/file-store';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { readUploadTicket } from '../../lib/upload-ticket';

const route = uploadsRoutes.createLegendItemUpload;

/**
 * Adds the file of an upload to a legend item's documents (the BMP tab of the groups it lists):
 * the legend item must be the division's and the caller may change legend items; the file is
 * checked in storage before anything is recorded, and a refused one is deleted.
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  if (!can(caller.grants, 'update', 'Legend Item'))
    throw new ForbiddenError('Your role does not allow update on Legend Item');
  const now = deps.now();
  const item = await getLegendItem(deps.db, divisionId!, params.id);
  const ticket = readUploadTicket(
    body.upload,
    deps.jwtSecret,
    { userId: caller.user.id, divisionId: divisionId! },
    now,
  );
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
        owner: { kind: 'legend', divisionId: divisionId!, legendItemId: item.id },
        createdAt: now.toISOString(),
        createdBy: caller.user.id,
      },
      legendOwnerStep(deps.db, divisionId!, item.id),
      [uploadRecordedStep(deps.db, ticket.key, now)],
    );
    return { status: 201, body: documentView(doc) };
  } catch (error) {
    await store.remove(objectKey);
    throw error;
  }
}

export const handler = httpRoute(route, main);
