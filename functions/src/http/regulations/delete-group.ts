import { regulationsRoutes } from '@stormline/contract/areas/regulations';
import { removeAllDocuments } from '@stormline/data/documents';
import { deleteGroupItem, removeGroupFromDivision } from '@stormline/data/regulations';
import { fileStoreOf } from '../../lib/file-store';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = regulationsRoutes.deleteGroup;

/**
 * Groups are shared: deleting one takes it out of the caller's division only, so no other
 * division loses anything it holds. When no division holds it any more, the group goes with its
 * documents and their files (docs/decisions/0015).
 */
export async function main({ params, divisionId, deps }: RouteRequest<typeof route>) {
  const { lastDivision } = await removeGroupFromDivision(deps.db, divisionId!, params.id);
  const destroyed = lastDivision && (await deleteGroupItem(deps.db, params.id));
  if (destroyed) {
    const files = await removeAllDocuments(deps.db, { kind: 'group', groupId: params.id });
    const store = fileStoreOf(deps);
    for (const key of files) await store.remove(key);
  }
  return { id: params.id, destroyed };
}

export const handler = httpRoute(route, main);
