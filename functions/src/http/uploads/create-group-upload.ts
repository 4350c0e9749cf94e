import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { groupOwnerStep } from '@stormline/data/documents';
import { getGroupInDivision } from '@stormline/data/regulations';
import { ForbiddenError } from '@stormline/domain/errors';
import { can } from '@stormline/domain/permissions';
import { recordUploadedDocument } from '../../lib/document-upload';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = uploadsRoutes.createGroupUpload;

/**
 * Adds the file of an upload to a regulation group's documents: the group must be the division's
 * and the caller may change regulations (spec 001 §6: uploading needs update Regulations); the
 * file is checked in storage before anything is recorded, and a refused one is deleted.
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  if (!can(caller.grants, 'update', 'Regulations'))
    throw new ForbiddenError('Your role does not allow update on Regulations');
  const group = await getGroupInDivision(deps.db, divisionId!, params.id);
  return recordUploadedDocument(
    deps,
    caller,
    divisionId!,
    body,
    { kind: 'group', groupId: group.id },
    (now) => groupOwnerStep(deps.db, group.id, now),
  );
}

export const handler = httpRoute(route, main);
