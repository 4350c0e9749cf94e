import { usersRoutes } from '@stormline/contract/areas/users';
import type { Profile } from '@stormline/contract/areas/profile';
import type { RoleName } from '@stormline/domain/roles';
import { ok, type ServedRequest } from '../../testing/api';
import { profileOf } from '../../testing/profiles';
import type { UserRow } from './api/get-users';

/** Fixtures of the users admin tests, checked against the contract by ok(). */

export const NORTH = 'north-region';
export const ADMIN_URL = `/divisions/${NORTH}/admin`;
export const ADMIN_PATH = '/divisions/:divisionId/admin';

const roleIdOf = (name: RoleName) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function userRow(
  id: string,
  roleName: RoleName,
  status: UserRow['status'] = 'active',
  names: [string, string] = ['Ines', 'Carter'],
): UserRow {
  return {
    id,
    first_name: status === 'invited' ? '' : names[0],
    last_name: status === 'invited' ? '' : names[1],
    email: `${id}@example.com`,
    roleId: roleIdOf(roleName),
    roleName,
    status,
  };
}

export function usersPage(rows: UserRow[], { nextCursor = null as string | null, total = rows.length } = {}) {
  return ok(usersRoutes.listUsers, {
    pageData: rows,
    paginationState: { pageSize: 25, numModels: total, nextCursor },
  });
}

export const CLIENTS = [
  { id: 'client-pennine', name: 'Pennine Homes Ltd' },
  { id: 'client-aire', name: 'Aire Valley Water' },
];
export const PROJECTS = [
  { id: 'project-kirkstall', name: 'Kirkstall Riverside Housing', client_id: 'client-pennine' },
  { id: 'project-harrogate', name: 'Harrogate Business Park', client_id: 'client-pennine' },
  { id: 'project-otley', name: 'Otley Flood Scheme', client_id: 'client-aire' },
];

/** GET /api/users/groups/creation as the server answers it for the query. */
export function creationOptions(request: ServedRequest) {
  const roleId = request.query.get('roleId');
  const clientIds = request.query.get('clientIds')?.split(',') ?? [];
  return ok(usersRoutes.getUserCreationOptions, {
    roles: [
      { id: 'client-user', name: 'Client User' },
      { id: 'inspector', name: 'Inspector' },
    ],
    divisions: [
      { id: NORTH, name: 'North Region' },
      { id: 'south-region', name: 'South Region' },
    ],
    clients: CLIENTS,
    projects: PROJECTS.filter((project) => clientIds.includes(project.client_id)),
    managers:
      roleId === 'inspector'
        ? [{ id: 'manager-1', name: 'Alex Morgan', roleName: 'Area / Assistant Manager' }]
        : [],
    managerRole: roleId === 'inspector' ? 'Area / Assistant Manager' : null,
  });
}

/** A profile of the role, with extra permission pairs (the Permissions modal's override). */
export function profileWith(role: RoleName, extra: Profile['permissions'] = []): Profile {
  const profile = profileOf(role, [{ id: NORTH, name: 'North Region' }]);
  return { ...profile, permissions: [...profile.permissions, ...extra] };
}
