import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { legendOwnerStep } from '@stormline/data/documents';
import { getLegendItem } from '@stormline/data/legend-items';
import { ForbiddenError } from '@stormline/domain/errors';
import { can } from '@stormline/domain/permissions';
import { recordUploadedDocument } from '../../lib/document-upload';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = uploadsRoutes.createLegendItemUpload;

/**
 * Adds the file of an upload to a legend item's documents (the BMP tab of the groups it lists):
 * the legend item must be the division's and the caller may change legend items; the file is
 * checked in storage before anything is recorded, and a refused one is deleted.
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  if (!can(caller.grants, 'update', 'Legend Item'))
    throw new ForbiddenError('Your role does not allow update on Legend Item');
  const item = await getLegendItem(deps.db, divisionId!, params.id);
  return recordUploadedDocument(
    deps,
    caller,
    divisionId!,
    body,
    { kind: 'legend', divisionId: divisionId!, legendItemId: item.id },
    () => legendOwnerStep(deps.db, divisionId!, item.id),
  );
}

export const handler = httpRoute(route, main);
