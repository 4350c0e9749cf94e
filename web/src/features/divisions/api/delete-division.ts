import useSWRMutation from 'swr/mutation';
import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { callApi } from '../../../lib/api-client';
import { divisionKey } from './get-division';
import { refreshDivisions } from './refresh-divisions';

/** DELETE /api/divisions/{id}: the cached division goes and the lists are read again. */
export function useDeleteDivision(id: string) {
  return useSWRMutation(
    divisionKey(id),
    async () => {
      await callApi(divisionsRoutes.deleteDivision, { params: { id } });
      return undefined;
    },
    { populateCache: true, revalidate: false, throwOnError: true, onSuccess: () => void refreshDivisions() },
  );
}
