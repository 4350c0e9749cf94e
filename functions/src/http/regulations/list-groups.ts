import { regulationsRoutes } from '@stormline/contract/areas/regulations';
import { firstDocumentsOfGroups } from '@stormline/data/documents';
import { countGroups, groupView, listGroups, searchGroups } from '@stormline/data/regulations';
import { searchQuery } from '@stormline/data/search-terms';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { pageOf } from '../../lib/page';

const route = regulationsRoutes.listGroups;

/**
 * The division's regulation groups by name (Name, # of Documents, Date Modified), or those a
 * search matches; with includeUploads each carries its first documents (the Regulations tab's).
 */
export async function main({ query, divisionId, deps }: RouteRequest<typeof route>) {
  const division = divisionId!;
  const page = { pageSize: route.pageSize, cursor: query.cursor };
  const search = searchQuery(query.s);
  const [groups, total] = await Promise.all([
    search ? searchGroups(deps.db, division, search, page) : listGroups(deps.db, division, page),
    search ? null : countGroups(deps.db, division),
  ]);
  const docs =
    query.includeUploads === 'true'
      ? await firstDocumentsOfGroups(
          deps.db,
          groups.items.map((g) => g.id),
        )
      : null;
  return pageOf(
    route,
    {
      items: groups.items.map((g) => ({
        ...groupView(g),
        ...(docs ? { group_docs: docs.get(g.id) ?? [] } : {}),
      })),
      nextCursor: groups.nextCursor,
    },
    total,
  );
}

export const handler = httpRoute(route, main);
