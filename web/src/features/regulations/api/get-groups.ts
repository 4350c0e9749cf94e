import { regulationsRoutes } from '@stormline/contract/areas/regulations';
import { callApi, type ApiResponse } from '../../../lib/api-client';
import { isResourceKey } from '../../../lib/cache-keys';
import { useDivisionId } from '../../../lib/division-context';
import { useServerList } from '../../../lib/list/server-list';

export type GroupRow = ApiResponse<typeof regulationsRoutes.listGroups>['pageData'][number];

const GROUPS_LIST = 'groups/list';
export const isGroupsListKey = isResourceKey(GROUPS_LIST);

/** /groups: the division's regulation groups by name, a page at a time; search in the URL. */
export function useGroupsList() {
  const divisionId = useDivisionId();
  return useServerList({
    resource: GROUPS_LIST,
    divisionId,
    load: ({ cursor, s }) => callApi(regulationsRoutes.listGroups, { divisionId, query: { cursor, s } }),
  });
}
