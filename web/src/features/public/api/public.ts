import useSWR from 'swr';
import { publicRoutes } from '@stormline/contract/areas/public';
import { callApi } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';

/** The public project header (GET /api/publicUrl/{id}/header): 404 until the project is published. */
export function usePublicProject(divisionId: string, projectId: string) {
  return useSWR(cacheKey(divisionId, 'public/project', projectId), () =>
    callApi(publicRoutes.getPublicProjectHeader, { divisionId, params: { id: projectId } }),
  );
}
