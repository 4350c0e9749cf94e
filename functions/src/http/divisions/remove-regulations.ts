import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { checkGroupsRemovable, readHeldResources } from '@stormline/data/divisions-resources';
import { removeAllDocuments } from '@stormline/data/documents';
import { deleteGroupItem, removeGroupFromDivision } from '@stormline/data/regulations';
import { fileStoreOf } from '../../lib/file-store';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = divisionsRoutes.removeRegulations;

/**
 * Takes regulation groups out of the division with the regulations screen's rule
 * (docs/decisions/0015): the division's legend items let go of them, and a group no other division
 * holds goes with its documents and files (named in `deleted`). Refused (409) while projects of
 * the division use one (docs/decisions/0016), checked for all before any goes.
 */
export async function main({ params, body, deps }: RouteRequest<typeof route>) {
  const found = await readHeldResources(deps.db, 'regulations', params.id, body.regulationIds);
  checkGroupsRemovable(found);
  const deleted: string[] = [];
  const store = fileStoreOf(deps);
  for (const { id } of found) {
    const { lastDivision } = await removeGroupFromDivision(deps.db, params.id, id);
    if (lastDivision && (await deleteGroupItem(deps.db, id))) {
      for (const key of await removeAllDocuments(deps.db, { kind: 'group', groupId: id }))
        await store.remove(key);
      deleted.push(id);
    }
  }
  return { removed: found.map((r) => r.id), deleted };
}

export const handler = httpRoute(route, main);
