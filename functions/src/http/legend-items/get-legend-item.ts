import { legendItemsRoutes } from '@stormline/contract/areas/legend-items';
import { documentView, listDocuments, MAX_DOCUMENTS_PER_OWNER } from '@stormline/data/documents';
import { getLegendItem, heldGroupsOf, legendItemView } from '@stormline/data/legend-items';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = legendItemsRoutes.getLegendItem;

/** One legend item of the division with its regulations and documents (the edit and read-only modals). */
export async function main({ params, divisionId, deps }: RouteRequest<typeof route>) {
  const item = await getLegendItem(deps.db, divisionId!, params.id);
  const [groups, documents] = await Promise.all([
    heldGroupsOf(deps.db, divisionId!, [item]),
    listDocuments(
      deps.db,
      { kind: 'legend', divisionId: divisionId!, legendItemId: item.id },
      { pageSize: MAX_DOCUMENTS_PER_OWNER },
    ),
  ]);
  return { ...legendItemView(item, groups), uploads: documents.items.map(documentView) };
}

export const handler = httpRoute(route, main);
