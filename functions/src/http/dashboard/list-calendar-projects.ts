import { dashboardRoutes } from '@stormline/contract/areas/dashboard';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { visibleProjectsPage } from '../../lib/project-list';

const route = dashboardRoutes.listCalendarProjects;

/** The inspection calendar's 'Select Project': the caller's active projects, with their client's name. */
export async function main({ query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { page, clientNames } = await visibleProjectsPage(
    deps,
    caller,
    divisionId!,
    'ACTIVE',
    query,
    route.pageSize,
  );
  return {
    pageData: page.items.map((p) => ({
      id: p.id,
      name: p.name,
      clientName: clientNames.get(p.client_id) ?? '',
    })),
    paginationState: { pageSize: route.pageSize, numModels: null, nextCursor: page.nextCursor },
  };
}

export const handler = httpRoute(route, main);
