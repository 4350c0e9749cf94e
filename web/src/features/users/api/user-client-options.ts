import useSWR from 'swr';
import { clientsRoutes } from '@stormline/contract/areas/clients';
import { usersRoutes } from '@stormline/contract/areas/users';
import { callApi, type ApiResponse } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';

export type ClientOption = ApiResponse<typeof usersRoutes.getUserClientOptions>[number];
export type ClientProject = ApiResponse<typeof clientsRoutes.listClientProjects>['pageData'][number];

/** Spec 001 §5: the client search starts at 2 characters; from 3, project names match too. */
export const CLIENT_SEARCH_MIN = 2;
export const PROJECT_SEARCH_MIN = 3;

/**
 * GET /api/user-client-options/{id}?s=: the division's clients the user does not have yet, by
 * name (2+ characters) and by the names of their active projects (3+), with those projects.
 * Nothing is asked below 2 characters.
 */
export function useUserClientOptions(divisionId: string, userId: string, search: string) {
  const s = search.trim();
  return useSWR(
    s.length >= CLIENT_SEARCH_MIN ? cacheKey(divisionId, 'users/client-options', userId, s) : null,
    () => callApi(usersRoutes.getUserClientOptions, { divisionId, params: { id: userId }, query: { s } }),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
}

/** A client's projects in a division are few; more than this many pages is not read for one row. */
const MAX_PAGES = 20;

/**
 * GET /api/clients/{id}/projects, every page: the projects of a client in the page's division
 * (active by name, then archived), which a client row of Edit User expands to. Projects of the
 * user's other divisions are given in those divisions' Edit User.
 */
export async function getClientProjects(divisionId: string, clientId: string): Promise<ClientProject[]> {
  const projects: ClientProject[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await callApi(clientsRoutes.listClientProjects, {
      divisionId,
      params: { id: clientId },
      query: { cursor },
    });
    projects.push(...answer.pageData);
    if (!answer.paginationState.nextCursor) break;
    cursor = answer.paginationState.nextCursor;
  }
  return projects;
}

export function useClientProjects(divisionId: string, clientId: string) {
  return useSWR(
    cacheKey(divisionId, 'users/client-projects', clientId),
    () => getClientProjects(divisionId, clientId),
    { revalidateOnFocus: false },
  );
}
