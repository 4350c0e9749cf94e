import { dashboardRoutes } from '@stormline/contract/areas/dashboard';
import { getSavedWidgets } from '@stormline/data/dashboards';
import { DEFAULT_WIDGETS } from '@stormline/domain/dashboard-rules';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = dashboardRoutes.getDashboard;

/**
 * GET /api/divisions/{id}/dashboard (spec 000 §2: the dashboard's data comes from the division
 * path): the caller's widgets, saved or the default list, and the contractor's dashboard for a
 * BMP Contractor. One read: the saved list.
 */
export async function main({ caller, deps }: RouteRequest<typeof route>) {
  const saved = await getSavedWidgets(deps.db, caller.user.id);
  return {
    widgets: saved ?? [...DEFAULT_WIDGETS],
    saved: saved !== null,
    kind: caller.role.name === 'BMP Contractor' ? ('contractor' as const) : ('widgets' as const),
  };
}

export const handler = httpRoute(route, main);
