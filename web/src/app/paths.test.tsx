import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { appRoutes } from './router';

interface PathEntry {
  name: string;
  path: string;
  getHref: (...args: string[]) => string;
}

function entriesOf(tree: object, prefix = ''): PathEntry[] {
  return Object.entries(tree).flatMap(([key, value]: [string, unknown]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && 'path' in value && 'getHref' in value) {
      return [{ name, ...(value as Omit<PathEntry, 'name'>) }];
    }
    return value && typeof value === 'object' ? entriesOf(value, name) : [];
  });
}

/** Every pattern the router declares, parents joined: '/divisions/:divisionId/dashboard'. */
function patternsOf(routes: readonly RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const own = route.path ?? '';
    const full = own.startsWith('/') ? own : own ? `${parent.replace(/\/$/, '')}/${own}` : parent;
    return [...(own ? [full] : []), ...patternsOf(route.children ?? [], full)];
  });
}

const routes = appRoutes;
const ENTRIES = entriesOf(paths);

describe('one source of route paths (config/paths.ts and the router agree)', () => {
  it.each(ENTRIES.map((entry) => [entry.name, entry] as const))('%s opens a page of its own', (_, entry) => {
    const href = entry.getHref(...Array.from({ length: entry.getHref.length }, (_, i) => `sample-${i}`));
    const matches = matchRoutes(routes, href.split('?')[0]!) ?? [];
    // The catch-alls (not found, the division redirect) do not count as the page.
    expect(matches.at(-1)?.route.path, `${href} falls through to a catch-all`).not.toBe('*');
  });

  it('declares no route path that paths.ts does not name', () => {
    const known = new Set(ENTRIES.map((entry) => entry.path));
    const layoutPrefixes = new Set(['/public']);
    const unknown = patternsOf(routes).filter((pattern) => {
      if (pattern.endsWith('*')) {
        // An area still in progress catches every path below it: some named path must be there.
        const base = pattern.replace(/\/?\*$/, '');
        const covers = (path: string) => path === base || path.startsWith(`${base}/`);
        return base !== '' && !layoutPrefixes.has(base) && !ENTRIES.some((entry) => covers(entry.path));
      }
      return !known.has(pattern) && !layoutPrefixes.has(pattern);
    });
    expect(unknown).toEqual([]);
  });
});
