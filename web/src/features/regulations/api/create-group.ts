import useSWRMutation from 'swr/mutation';
import { mutate } from 'swr';
import { regulationsRoutes } from '@stormline/contract/areas/regulations';
import { callApi } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';
import { useDivisionId } from '../../../lib/division-context';
import { groupKey } from './get-group';
import { refreshGroups } from './refresh-groups';

/** POST /api/groups/add: the new group is cached (its page opens next) and the lists are read again. */
export function useCreateGroup() {
  const divisionId = useDivisionId();
  return useSWRMutation(
    cacheKey(divisionId, 'groups/create'),
    async (_key: unknown, { arg }: { arg: { name: string } }) => {
      const group = await callApi(regulationsRoutes.createGroup, { divisionId, body: arg });
      await mutate(groupKey(divisionId, group.id), group, { revalidate: false });
      return group;
    },
    { throwOnError: true, onSuccess: () => void refreshGroups(divisionId) },
  );
}
