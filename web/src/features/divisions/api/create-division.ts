import { mutate } from 'swr';
import { AREAS } from '@stormline/contract/route-table';
import { callApi, type ApiBody } from '../../../lib/api-client';
import { divisionKey } from './get-division';
import { refreshDivisions } from './refresh-divisions';

export type CreateDivisionInput = ApiBody<typeof AREAS.divisions.createDivision>;

/** POST /api/divisions. */
export async function createDivision(body: CreateDivisionInput) {
  const division = await callApi(AREAS.divisions.createDivision, { body });
  await mutate(divisionKey(division.id), division, { revalidate: false });
  await refreshDivisions();
  return division;
}
