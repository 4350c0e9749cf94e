import { mutate } from 'swr';
import { clientsRoutes } from '@stormline/contract/areas/clients';
import { callApi, type ApiResponse } from '../../../lib/api-client';
import { useServerList } from '../../../lib/list/server-list';

export type ClientProjectRow = ApiResponse<typeof clientsRoutes.listClientProjects>['pageData'][number];

const CLIENT_PROJECTS = 'clients/projects';

/** The Projects tab: GET /api/clients/{id}/projects a page at a time (page in the URL). */
export function useClientProjects(divisionId: string, clientId: string) {
  return useServerList({
    resource: `${CLIENT_PROJECTS}/${clientId}`,
    divisionId,
    load: ({ cursor }) =>
      callApi(clientsRoutes.listClientProjects, { divisionId, params: { id: clientId }, query: { cursor } }),
  });
}

/** After a project is created: every cached Projects tab is read again. */
export function refreshClientProjects(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && String(key[1]).startsWith(`${CLIENT_PROJECTS}/`));
}
