import { usersRoutes } from '@stormline/contract/areas/users';
import { getDivisions } from '@stormline/data/divisions';
import { clientOptions, projectOptions } from '@stormline/data/user-assignments';
import { divisionIdsOf, listDivisionUsersOfRole } from '@stormline/data/users';
import { ROLES, roleById } from '@stormline/domain/roles';
import { managerRoleOf, mayManageRole } from '@stormline/domain/user-rules';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { managerOf, roleOfUser } from '../../lib/user-admin';

const route = usersRoutes.getUserCreationOptions;

/** How many options of each kind the modal is offered (its selects search within them). */
const OPTIONS = 200;

/**
 * Spec 001 §7 GET /api/users/groups/creation: what the Add Users modal offers. Roles the caller
 * may give; the caller's divisions; the division's clients; the active projects of the chosen
 * clients in the chosen divisions (the caller's only); and, for a role that keeps a manager, the
 * division's users of the manager's role (spec 001 §5).
 */
export async function main({ query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const division = divisionId!;
  const own = await divisionIdsOf(deps.db, caller.user.id);
  const chosen = query.divisionIds ? query.divisionIds.split(',').filter((d) => own.includes(d)) : [division];
  const clientIds = query.clientIds ? query.clientIds.split(',') : [];
  const role = query.roleId ? roleById(query.roleId) : undefined;
  const managerRole = role ? managerRoleOf(role.name) : null;
  const [divisions, clients, projects, managers] = await Promise.all([
    getDivisions(deps.db, own),
    clientOptions(deps.db, division, OPTIONS),
    Promise.all(chosen.map((d) => projectOptions(deps.db, d, clientIds, OPTIONS))).then((all) => all.flat()),
    managerRole
      ? listDivisionUsersOfRole(deps.db, division, ROLES.find((r) => r.name === managerRole)!.id, {
          pageSize: OPTIONS,
        }).then((page) => page.items)
      : Promise.resolve([]),
  ]);
  return {
    roles: ROLES.filter((r) => mayManageRole(managerOf(caller), r.name)).map((r) => ({
      id: r.id,
      name: r.name,
    })),
    divisions: divisions.map((d) => ({ id: d.id, name: d.name })),
    clients,
    projects: projects.map((p) => ({ id: p.id, name: p.name, client_id: p.client_id })),
    managers: managers
      .filter((m) => m.status === 'active')
      .map((m) => ({
        id: m.id,
        name: `${m.first_name} ${m.last_name}`.trim(),
        roleName: roleOfUser(m).name,
      })),
    managerRole,
  };
}

export const handler = httpRoute(route, main);
