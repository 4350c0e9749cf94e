import { useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router-dom';
import { AREA_INFO, isRouteHandle } from '../../config/areas';
import { getRuntimeConfig } from '../../lib/runtime-config';

/**
 * The document title follows the deepest route that names its page. A layout effect, so a page
 * that knows a better title (a record's name) can still set it in its own effect afterwards.
 */
function useDocumentTitle() {
  const matches = useMatches();
  const handle = [...matches]
    .reverse()
    .find((match) => isRouteHandle(match.handle) || hasTitle(match.handle))?.handle;
  const title = hasTitle(handle) ? handle.title : isRouteHandle(handle) ? AREA_INFO[handle.area].label : null;
  useLayoutEffect(() => {
    const product = getRuntimeConfig().documentTitle;
    document.title = title ? `${title} · ${product}` : product;
  }, [title]);
}

function hasTitle(value: unknown): value is { title: string } {
  return typeof value === 'object' && value !== null && 'title' in value && typeof value.title === 'string';
}

export function RootFrame() {
  useDocumentTitle();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
