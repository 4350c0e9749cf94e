import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { documentView, groupOwnerStep, moveDocument } from '@stormline/data/documents';
import { getGroupInDivision } from '@stormline/data/regulations';
import { ForbiddenError } from '@stormline/domain/errors';
import { can } from '@stormline/domain/permissions';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = uploadsRoutes.sortGroupDocuments;

/** A document dragged to a new place in its group's list (spec 001 §2: needs update Regulations). */
export async function main({ body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  if (!can(caller.grants, 'update', 'Regulations'))
    throw new ForbiddenError('Your role does not allow update on Regulations');
  const group = await getGroupInDivision(deps.db, divisionId!, body.documentGroupId);
  const now = deps.now();
  const documents = await moveDocument(
    deps.db,
    { kind: 'group', groupId: group.id },
    body.id,
    body.order,
    now,
    groupOwnerStep(deps.db, group.id, now),
  );
  return { documents: documents.map(documentView) };
}

export const handler = httpRoute(route, main);
