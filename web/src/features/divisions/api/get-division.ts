import useSWR from 'swr';
import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { callApi } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';

/** GET /api/divisions/{id}: name, createdAt and the version an edit must send back. */
export function getDivision(id: string) {
  return callApi(divisionsRoutes.getDivision, { params: { id } });
}

// A division record is company-wide: its key names no working division.
export const divisionKey = (id: string) => cacheKey(null, 'divisions/one', id);

export function useDivision(id: string | undefined) {
  return useSWR(id ? divisionKey(id) : null, () => getDivision(id!));
}
