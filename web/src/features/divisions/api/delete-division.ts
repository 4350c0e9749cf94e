import { mutate } from 'swr';
import { AREAS } from '@stormline/contract/route-table';
import { callApi } from '../../../lib/api-client';
import { divisionKey } from './get-division';
import { refreshDivisions } from './refresh-divisions';

/** DELETE /api/divisions/{id}. */
export async function deleteDivision(id: string): Promise<void> {
  await callApi(AREAS.divisions.deleteDivision, { params: { id } });
  await mutate(divisionKey(id), undefined, { revalidate: false });
  await refreshDivisions();
}
