import type { UserRecord } from '@stormline/data/users';
import { isAssignableInspector } from '@stormline/domain/project-rules';
import { roleById } from '@stormline/domain/roles';

/** A user who may be made an inspector: an assignable role (spec 001 §2), not deactivated. */
export function mayInspect(user: Pick<UserRecord, 'roleId' | 'status'>): boolean {
  const role = roleById(user.roleId);
  return Boolean(role && isAssignableInspector(role.name)) && user.status !== 'inactive';
}
