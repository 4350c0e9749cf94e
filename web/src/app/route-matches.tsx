import { createContext, lazy, useContext, type ComponentType, type ReactElement } from 'react';
import type { RouteMatch } from 'react-router-dom';
import { isRouteHandle, type RouteHandle } from '../config/areas';

/**
 * The routes that match the current URL, outermost first, as app/router.tsx matched them: the
 * shell reads the page's area and title from their handles (react-router's own useMatches needs
 * its data router, which the first-load budget does not afford: docs/decisions/0012).
 */
export const RouteMatchesContext = createContext<readonly RouteMatch[]>([]);

/**
 * The navigation area of the page: the deepest matched route that names one. PageGuard refuses the
 * page by it, so a record page's own title-only handle cannot hide its area.
 */
export function usePageArea(): RouteHandle['area'] | null {
  const matches = useContext(RouteMatchesContext);
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle: unknown = matches[i]!.route.handle;
    if (isRouteHandle(handle)) return handle.area;
  }
  return null;
}

/** The handle of the deepest matched route that has one (for the document title). */
export function usePageHandle(): RouteHandle | PageTitle | null {
  const matches = useContext(RouteMatchesContext);
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle: unknown = matches[i]!.route.handle;
    if (isRouteHandle(handle) || hasTitle(handle)) return handle;
  }
  return null;
}

export interface PageTitle {
  title: string;
}

export function hasTitle(value: unknown): value is PageTitle {
  return typeof value === 'object' && value !== null && 'title' in value && typeof value.title === 'string';
}

type PageModule = { default: ComponentType };

const preloads = new WeakMap<object, () => Promise<unknown>>();

/**
 * A route element whose module loads on first visit, so each screen (and its heavy libraries) is
 * its own chunk. The module is fetched as soon as the URL matches (preloadMatches), not when
 * React reaches it under a layout that is itself still loading.
 */
export function lazyPage(load: () => Promise<PageModule>): ReactElement {
  let loading: Promise<PageModule> | undefined;
  // React.lazy keeps a failed load as failed: the screen's error then offers Reload.
  const once = () => (loading ??= load());
  const Page = lazy(once);
  preloads.set(Page, once);
  return <Page />;
}

/** Starts loading the modules of every lazy page among the matches, all at once. */
export function preloadMatches(matches: readonly RouteMatch[]): void {
  for (const match of matches) {
    const type: unknown = match.route.element && (match.route.element as ReactElement).type;
    // A failure shows when the page renders (its error boundary); here it is only an early start.
    if (typeof type === 'object' && type !== null)
      preloads
        .get(type)?.()
        .catch(() => undefined);
  }
}
