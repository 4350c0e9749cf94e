import { legendItemsRoutes } from '@stormline/contract/areas/legend-items';
import { removeAllDocuments } from '@stormline/data/documents';
import { deleteLegendItem } from '@stormline/data/legend-items';
import { fileStoreOf } from '../../lib/file-store';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = legendItemsRoutes.deleteLegendItem;

/** Destroys a legend item of the division, then its documents and their files. */
export async function main({ params, divisionId, deps }: RouteRequest<typeof route>) {
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
