import { mutate } from 'swr';
import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { callApi, type ApiBody } from '../../../lib/api-client';
import { divisionKey } from './get-division';
import { refreshDivisions } from './refresh-divisions';

export type CreateDivisionInput = ApiBody<typeof divisionsRoutes.createDivision>;

/** POST /api/divisions. */
export async function createDivision(body: CreateDivisionInput) {
  const division = await callApi(divisionsRoutes.createDivision, { body });
  await mutate(divisionKey(division.id), division, { revalidate: false });
  await refreshDivisions();
  return division;
}
