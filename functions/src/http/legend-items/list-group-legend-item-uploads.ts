import { legendItemsRoutes } from '@stormline/contract/areas/legend-items';
import { documentView, listDocuments, MAX_DOCUMENTS_PER_OWNER } from '@stormline/data/documents';
import { getLegendItems } from '@stormline/data/legend-items';
import { getGroupInDivision } from '@stormline/data/regulations';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = legendItemsRoutes.listGroupLegendItemUploads;

/**
 * The BMP tab's documents: for each legend item asked that lists the group (both the division's),
 * its documents in their dragged order. Ids of anything else are left out.
 */
export async function main({ params, query, divisionId, deps }: RouteRequest<typeof route>) {
  const group = await getGroupInDivision(deps.db, divisionId!, params.id);
  const items = (await getLegendItems(deps.db, divisionId!, query.LegendItemIds.split(','))).filter((i) =>
    i.groupIds.includes(group.id),
  );
  const documents = await Promise.all(
    items.map((item) =>
      listDocuments(
        deps.db,
        { kind: 'legend', divisionId: divisionId!, legendItemId: item.id },
        { pageSize: MAX_DOCUMENTS_PER_OWNER },
      ),
    ),
  );
  return {
    items: items.map((item, i) => ({
      legendItemId: item.id,
      uploads: documents[i]!.items.map(documentView),
    })),
  };
}

export const handler = httpRoute(route, main);
