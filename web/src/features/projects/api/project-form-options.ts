import useSWR from 'swr';
import { clientsRoutes } from '@stormline/contract/areas/clients';
import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { projectsRoutes } from '@stormline/contract/areas/projects';
import { regulationsRoutes } from '@stormline/contract/areas/regulations';
import { callApi, type ApiResponse } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';
import { loadAllPages } from './load-all-pages';

export type TemplateOption = ApiResponse<
  typeof inspectionsRoutes.listInspectionTemplates
>['pageData'][number];
export type InspectorOption = ApiResponse<typeof projectsRoutes.listAssignableInspectors>['pageData'][number];
export type DocTypeOption = ApiResponse<typeof projectsRoutes.listProjectDocTypes>[number];

/** The modal reads its choices when it opens; they do not change while it is open. */
const ONCE = { revalidateIfStale: false, revalidateOnFocus: false } as const;

/** GET /api/inspections/templates: the form types with the flags of the conditional fields. */
export function useTemplateOptions(divisionId: string) {
  return useSWR(
    cacheKey(divisionId, 'projects/templates'),
    () =>
      loadAllPages((cursor) =>
        callApi(inspectionsRoutes.listInspectionTemplates, { divisionId, query: { cursor } }),
      ),
    ONCE,
  );
}

/** GET /api/projects/inspectors: the division's users of the assignable roles. */
export function useInspectorOptions(divisionId: string, enabled = true) {
  return useSWR(
    enabled ? cacheKey(divisionId, 'projects/inspectors') : null,
    () =>
      loadAllPages((cursor) =>
        callApi(projectsRoutes.listAssignableInspectors, { divisionId, query: { cursor } }),
      ),
    ONCE,
  );
}

/** GET /api/groups: the division's regulation groups, by name. */
export function useRegulationOptions(divisionId: string) {
  return useSWR(
    cacheKey(divisionId, 'projects/regulations'),
    () => loadAllPages((cursor) => callApi(regulationsRoutes.listGroups, { divisionId, query: { cursor } })),
    ONCE,
  );
}

/** GET /api/projects/docTypes: the catalogue of project document types. */
export function useDocTypeOptions(divisionId: string) {
  return useSWR(
    cacheKey(divisionId, 'projects/doc-types'),
    () => callApi(projectsRoutes.listProjectDocTypes, { divisionId, query: {} }),
    ONCE,
  );
}

/**
 * The Client select when the modal is opened from the project list: the clients whose name
 * matches what is typed (GET /api/clients?s=), the first page of them.
 */
export function useClientOptions(divisionId: string, search: string, enabled: boolean) {
  return useSWR(enabled ? cacheKey(divisionId, 'projects/client-options', search) : null, async () => {
    const page = await callApi(clientsRoutes.listClients, {
      divisionId,
      query: { s: search.trim() || undefined },
    });
    return page.pageData.map((client) => ({ value: client.id, label: client.name }));
  });
}
