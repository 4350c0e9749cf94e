import { legendItemsRoutes } from '@stormline/contract/areas/legend-items';
import { removeAllDocuments } from '@stormline/data/documents';
import { deleteLegendItem } from '@stormline/data/legend-items';
import { isSourcePlaced } from '@stormline/data/map-features';
import { ConflictError } from '@stormline/domain/errors';
import { MAP_MESSAGES } from '@stormline/domain/map-features';
import { fileStoreOf } from '../../lib/file-store';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = legendItemsRoutes.deleteLegendItem;

/**
 * Destroys a legend item of the division, then its documents and their files: refused (409) while it
 * stands on a map now (remove it from the map first; its placement count, 0041); the earlier
 * inspections' maps it stood on show it as deleted (a certified one as it was signed).
 */
export async function main({ params, divisionId, deps }: RouteRequest<typeof route>) {
  if (await isSourcePlaced(deps.db, divisionId!, params.id))
    throw new ConflictError(MAP_MESSAGES.standsOnMap);
  const item = await deleteLegendItem(deps.db, divisionId!, params.id);
  const files = await removeAllDocuments(deps.db, {
    kind: 'legend',
    divisionId: divisionId!,
    legendItemId: item.id,
  });
  const store = fileStoreOf(deps);
  for (const key of files) await store.remove(key);
  return { id: item.id };
}

export const handler = httpRoute(route, main);
