import useSWR from 'swr';
import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { callApi } from '../../../lib/api-client';

/** GET /api/divisions/{id}: name, createdAt and the version an edit must send back. */
export function getDivision(id: string) {
  return callApi(divisionsRoutes.getDivision, { params: { id } });
}

export const divisionKey = (id: string) => ['divisions', 'one', id] as const;

export function useDivision(id: string | undefined) {
  return useSWR(id ? divisionKey(id) : null, () => getDivision(id!));
}
