import { dashboardRoutes } from '@stormline/contract/areas/dashboard';
import { findRoutineInspectionOn } from '@stormline/data/inspections';
import { localDate } from '@stormline/domain/local-date';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { visibleProjectsPage } from '../../lib/project-list';

const route = dashboardRoutes.getInspectionsDueStats;

/**
 * Inspections Due (spec 000 §2, §4): per site the caller sees with a next inspection date, the
 * date and the project's today (the action follows from the two), and for a site due today
 * whether today's routine inspection is started ('new', 'complete') or still 'scheduled' (the
 * row then links to start it). One Query per site due today: the cost is the rows shown.
 */
export async function main({ query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const now = deps.now();
  const { page, clientNames } = await visibleProjectsPage(
    deps,
    caller,
    divisionId!,
    'ACTIVE',
    query,
    route.pageSize,
  );
  const rows = await Promise.all(
    page.items
      .filter((p) => p.next_inspection_date)
      .map(async (project) => {
        const today = localDate(project.timezone, now);
        const todays =
          project.next_inspection_date === today
            ? await findRoutineInspectionOn(deps.db, divisionId!, project.id, today)
            : null;
        return {
          projectId: project.id,
          siteName: project.name,
          clientName: clientNames.get(project.client_id) ?? '',
          dueDate: project.next_inspection_date!,
          today,
          inspectionStatus: todays
            ? todays.status === 'complete'
              ? 'complete'
              : 'new'
            : ('scheduled' as const),
        } as const;
      }),
  );
  return {
    pageData: rows,
    paginationState: { pageSize: route.pageSize, numModels: null, nextCursor: page.nextCursor },
  };
}

export const handler = httpRoute(route, main);
