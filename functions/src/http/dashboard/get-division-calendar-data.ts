import { dashboardRoutes } from '@stormline/contract/areas/dashboard';
import { calendarMonth } from '../../lib/calendar';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = dashboardRoutes.getDivisionCalendarData;

/** The inspection calendar's month of one project (query type = project id, month). */
export async function main({ query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  return calendarMonth(deps, caller, divisionId!, query);
}

export const handler = httpRoute(route, main);
