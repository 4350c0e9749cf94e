import { usersRoutes } from '@stormline/contract/areas/users';
import { callApi, type ApiResponse } from '../../../lib/api-client';
import { useServerList, type ListRequest } from '../../../lib/list/server-list';

export type UserRow = ApiResponse<typeof usersRoutes.listUsers>['pageData'][number];

/** The users admin list's cache resource (update-user.ts's isUsersListKey refreshes it after a write). */
export const USERS_LIST = 'users/list';

/** GET /api/users?cursor=&s= in the page's division: by last name, or a search over names and email. */
export function getUsers(divisionId: string, { cursor, s }: ListRequest) {
  return callApi(usersRoutes.listUsers, { divisionId, query: { cursor, s } });
}

/** The users admin list: page and search in the URL (useServerList), so /admin/?search={email} works. */
export function useUsersList(divisionId: string) {
  return useServerList({
    resource: USERS_LIST,
    divisionId,
    load: (request) => getUsers(divisionId, request),
  });
}
