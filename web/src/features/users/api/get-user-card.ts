import useSWR from 'swr';
import { usersRoutes } from '@stormline/contract/areas/users';
import { callApi, type ApiResponse } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';

export type UserCard = ApiResponse<typeof usersRoutes.getUserProfileCard>;

/** GET /api/users/profile/{id}: the view-only profile card of a user of the division. */
export function useUserCard(divisionId: string, id: string | null) {
  return useSWR(id ? cacheKey(divisionId, 'users/card', id) : null, () =>
    callApi(usersRoutes.getUserProfileCard, { divisionId, params: { id: id! } }),
  );
}
