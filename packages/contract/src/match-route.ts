import type { HttpMethod, Route } from './route';
import { HTTP_METHODS } from './route';

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  names: string[];
  /** Literal segments win over parameters, as in API Gateway: /api/users/profile before /api/users/{id}. */
  specificity: number[];
}

function escape(text: string): string {
  return text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
}

function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  const segments = route.path.split('/').slice(1);
  const source = segments
    .map((segment) =>
      segment.replace(/\{([^}]+)\}|([^{]+)/g, (_, name: string | undefined, literal: string | undefined) => {
        if (name) {
          names.push(name);
          return '([^/]+?)';
        }
        return escape(literal!);
      }),
    )
    .join('/');
  return {
    route,
    pattern: new RegExp(`^/${source}/?$`),
    names,
    specificity: segments.map((s) => (s.startsWith('{') && s.endsWith('}') ? 0 : s.includes('{') ? 1 : 2)),
  };
}

function compareSpecificity(a: CompiledRoute, b: CompiledRoute): number {
  for (let i = 0; i < Math.max(a.specificity.length, b.specificity.length); i++) {
    const diff = (b.specificity[i] ?? -1) - (a.specificity[i] ?? -1);
    if (diff !== 0) return diff;
  }
  return 0;
}

/**
 * The path parameters of one route, read from a request path by the contract's own template.
 * API Gateway captures whole segments only ("/api/download/{reportId}" for the contract's
 * "{reportId}.pdf"), so handlers read parameters this way, the same in the cloud and locally.
 */
export function pathParams(route: Route, path: string): Record<string, string> | undefined {
  const compiled = compile(route);
  const found = compiled.pattern.exec(path);
  if (!found) return undefined;
  return Object.fromEntries(compiled.names.map((name, i) => [name, decodeURIComponent(found[i + 1]!)]));
}

/** Builds a matcher over a route table: path templates to handlers, the way API Gateway picks them. */
export function createRouteMatcher(routes: readonly Route[]) {
  const byMethod = new Map<string, CompiledRoute[]>();
  for (const method of HTTP_METHODS) {
    byMethod.set(
      method,
      routes
        .filter((r) => r.method === method)
        .map(compile)
        .sort(compareSpecificity),
    );
  }

  return function matchRoute(method: string, path: string): RouteMatch | undefined {
    const candidates = byMethod.get(method.toUpperCase() as HttpMethod) ?? [];
    for (const candidate of candidates) {
      const found = candidate.pattern.exec(path);
      if (!found) continue;
      const params: Record<string, string> = {};
      candidate.names.forEach((name, i) => {
        params[name] = decodeURIComponent(found[i + 1]!);
      });
      return { route: candidate.route, params };
    }
    return undefined;
  };
}

/** The paths outside /api that are still API routes (spec 000 §7: /customdashboard, /calendar/...; /dl downloads). */
export function isApiPath(path: string, routes: readonly Route[]): boolean {
  if (path === '/api' || path.startsWith('/api/')) return true;
  return routes.some((r) => {
    const first = r.path.split('/')[1];
    return !r.path.startsWith('/api/') && path.split('/')[1] === first;
  });
}
