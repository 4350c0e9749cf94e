import useSWRMutation from 'swr/mutation';
import { regulationsRoutes } from '@stormline/contract/areas/regulations';
import { callApi, type ApiBody } from '../../../lib/api-client';
import { refetchOnConflict } from '../../../lib/conflict';
import { useDivisionId } from '../../../lib/division-context';
import { groupKey } from './get-group';
import { refreshGroups } from './refresh-groups';

export type UpdateGroupInput = ApiBody<typeof regulationsRoutes.updateGroup>;

/** POST /api/groups/update/{id} with the version read; a stale one answers 409 and the group is read again. */
export function useUpdateGroup(id: string) {
  const divisionId = useDivisionId();
  return useSWRMutation(
    groupKey(divisionId, id),
    (_key, { arg }: { arg: UpdateGroupInput }) =>
      callApi(regulationsRoutes.updateGroup, { divisionId, params: { id }, body: arg }),
    {
      populateCache: true,
      revalidate: false,
      throwOnError: true,
      onSuccess: () => void refreshGroups(divisionId),
      onError: (error) => refetchOnConflict(error, groupKey(divisionId, id)),
    },
  );
}
