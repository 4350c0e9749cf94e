import useSWR from 'swr';
import { AREAS } from '@stormline/contract/route-table';
import { callApi, type ApiQuery } from '../../../lib/api-client';

export type DivisionsQuery = ApiQuery<typeof AREAS.divisions.listDivisions>;

/** GET /api/divisions?p=&s= : one page of divisions, by name. */
export function getDivisions(query: DivisionsQuery) {
  return callApi(AREAS.divisions.listDivisions, { query });
}

export const divisionsListKey = (page: number, search: string) =>
  ['divisions', 'list', page, search] as const;

export function isDivisionsListKey(key: unknown): boolean {
  return Array.isArray(key) && key[0] === 'divisions' && key[1] === 'list';
}

export function useDivisions(page: number, search: string) {
  return useSWR(divisionsListKey(page, search), () => getDivisions({ p: page, s: search || undefined }), {
    keepPreviousData: true,
  });
}
