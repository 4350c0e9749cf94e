import useSWR from 'swr';
import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { callApi } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';

/** GET /api/divisions/{id}/findingTypes: the codes the Finding Type filter offers. */
export function useFindingTypes(divisionId: string) {
  return useSWR(
    cacheKey(divisionId, 'reports/finding-types'),
    () => callApi(divisionsRoutes.listFindingTypes, { divisionId, params: { id: divisionId } }),
    { revalidateOnFocus: false },
  );
}
