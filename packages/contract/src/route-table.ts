import type { Route } from './route';
import { authRoutes } from './areas/auth';
import { certificationRoutes } from './areas/certification';
import { clientsRoutes } from './areas/clients';
import { dashboardRoutes } from './areas/dashboard';
import { divisionsRoutes } from './areas/divisions';
import { findingsRoutes } from './areas/findings';
import { inspectionsRoutes } from './areas/inspections';
import { legendItemsRoutes } from './areas/legend-items';
import { mapRoutes } from './areas/map';
import { notificationsRoutes } from './areas/notifications';
import { profileRoutes } from './areas/profile';
import { projectsRoutes } from './areas/projects';
import { publicRoutes } from './areas/public';
import { questionsRoutes } from './areas/questions';
import { regulationsRoutes } from './areas/regulations';
import { reportsRoutes } from './areas/reports';
import { templatesRoutes } from './areas/templates';
import { uploadsRoutes } from './areas/uploads';
import { usersRoutes } from './areas/users';
import { weatherRoutes } from './areas/weather';

/**
 * Every API route of the three spec documents, grouped by area in the order of the documents.
 * The local gateway, the Lambda handlers, the web client, the OpenAPI document and the CDK app
 * all read this table.
 */
export const AREAS = {
  // Spec 000: dashboard, weather, project inspections, creating inspections, certification.
  dashboard: dashboardRoutes,
  weather: weatherRoutes,
  projects: projectsRoutes,
  inspections: inspectionsRoutes,
  certification: certificationRoutes,
  // Spec 001: administration.
  auth: authRoutes,
  profile: profileRoutes,
  users: usersRoutes,
  notifications: notificationsRoutes,
  clients: clientsRoutes,
  divisions: divisionsRoutes,
  regulations: regulationsRoutes,
  'legend-items': legendItemsRoutes,
  uploads: uploadsRoutes,
  reports: reportsRoutes,
  // Spec 002: inspection work.
  findings: findingsRoutes,
  questions: questionsRoutes,
  map: mapRoutes,
  public: publicRoutes,
  templates: templatesRoutes,
} as const;

export const ROUTES: readonly Route[] = Object.values(AREAS).flatMap(
  (area) => Object.values(area) as Route[],
);

const seen = new Map<string, Route>();
for (const route of ROUTES) {
  const other = seen.get(route.key);
  if (other) throw new Error(`Route ${route.key} is declared twice (${other.handler}, ${route.handler})`);
  seen.set(route.key, route);
}

export const ROUTE_BY_KEY: ReadonlyMap<string, Route> = seen;
