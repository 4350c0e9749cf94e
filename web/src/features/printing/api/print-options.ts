import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { projectsRoutes } from '@stormline/contract/areas/projects';
import { templatesRoutes } from '@stormline/contract/areas/templates';
import { callApi, type ApiResponse } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';

/** The finding types the inspection's template (at its pinned version) has switched on: the findings report's filter. */
export function useTemplateFindingTypes(divisionId: string, template: { id: string; version: number }) {
  return useSWR(cacheKey(divisionId, 'templates/finding-types', template.id, template.version), () =>
    callApi(templatesRoutes.listTemplateFindingTypes, {
      divisionId,
      params: { templateId: template.id },
      query: { version: String(template.version) },
    }).then((answer) => answer.pageData.filter((t) => t.details.is_enabled)),
  );
}

/** The project's Active Site Maps with their converted pages: Print Site Map's choice of page. */
export function useProjectSiteMaps(divisionId: string, projectId: string) {
  return useSWR(cacheKey(divisionId, 'printing/site-maps', projectId), async () => {
    const rows = [];
    let cursor: string | null = null;
    do {
      const page: ApiResponse<typeof projectsRoutes.listSiteMaps> = await callApi(
        projectsRoutes.listSiteMaps,
        {
          divisionId,
          params: { id: projectId },
          query: { cursor },
        },
      );
      rows.push(...page.pageData);
      cursor = page.paginationState.nextCursor ?? null;
    } while (cursor);
    return rows;
  });
}

/**
 * The project's inspections, newest first, a page at a time ('Show more'): Print Inspections lists
 * those in its period. The server lists no period, so the list stops asking once a page reaches
 * back before the period's start.
 */
export function useProjectInspectionPages(divisionId: string, projectId: string) {
  return useSWRInfinite(
    (index, previous: Awaited<ReturnType<typeof listPage>> | null) => {
      if (previous && !previous.paginationState.nextCursor) return null;
      return cacheKey(
        divisionId,
        'printing/inspections',
        projectId,
        index,
        previous?.paginationState.nextCursor ?? '',
      );
    },
    (key: readonly unknown[]) => listPage(divisionId, projectId, (key.at(-1) as string) || null),
    { revalidateFirstPage: false },
  );
}

function listPage(divisionId: string, projectId: string, cursor: string | null) {
  return callApi(inspectionsRoutes.listProjectInspections, {
    divisionId,
    params: { id: projectId },
    query: { cursor },
  });
}
