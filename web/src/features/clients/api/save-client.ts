import useSWRMutation from 'swr/mutation';
import { mutate } from 'swr';
import { clientsRoutes } from '@stormline/contract/areas/clients';
import { callApi, type ApiBody } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';
import { refetchOnConflict } from '../../../lib/conflict';
import { clientKey } from './get-client';
import { isClientsListKey } from './get-clients';

export type ClientInput = ApiBody<typeof clientsRoutes.createClient>;
export type ClientUpdateInput = ApiBody<typeof clientsRoutes.updateClient>;

const refreshClientLists = () => mutate(isClientsListKey);

/** POST /api/clients: the new client is cached (its page opens at once) and the lists read again. */
export function useCreateClient(divisionId: string) {
  return useSWRMutation(
    cacheKey(divisionId, 'clients/create'),
    async (_key: unknown, { arg }: { arg: ClientInput }) => {
      const client = await callApi(clientsRoutes.createClient, { divisionId, body: arg });
      await mutate(clientKey(divisionId, client.id), client, { revalidate: false });
      return client;
    },
    { throwOnError: true, onSuccess: () => void refreshClientLists() },
  );
}

/** PUT /api/clients/{id} with the version read; a 409 reads the client again (refetchOnConflict). */
export function useUpdateClient(divisionId: string, id: string) {
  return useSWRMutation(
    clientKey(divisionId, id),
    (_key: unknown, { arg }: { arg: ClientUpdateInput }) =>
      callApi(clientsRoutes.updateClient, { divisionId, params: { id }, body: arg }),
    {
      populateCache: true,
      revalidate: false,
      throwOnError: true,
      onSuccess: () => void refreshClientLists(),
      onError: (error) => refetchOnConflict(error, clientKey(divisionId, id)),
    },
  );
}

/**
 * DELETE /api/clients/{id}: refused with the server's reason while the client has projects in
 * the division (spec 001 §8 shows that message).
 */
export function useDeleteClient(divisionId: string, id: string) {
  return useSWRMutation(
    clientKey(divisionId, id),
    async () => {
      await callApi(clientsRoutes.deleteClient, { divisionId, params: { id } });
      return undefined;
    },
    {
      populateCache: true,
      revalidate: false,
      throwOnError: true,
      onSuccess: () => void refreshClientLists(),
    },
  );
}
