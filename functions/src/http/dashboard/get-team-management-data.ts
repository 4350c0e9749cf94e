import { dashboardRoutes } from '@stormline/contract/areas/dashboard';
import { listAssignableInspectors, searchProjects } from '@stormline/data/projects';
import { getUsers, searchDivisionUsers } from '@stormline/data/users';
import { TEAM_SITES_PER_MEMBER } from '@stormline/domain/dashboard-rules';
import { roleById } from '@stormline/domain/roles';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { mayInspect } from '../../lib/assignable';
import { mayManageTeam, memberSites } from '../../lib/team-sites';
import type { Deps } from '../../lib/deps';

const route = dashboardRoutes.getTeamManagementData;

/**
 * The members on the page: the division's assignable inspectors, or with `s` those whose name
 * matches and, on the first page, the inspectors of the sites whose name matches (spec 000 §2:
 * "search over names and sites"), each once on the page (a later page of name matches may bring
 * a site's inspector again: the widget shows each member once).
 */
async function teamPage(deps: Deps, divisionId: string, query: { cursor?: string; s?: string }) {
  const paging = { pageSize: route.pageSize, cursor: query.cursor };
  const text = query.s?.trim();
  if (!text) return listAssignableInspectors(deps.db, divisionId, paging);
  const [named, sites] = await Promise.all([
    searchDivisionUsers(deps.db, divisionId, text, paging, mayInspect),
    query.cursor
      ? Promise.resolve([])
      : searchProjects(deps.db, divisionId, 'ACTIVE', text, { pageSize: route.pageSize }).then(
          (p) => p.items,
        ),
  ]);
  const known = new Set(named.items.map((u) => u.id));
  const inspectorIds = [...new Set(sites.flatMap((p) => (p.inspector_user_id ? [p.inspector_user_id] : [])))];
  const siteInspectors = (
    await getUsers(
      deps.db,
      inspectorIds.filter((id) => !known.has(id)),
    )
  ).filter(mayInspect);
  // A page holds at most a page of members: the site matches fill what the name matches leave.
  const room = Math.max(0, route.pageSize - named.items.length);
  return { items: [...named.items, ...siteInspectors.slice(0, room)], nextCursor: named.nextCursor };
}

/**
 * Team Management (spec 000 §2): a page of the division's assignable inspectors, each with the
 * first active projects they inspect and when each is due, and a cursor to the rest (GET
 * …/{userId}/sites): the page's cost is bounded by its members, not by what they inspect.
 */
export async function main({ query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  mayManageTeam(caller);
  const members = await teamPage(deps, divisionId!, query);
  const sitesOf = await memberSites(
    deps,
    divisionId!,
    members.items.map((m) => m.id),
    { pageSize: TEAM_SITES_PER_MEMBER },
  );
  const people = members.items.map((m) => ({
    id: m.id,
    name: `${m.first_name} ${m.last_name}`.trim() || m.email,
    roleName: roleById(m.roleId)?.name ?? m.roleId,
  }));
  return {
    team: people.map((person, i) => ({
      ...person,
      inspections: sitesOf[i]!.sites,
      moreSites: sitesOf[i]!.nextCursor,
    })),
    dropDown: people,
    paginationState: { pageSize: route.pageSize, numModels: null, nextCursor: members.nextCursor },
  };
}

export const handler = httpRoute(route, main);
