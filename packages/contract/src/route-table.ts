import type { Route } from './route';
import { authRoutes } from './areas/auth';
import { usersRoutes } from './areas/users';
import { divisionsRoutes } from './areas/divisions';

/**
 * Every API route of the three spec documents, grouped by area in the order of the documents.
 * The local gateway, the Lambda handlers, the web client, the OpenAPI document and the CDK app
 * all read this table.
 */
export const AREAS = {
  auth: authRoutes,
  users: usersRoutes,
  divisions: divisionsRoutes,
} as const;

export const ROUTES: readonly Route[] = Object.values(AREAS).flatMap((area) => Object.values(area) as Route[]);

const seen = new Map<string, Route>();
for (const route of ROUTES) {
  const other = seen.get(route.key);
  if (other) throw new Error(`Route ${route.key} is declared twice (${other.handler}, ${route.handler})`);
  seen.set(route.key, route);
}

export const ROUTE_BY_KEY: ReadonlyMap<string, Route> = seen;
