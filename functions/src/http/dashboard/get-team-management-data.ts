import { dashboardRoutes } from '@stormline/contract/areas/dashboard';
import { getClientsInDivision } from '@stormline/data/clients';
import { listAssignableInspectors, listProjectsOfUser } from '@stormline/data/projects';
import { ForbiddenError } from '@stormline/domain/errors';
import { can } from '@stormline/domain/permissions';
import { roleById } from '@stormline/domain/roles';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = dashboardRoutes.getTeamManagementData;

/** The projects of one inspector the widget lists at most (their first by name). */
const PROJECTS_PER_MEMBER = 50;

/**
 * Team Management (spec 000 §2): a page of the division's assignable inspectors, each with the
 * active projects they inspect (their contact rows, read a member at a time) and when each is due.
 * Managing the team is for those who choose inspectors (create Project, 0018): others are refused.
 */
export async function main({ query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  if (!can(caller.grants, 'create', 'Project'))
    throw new ForbiddenError('Your role does not allow managing the team');
  const members = await listAssignableInspectors(deps.db, divisionId!, {
    pageSize: route.pageSize,
    cursor: query.cursor,
  });
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
