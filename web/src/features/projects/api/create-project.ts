import useSWRMutation from 'swr/mutation';
import { projectsRoutes } from '@stormline/contract/areas/projects';
import { callApi, type ApiBody } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';

export type ProjectCreateInput = ApiBody<typeof projectsRoutes.createProject>;

/** POST /api/projects: every field is checked again on the server (docs/decisions/0014). */
export function useCreateProject(divisionId: string, onCreated?: () => void) {
  return useSWRMutation(
    cacheKey(divisionId, 'projects/create'),
    (_key: unknown, { arg }: { arg: ProjectCreateInput }) =>
      callApi(projectsRoutes.createProject, { divisionId, body: arg }),
    { throwOnError: true, onSuccess: onCreated },
  );
}
