import useSWRMutation from 'swr/mutation';
import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { callApi, type ApiBody } from '../../../lib/api-client';
import { refetchOnConflict } from '../../../lib/conflict';
import { divisionKey } from './get-division';
import { refreshDivisions } from './refresh-divisions';

export type UpdateDivisionInput = ApiBody<typeof divisionsRoutes.updateDivision>;

/**
 * PUT /api/divisions/{id} with the version read. The answer replaces the cached division; a stale
 * version answers 409 with the server's message and the division is read again, so the next save
 * sends the current version.
 */
export function useUpdateDivision(id: string) {
  return useSWRMutation(
    divisionKey(id),
    (_key, { arg }: { arg: UpdateDivisionInput }) =>
      callApi(divisionsRoutes.updateDivision, { params: { id }, body: arg }),
    {
      populateCache: true,
      revalidate: false,
      throwOnError: true,
      onSuccess: () => void refreshDivisions(),
      onError: (error) => refetchOnConflict(error, divisionKey(id)),
    },
  );
}
