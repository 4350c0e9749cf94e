import { dashboardRoutes } from '@stormline/contract/areas/dashboard';
import { getSavedWidgets } from '@stormline/data/dashboards';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = dashboardRoutes.getSavedWidgets;

/** GET /customdashboard1: the caller's saved widget list, or null (the default list then applies). */
export async function main({ caller, deps }: RouteRequest<typeof route>) {
  return { widgets: await getSavedWidgets(deps.db, caller.user.id) };
}

export const handler = httpRoute(route, main);
