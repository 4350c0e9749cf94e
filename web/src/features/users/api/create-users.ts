import useSWRMutation from 'swr/mutation';
import { useSWRConfig } from 'swr';
import { usersRoutes } from '@stormline/contract/areas/users';
import { callApi, type ApiBody } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';
import { isUsersListKey } from './update-user';

export type CreateUsersInput = ApiBody<typeof usersRoutes.createUsers>;

/** POST /api/users: each email becomes an invited user with an invitation e-mail; the list is read again. */
export function useCreateUsers(divisionId: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    cacheKey(divisionId, 'users/create'),
    (_key: unknown, { arg }: { arg: CreateUsersInput }) =>
      callApi(usersRoutes.createUsers, { divisionId, body: arg }),
    { throwOnError: true, onSuccess: () => void mutate(isUsersListKey) },
  );
}
