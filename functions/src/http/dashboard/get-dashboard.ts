import { dashboardRoutes } from '@stormline/contract/areas/dashboard';
import { getSavedWidgets } from '@stormline/data/dashboards';
import { availableWidgets, DEFAULT_WIDGETS, widgetsAllowed } from '@stormline/domain/dashboard-rules';
import { can } from '@stormline/domain/permissions';
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
  const available = availableWidgets({ manageTeam: can(caller.grants, 'create', 'Project') });
  return {
    widgets: widgetsAllowed(saved ?? DEFAULT_WIDGETS, available),
    saved: saved !== null,
    kind: caller.role.name === 'BMP Contractor' ? ('contractor' as const) : ('widgets' as const),
    available,
  };
}

export const handler = httpRoute(route, main);
