import { dashboardRoutes } from '@stormline/contract/areas/dashboard';
import { findingsOverviewFigures } from '@stormline/domain/statistics';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { widgetPage } from '../../lib/widget-rows';

const route = dashboardRoutes.getFindingsOverviewStats;

/**
 * Findings Overview (spec 000 §2): per site the caller sees, its inspections, findings and
 * carry-overs per inspection, and the days findings took to correct (of `type`, or all).
 */
export async function main({ query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  return widgetPage(deps, caller, divisionId!, query, route.pageSize, (project, clientName, counters) => ({
    projectId: project.id,
    siteName: project.name,
    clientName,
    ...findingsOverviewFigures(counters, query.type ?? null),
  }));
}

export const handler = httpRoute(route, main);
