import { mutate } from 'swr';
import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { callApi, type ApiBody } from '../../../lib/api-client';
import { refetchOnConflict } from '../../../lib/conflict';
import { divisionKey } from './get-division';
import { refreshDivisions } from './refresh-divisions';

export type UpdateDivisionInput = ApiBody<typeof divisionsRoutes.updateDivision>;

/**
 * PUT /api/divisions/{id} with the version read; a stale version answers 409 with the server's
 * message, and the division is read again so the next save sends the current version.
 */
export async function updateDivision(id: string, body: UpdateDivisionInput) {
  const division = await refetchOnConflict(divisionKey(id), () =>
    callApi(divisionsRoutes.updateDivision, { params: { id }, body }),
  );
  await mutate(divisionKey(id), division, { revalidate: false });
  await refreshDivisions();
  return division;
}
