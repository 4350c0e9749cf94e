import useSWR from 'swr';
import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { callApi, type ApiQuery } from '../../../lib/api-client';

export type DivisionsQuery = ApiQuery<typeof divisionsRoutes.listDivisions>;

/** GET /api/divisions?cursor=&s= : one page of divisions, by name (the first page without a cursor). */
export function getDivisions(query: DivisionsQuery) {
  return callApi(divisionsRoutes.listDivisions, { query });
}

export const divisionsListKey = (cursor: string | undefined, search: string) =>
  ['divisions', 'list', cursor ?? '', search] as const;

export function isDivisionsListKey(key: unknown): boolean {
  return Array.isArray(key) && key[0] === 'divisions' && key[1] === 'list';
}

export function useDivisions(cursor: string | undefined, search: string) {
  return useSWR(divisionsListKey(cursor, search), () => getDivisions({ cursor, s: search || undefined }), {
    keepPreviousData: true,
  });
}
