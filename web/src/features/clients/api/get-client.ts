import useSWR from 'swr';
import { clientsRoutes } from '@stormline/contract/areas/clients';
import { callApi, type ApiResponse } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';

export type Client = ApiResponse<typeof clientsRoutes.getClient>;
export type ClientContact = Client['users'][number];

/** The client page's record: the client with its address and its contacts in the division. */
export const clientKey = (divisionId: string, id: string) => cacheKey(divisionId, 'clients/one', id);

export function getClient(divisionId: string, id: string) {
  return callApi(clientsRoutes.getClient, { divisionId, params: { id } });
}

export function useClient(divisionId: string, id: string) {
  return useSWR(clientKey(divisionId, id), () => getClient(divisionId, id));
}
