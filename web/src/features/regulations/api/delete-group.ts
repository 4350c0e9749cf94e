import useSWRMutation from 'swr/mutation';
import { regulationsRoutes } from '@stormline/contract/areas/regulations';
import { callApi } from '../../../lib/api-client';
import { useDivisionId } from '../../../lib/division-context';
import { groupKey } from './get-group';
import { refreshGroups } from './refresh-groups';

/**
 * DELETE /api/groups/delete/{id}: the group leaves this division; `destroyed` says whether it is
 * gone altogether (no other division held it) with its documents (ADR 0015).
 */
export function useDeleteGroup(id: string) {
  const divisionId = useDivisionId();
  return useSWRMutation(
    groupKey(divisionId, id),
    (_key: unknown) => callApi(regulationsRoutes.deleteGroup, { divisionId, params: { id } }),
    {
      populateCache: false,
      revalidate: false,
      throwOnError: true,
      onSuccess: () => void refreshGroups(divisionId),
    },
  );
}
