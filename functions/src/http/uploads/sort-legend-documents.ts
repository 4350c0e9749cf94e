import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { documentView, legendOwnerStep, moveDocument } from '@stormline/data/documents';
import { getLegendItem } from '@stormline/data/legend-items';
import { getGroupInDivision } from '@stormline/data/regulations';
import { ForbiddenError, NotFoundError } from '@stormline/domain/errors';
import { can } from '@stormline/domain/permissions';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = uploadsRoutes.sortLegendDocuments;

/**
 * A document dragged to a new place in its legend item's list. With documentGroupId (the BMP tab
 * it was dragged in) the legend item must list that group of the division.
 */
export async function main({ body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  if (!can(caller.grants, 'update', 'Legend Item'))
    throw new ForbiddenError('Your role does not allow update on Legend Item');
  const item = await getLegendItem(deps.db, divisionId!, body.legendItemId);
  if (body.documentGroupId) {
    const group = await getGroupInDivision(deps.db, divisionId!, body.documentGroupId);
    if (!item.groupIds.includes(group.id)) throw new NotFoundError('Legend item not found');
  }
  const documents = await moveDocument(
    deps.db,
    { kind: 'legend', divisionId: divisionId!, legendItemId: item.id },
    body.id,
    body.order,
    deps.now(),
    legendOwnerStep(deps.db, divisionId!, item.id),
  );
  return { documents: documents.map(documentView) };
}

export const handler = httpRoute(route, main);
