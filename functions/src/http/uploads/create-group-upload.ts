import { randomUUID } from 'node:crypto';
import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { addDocument, documentView, uploadRecordedStep, groupOwnerStep } from '@stormline/data/documents';
import { getGroupInDivision } from '@stormline/data/regulations';
import { ForbiddenError } from '@stormline/domain/errors';
import { can } from '@stormline/domain/permissions';
import { DOCUMENT_LIST_LIMITS } from '@stormline/domain/uploads';
import { checkPendingFile, keepFile } from '../../lib/file-check';
import { fileStoreOf } from '../../lib/file-store';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { readUploadTicket } from '../../lib/upload-ticket';

const route = uploadsRoutes.createGroupUpload;

/**
 * Adds the file of an upload to a regulation group's documents: the group must be the division's
 * and the caller may change regulations (spec 001 §6: uploading needs update Regulations); the
 * file is checked in storage before anything is recorded, and a refused one is deleted.
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  if (!can(caller.grants, 'update', 'Regulations'))
    throw new ForbiddenError('Your role does not allow update on Regulations');
  const now = deps.now();
  const group = await getGroupInDivision(deps.db, divisionId!, params.id);
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
        owner: { kind: 'group', groupId: group.id },
        createdAt: now.toISOString(),
        createdBy: caller.user.id,
      },
      groupOwnerStep(deps.db, group.id, now),
      [uploadRecordedStep(deps.db, ticket.key, now)],
    );
    return { status: 201, body: documentView(doc) };
  } catch (error) {
    // Not recorded (the group went meanwhile, the list is full): its file goes too.
    await store.remove(objectKey);
    throw error;
  }
}

export const handler = httpRoute(route, main);
