import { dashboardRoutes } from '@stormline/contract/areas/dashboard';
import { getUserInDivision } from '@stormline/data/users';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { mayManageTeam, memberSites } from '../../lib/team-sites';

const route = dashboardRoutes.getTeamMemberSites;

/**
 * Team Management's "More sites" of one member (spec 000 §2): the next page of the projects they
 * inspect, from the cursor the team page gave. Anyone not of the division is not found.
 */
export async function main({ params, query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  mayManageTeam(caller);
  await getUserInDivision(deps.db, divisionId!, params.userId);
  const [member] = await memberSites(deps, divisionId!, [params.userId], {
    pageSize: route.pageSize,
    cursor: query.cursor,
  });
  return {
    pageData: member!.sites,
    paginationState: { pageSize: route.pageSize, numModels: null, nextCursor: member!.nextCursor },
  };
}

export const handler = httpRoute(route, main);
