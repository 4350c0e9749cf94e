import useSWRMutation from 'swr/mutation';
import { useSWRConfig } from 'swr';
import { usersRoutes } from '@stormline/contract/areas/users';
import { callApi, type ApiBody } from '../../../lib/api-client';
import { isResourceKey } from '../../../lib/cache-keys';
import { refetchOnConflict } from '../../../lib/conflict';
import { userKey } from './get-user';

export type UpdateUserInput = ApiBody<typeof usersRoutes.updateUser>;

/** The users admin list's answers (any page, any search): read again after a user changes. */
export const isUsersListKey = isResourceKey('users/list');

/**
 * POST /api/users/update/{id}: the form, divisionIds, manager, and the clients and projects of the
 * page's division as they are to be, at the version read. The answer replaces the cached user; a
 * stale version answers 409 and the user is read again (refetchOnConflict).
 */
export function useUpdateUser(divisionId: string, id: string) {
  // The cache the page reads from (the app's, or a test's own): the global mutate reaches only the default one.
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    userKey(divisionId, id),
    (_key, { arg }: { arg: UpdateUserInput }) =>
      callApi(usersRoutes.updateUser, { divisionId, params: { id }, body: arg }),
    {
      populateCache: true,
      revalidate: false,
      throwOnError: true,
      onSuccess: () => void mutate(isUsersListKey),
      onError: (error) => refetchOnConflict(error, userKey(divisionId, id)),
    },
  );
}
