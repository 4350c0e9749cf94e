import useSWRMutation from 'swr/mutation';
import { useSWRConfig } from 'swr';
import { usersRoutes } from '@stormline/contract/areas/users';
import { callApi } from '../../../lib/api-client';
import { cacheKey, isResourceKey } from '../../../lib/cache-keys';
import { getUser, userKey } from './get-user';

const USER_RESOURCE = userKey('', '')[1];
import { isUsersListKey } from './update-user';

export type StatusChange = { kind: 'status'; status: 'active' | 'inactive' } | { kind: 'reinvite' };

/**
 * The status toggle (spec 001 §2, §4): PUT /api/users/{id}/status for active and inactive, POST
 * /api/users/{id}/invite for an invited user. A list row carries no version, so the status change
 * reads the user first and sends the version it holds now (a change in between still answers 409).
 */
export function useChangeStatus(divisionId: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    cacheKey(divisionId, 'users/status'),
    async (_key: unknown, { arg }: { arg: { id: string; change: StatusChange } }) => {
      const { id, change } = arg;
      if (change.kind === 'reinvite') return callApi(usersRoutes.inviteUser, { divisionId, params: { id } });
      const { version } = await getUser(divisionId, id);
      return callApi(usersRoutes.setUserStatus, {
        divisionId,
        params: { id },
        body: { status: change.status, version },
      });
    },
    {
      throwOnError: true,
      onSuccess: () => {
        void mutate(isUsersListKey);
        // Edit User's cached copy (its status and version) and the profile card are stale now.
        void mutate(isResourceKey(USER_RESOURCE));
        void mutate(isResourceKey('users/card'));
      },
    },
  );
}
