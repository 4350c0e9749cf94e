import { dashboardRoutes } from '@stormline/contract/areas/dashboard';
import { DEFAULT_WIDGETS } from '@stormline/domain/dashboard-rules';
import { httpRoute } from '../../lib/http-route';

const route = dashboardRoutes.listWidgets;

/** GET /customdashboard: every widget the dashboard offers, as a user without a saved list sees them. */
export async function main() {
  return { widgets: [...DEFAULT_WIDGETS] };
}

export const handler = httpRoute(route, main);
