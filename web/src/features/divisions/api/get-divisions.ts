import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { callApi, type ApiResponse } from '../../../lib/api-client';
import { isResourceKey } from '../../../lib/cache-keys';
import { useServerList, type ListRequest } from '../../../lib/list/server-list';

export type DivisionRow = ApiResponse<typeof divisionsRoutes.listDivisions>['pageData'][number];

/** The divisions list's cache resource; the list is company-wide, so its key names no division. */
const DIVISIONS_LIST = 'divisions/list';
export const isDivisionsListKey = isResourceKey(DIVISIONS_LIST);

/** GET /api/divisions?cursor=&s= : one page of divisions, by name (the first page without a cursor). */
export function getDivisions({ cursor, s }: ListRequest) {
  return callApi(divisionsRoutes.listDivisions, { query: { cursor, s } });
}

/** The /divisions list: page and search in the URL (useServerList). */
export function useDivisionsList() {
  return useServerList({ resource: DIVISIONS_LIST, divisionId: null, load: getDivisions });
}
