import { usersRoutes } from '@stormline/contract/areas/users';
import { divisionIdsOf, getUserInDivision, writeUser } from '@stormline/data/users';
import { ConflictError, ForbiddenError, ValidationError } from '@stormline/domain/errors';
import { mayChangeStatus, statusChangeRefusal } from '@stormline/domain/user-rules';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { closeUserConnections } from '../../lib/sessions';
import { checkManageable, rowOf } from '../../lib/user-admin';

const route = usersRoutes.setUserStatus;

/**
 * Spec 001 §2 and §4: active users are deactivated, inactive ones activated (update or create on
 * Admin). Deactivating ends every session of the user in the same write: the tokens they hold
 * stop working at their next request and their WebSockets close.
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  if (!mayChangeStatus(caller.grants)) throw new ForbiddenError('Your role does not allow update on Admin');
  if (params.id === caller.user.id) throw new ForbiddenError('You cannot change your own status');
  const before = await getUserInDivision(deps.db, divisionId!, params.id);
  checkManageable(caller, before);
  if (before.version !== body.version) throw new ConflictError();
  const refusal = statusChangeRefusal(before.status, body.status);
  if (refusal) throw new ValidationError(refusal);
  const now = deps.now();
  const user = await writeUser(deps.db, {
    before,
    changes: {
      status: body.status,
      ...(body.status === 'inactive' ? { sessionsValidAfter: now.getTime() / 1000 } : {}),
    },
    divisionsBefore: await divisionIdsOf(deps.db, before.id),
  });
  if (body.status === 'inactive') await closeUserConnections(deps, user.id);
  return rowOf(user);
}

export const handler = httpRoute(route, main);
