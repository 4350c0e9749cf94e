import { mutate } from 'swr';
import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { callApi } from '../../../lib/api-client';
import { divisionKey } from './get-division';
import { refreshDivisions } from './refresh-divisions';

/** DELETE /api/divisions/{id}. */
export async function deleteDivision(id: string): Promise<void> {
  await callApi(divisionsRoutes.deleteDivision, { params: { id } });
  await mutate(divisionKey(id), undefined, { revalidate: false });
  await refreshDivisions();
}
