import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { usersRoutes } from '@stormline/contract/areas/users';
import { callApi, type ApiBody, type ApiResponse } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';
import { refetchOnConflict } from '../../../lib/conflict';
import { userKey } from './get-user';

export type UserPermissions = ApiResponse<typeof usersRoutes.getUserPermissions>;
export type UserPermissionsInput = ApiBody<typeof usersRoutes.setUserPermissions>;

export const userPermissionsKey = (divisionId: string, id: string) =>
  cacheKey(divisionId, 'users/permissions', id);

/** GET /api/user-permissions/{id}: the pairs in force, the role's, and the version (read while the modal is open). */
export function useUserPermissions(divisionId: string, id: string, open: boolean) {
  return useSWR(
    open ? userPermissionsKey(divisionId, id) : null,
    () => callApi(usersRoutes.getUserPermissions, { divisionId, params: { id } }),
    { revalidateOnFocus: false },
  );
}

/**
 * PUT /api/user-permissions/{id}: the pairs the user is to hold (null: the role's). The server
 * enforces them from the user's next request on. The user's record changes with it (its version),
 * so Edit User's cached user is read again.
 */
export function useSetUserPermissions(divisionId: string, id: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    userPermissionsKey(divisionId, id),
    (_key, { arg }: { arg: UserPermissionsInput }) =>
      callApi(usersRoutes.setUserPermissions, { divisionId, params: { id }, body: arg }),
    {
      populateCache: true,
      revalidate: false,
      throwOnError: true,
      onSuccess: () => void mutate(userKey(divisionId, id)),
      onError: (error) => refetchOnConflict(error, userPermissionsKey(divisionId, id), mutate),
    },
  );
}
