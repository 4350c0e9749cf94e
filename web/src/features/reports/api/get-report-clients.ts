import useSWR from 'swr';
import { clientsRoutes } from '@stormline/contract/areas/clients';
import { callApi } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';

export interface ClientChoice {
  id: string;
  name: string;
}

/** GET /api/clients answers at most this many ids at once (`clientIds`). */
const IDS_PER_CALL = 25;

/**
 * The Client filter's options: GET /api/clients (spec 001 §7, "list by division with page and
 * search") in the page's division, the first page by name, or those matching what is typed.
 */
export function useClientOptions(divisionId: string, search: string) {
  const s = search.trim();
  return useSWR(
    cacheKey(divisionId, 'reports/client-options', s),
    async (): Promise<ClientChoice[]> => {
      const page = await callApi(clientsRoutes.listClients, { divisionId, query: s ? { s } : {} });
      return page.pageData.map(({ id, name }) => ({ id, name }));
    },
    { keepPreviousData: true, revalidateOnFocus: false },
  );
}

/** The names of the clients a report is filtered by (from the URL), GET /api/clients?clientIds=. */
export function useClientsById(divisionId: string, ids: readonly string[]) {
  return useSWR(
    ids.length ? cacheKey(divisionId, 'reports/clients-by-id', ids.join(',')) : null,
    async (): Promise<ClientChoice[]> => {
      const batches = [];
      for (let i = 0; i < ids.length; i += IDS_PER_CALL) batches.push(ids.slice(i, i + IDS_PER_CALL));
      const pages = await Promise.all(
        batches.map((batch) =>
          callApi(clientsRoutes.listClients, { divisionId, query: { clientIds: batch.join(',') } }),
        ),
      );
      return pages.flatMap((page) => page.pageData.map(({ id, name }) => ({ id, name })));
    },
    { revalidateOnFocus: false },
  );
}
