import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { removeClientFromDivision } from '@stormline/data/clients';
import { deleteDivisionItem } from '@stormline/data/divisions';
import { checkDivisionDeletable, removeTemplatesFromDivision } from '@stormline/data/divisions-resources';
import { removeGroupFromDivision } from '@stormline/data/regulations';
import { divisionIdsOf, readUser, writeUser } from '@stormline/data/users';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = divisionsRoutes.deleteDivision;

/**
 * Deletes a division, losing nothing (docs/decisions/0016): refused with 409 and what it still
 * holds while it has projects, legend items, users besides the caller, or clients or regulation
 * groups no other division holds. Otherwise its links to shared clients, groups and templates go
 * (those records stay their other divisions'), then the caller's membership, and last the division
 * item, on the condition that nothing was added meanwhile.
 */
export async function main({ params, caller, deps }: RouteRequest<typeof route>) {
  const holdings = await checkDivisionDeletable(deps.db, params.id, caller.user.id);
  for (const id of holdings.clientIds) await removeClientFromDivision(deps.db, params.id, id);
  for (const id of holdings.groupIds) await removeGroupFromDivision(deps.db, params.id, id);
  await removeTemplatesFromDivision(deps.db, params.id, holdings.templateIds, { ignoreProjects: true });
  if (holdings.callerIsMember) {
    const [before, divisionsBefore] = await Promise.all([
      readUser(deps.db, caller.user.id),
      divisionIdsOf(deps.db, caller.user.id),
    ]);
    if (before)
      await writeUser(deps.db, {
        before,
        changes: {},
        divisionsBefore,
        divisionsAfter: divisionsBefore.filter((d) => d !== params.id),
      });
  }
  await deleteDivisionItem(deps.db, holdings.division);
  return { id: params.id };
}

export const handler = httpRoute(route, main);
