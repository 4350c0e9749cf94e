import useSWR from 'swr';
import { regulationsRoutes } from '@stormline/contract/areas/regulations';
import { callApi } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';
import { useDivisionId } from '../../../lib/division-context';

export const groupKey = (divisionId: string, id: string) => cacheKey(divisionId, 'groups/one', id);

/** GET /api/groups/{id}: the group detail's title, document count, date modified and version. */
export function useGroup(id: string) {
  const divisionId = useDivisionId();
  return useSWR(groupKey(divisionId, id), () =>
    callApi(regulationsRoutes.getGroup, { divisionId, params: { id } }),
  );
}
