import useSWRMutation from 'swr/mutation';
import { useSWRConfig } from 'swr';
import { usersRoutes } from '@stormline/contract/areas/users';
import { callApi } from '../../../lib/api-client';
import { userKey } from './get-user';
import { isUsersListKey } from './update-user';

/** DELETE /api/users/delete/{id}: the cached user goes and the users lists are read again. */
export function useDeleteUser(divisionId: string, id: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    userKey(divisionId, id),
    async () => {
      await callApi(usersRoutes.deleteUser, { divisionId, params: { id } });
      return undefined;
    },
    {
      populateCache: true,
      revalidate: false,
      throwOnError: true,
      onSuccess: () => void mutate(isUsersListKey),
    },
  );
}
