import { clientsRoutes } from '@stormline/contract/areas/clients';
import { callApi, type ApiResponse } from '../../../lib/api-client';
import { isResourceKey } from '../../../lib/cache-keys';
import { useServerList, type ListRequest } from '../../../lib/list/server-list';

export type ClientRow = ApiResponse<typeof clientsRoutes.listClients>['pageData'][number];

const CLIENTS_LIST = 'clients/list';
export const isClientsListKey = isResourceKey(CLIENTS_LIST);

/** GET /api/clients?cursor=&s= in the page's division: one page of its clients, by name. */
export function getClients(divisionId: string, { cursor, s }: ListRequest) {
  return callApi(clientsRoutes.listClients, { divisionId, query: { cursor, s } });
}

/** The clients list: page and search in the URL (useServerList). */
export function useClientsList(divisionId: string) {
  return useServerList({
    resource: CLIENTS_LIST,
    divisionId,
    load: (request) => getClients(divisionId, request),
  });
}
