import useSWR from 'swr';
import { usersRoutes } from '@stormline/contract/areas/users';
import { callApi, type ApiResponse } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';

export type CreationOptions = ApiResponse<typeof usersRoutes.getUserCreationOptions>;

/** The route takes at most 20 client ids at once (its CommaIds). */
export const MAX_CLIENTS_AT_ONCE = 20;

/**
 * GET /api/users/groups/creation: what the Add Users modal offers. The roles the signed-in user may
 * give, their divisions, the division's clients; with a role, the managers of the role above it;
 * with clients, their active projects in this division (the only ones POST /api/users accepts).
 */
export function useCreationOptions(
  divisionId: string,
  { roleId, clientIds = [] }: { roleId?: string | null; clientIds?: readonly string[] },
) {
  const sortedClients = [...clientIds].sort();
  return useSWR(
    cacheKey(divisionId, 'users/creation-options', roleId ?? '', sortedClients.join(',')),
    () =>
      callApi(usersRoutes.getUserCreationOptions, {
        divisionId,
        query: {
          ...(roleId ? { roleId } : {}),
          ...(sortedClients.length > 0 ? { clientIds: sortedClients.join(',') } : {}),
        },
      }),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
}
