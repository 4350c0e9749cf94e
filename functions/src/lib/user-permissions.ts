import type { Db } from '@stormline/data/dynamo';
import type { UserRecord } from '@stormline/data/users';
import { ForbiddenError } from '@stormline/domain/errors';
import { grantsOf } from '@stormline/domain/roles';
import { PERMISSION_EDITOR_ROLES } from '@stormline/domain/user-rules';
import type { Caller } from './authenticate';
import { settingsOf } from './notification-settings';
import { checkManageable, roleOfUser } from './user-admin';

/** Spec 001 §2: the Permissions modal is the Admin's and the Client Manager's, for users they may edit. */
export function checkPermissionEditor(caller: Caller, user: UserRecord): void {
  if (!PERMISSION_EDITOR_ROLES.includes(caller.role.name))
    throw new ForbiddenError("Only an Admin or a Client Manager may change a user's permissions");
  checkManageable(caller, user);
}

export async function permissionsOf(db: Db, user: UserRecord) {
  const role = roleOfUser(user);
  const { notifications } = await settingsOf(db, user.id, role.name);
  return {
    permissions: [...grantsOf(role, user.permissionsOverride).permissions],
    rolePermissions: [...role.permissions],
    overridden: user.permissionsOverride !== null,
    notifications,
    version: user.version,
  };
}
