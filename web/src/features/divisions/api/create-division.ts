import useSWRMutation from 'swr/mutation';
import { mutate } from 'swr';
import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { callApi, type ApiBody } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';
import { divisionKey } from './get-division';
import { refreshDivisions } from './refresh-divisions';

// A create has no record key yet: its mutation key names what it changes.
const DIVISIONS_CREATE = cacheKey(null, 'divisions/create');

export type CreateDivisionInput = ApiBody<typeof divisionsRoutes.createDivision>;

/** POST /api/divisions; the new division is cached and the lists are read again. */
export function useCreateDivision() {
  return useSWRMutation(
    DIVISIONS_CREATE,
    async (_key: unknown, { arg }: { arg: CreateDivisionInput }) => {
      const division = await callApi(divisionsRoutes.createDivision, { body: arg });
      await mutate(divisionKey(division.id), division, { revalidate: false });
      return division;
    },
    { throwOnError: true, onSuccess: () => void refreshDivisions() },
  );
}
