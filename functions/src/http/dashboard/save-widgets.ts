import { dashboardRoutes } from '@stormline/contract/areas/dashboard';
import { saveWidgets } from '@stormline/data/dashboards';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = dashboardRoutes.saveWidgets;

/** POST /customdashboard1: the caller's widgets, in order, with their widths (only theirs). */
export async function main({ body, caller, deps }: RouteRequest<typeof route>) {
  await saveWidgets(deps.db, caller.user.id, body.widgets, deps.now());
  return { widgets: body.widgets };
}

export const handler = httpRoute(route, main);
