import { listProjectContactIds } from '@stormline/data/projects';
import { getUsers } from '@stormline/data/users';
import { roleById } from '@stormline/domain/roles';
import type { Deps } from './deps';

/** The users with access to a project, as the Contacts tab lists them (by name). */
export async function projectContacts(deps: Deps, divisionId: string, projectId: string) {
  const ids = await listProjectContactIds(deps.db, divisionId, projectId);
  const users = await getUsers(deps.db, ids);
  return {
    pageData: users
      .map((u) => ({
        id: u.id,
        name: `${u.first_name} ${u.last_name}`.trim() || u.email,
        email: u.email,
        roleName: roleById(u.roleId)?.name ?? u.roleId,
        phone: u.phone,
        position: u.position,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}
