import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { documentView, listDocuments } from '@stormline/data/documents';
import { getGroupInDivision } from '@stormline/data/regulations';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { pageOf } from '../../lib/page';

const route = uploadsRoutes.listGroupUploads;

/** The Regulations tab of a group: its documents in their dragged order, a page at a time. */
export async function main({ params, query, divisionId, deps }: RouteRequest<typeof route>) {
  const group = await getGroupInDivision(deps.db, divisionId!, params.id);
  const page = await listDocuments(
    deps.db,
    { kind: 'group', groupId: group.id },
    { pageSize: route.pageSize, cursor: query.cursor },
  );
  return pageOf(
    route,
    { items: page.items.map(documentView), nextCursor: page.nextCursor },
    group.documentCount,
  );
}

export const handler = httpRoute(route, main);
