import { dashboardRoutes } from '@stormline/contract/areas/dashboard';
import { localDate } from '@stormline/domain/local-date';
import { openFindingsFigures } from '@stormline/domain/statistics';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { widgetPage } from '../../lib/widget-rows';

const route = dashboardRoutes.getOpenFindingStats;

/**
 * Open Findings (spec 000 §2): per site the caller sees, its open findings (of `type`, or all) and
 * the days the oldest has been open, counted to today in the project's time zone; sites with none
 * are left out.
 */
export async function main({ query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const now = deps.now();
  return widgetPage(deps, caller, divisionId!, query, route.pageSize, (project, clientName, counters) => {
    const figures = openFindingsFigures(counters, query.type ?? null, localDate(project.timezone, now));
    if (figures.openFindingsCount === 0) return null;
    return { projectId: project.id, siteName: project.name, clientName, ...figures };
  });
}

export const handler = httpRoute(route, main);
