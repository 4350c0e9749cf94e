import { dashboardRoutes } from '@stormline/contract/areas/dashboard';
import { getClientsInDivision } from '@stormline/data/clients';
import { listAssignableInspectors, listProjectsOfUser, searchProjects } from '@stormline/data/projects';
import { getUsers, searchDivisionUsers } from '@stormline/data/users';
import { ForbiddenError } from '@stormline/domain/errors';
import { can } from '@stormline/domain/permissions';
import { roleById } from '@stormline/domain/roles';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { mayInspect } from '../../lib/assignable';
import type { Deps } from '../../lib/deps';

const route = dashboardRoutes.getTeamManagementData;

/** The projects of one inspector the widget lists at most (their first by name). */
const PROJECTS_PER_MEMBER = 50;

/**
 * The members on the page: the division's assignable inspectors, or with `s` those whose name
 * matches and, on the first page, the inspectors of the sites whose name matches (spec 000 §2:
 * "search over names and sites"), each once.
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
  return { items: [...named.items, ...siteInspectors], nextCursor: named.nextCursor };
}

/**
 * Team Management (spec 000 §2): a page of the division's assignable inspectors, each with the
 * active projects they inspect (their contact rows, read a member at a time) and when each is due.
 * Managing the team is for those who choose inspectors (create Project, 0018): others are refused.
 */
export async function main({ query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  if (!can(caller.grants, 'create', 'Project'))
    throw new ForbiddenError('Your role does not allow managing the team');
  const members = await teamPage(deps, divisionId!, query);
  const projectsOf = await Promise.all(
    members.items.map(async (member) => {
      const page = await listProjectsOfUser(deps.db, divisionId!, member.id, 'ACTIVE', {
        pageSize: PROJECTS_PER_MEMBER,
      });
      return page.items.filter((p) => p.inspector_user_id === member.id);
    }),
  );
  const clients = await getClientsInDivision(
    deps.db,
    divisionId!,
    projectsOf.flat().map((p) => p.client_id),
  );
  const clientNames = new Map(clients.map((c) => [c.id, c.name]));
  const people = members.items.map((m) => ({
    id: m.id,
    name: `${m.first_name} ${m.last_name}`.trim() || m.email,
    roleName: roleById(m.roleId)?.name ?? m.roleId,
  }));
  return {
    team: people.map((person, i) => ({
      ...person,
      inspections: projectsOf[i]!.map((p) => ({
        projectId: p.id,
        siteName: p.name,
        clientName: clientNames.get(p.client_id) ?? '',
        dueDate: p.next_inspection_date,
      })),
    })),
    dropDown: people,
    paginationState: { pageSize: route.pageSize, numModels: null, nextCursor: members.nextCursor },
  };
}

export const handler = httpRoute(route, main);
