import { Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { VisuallyHidden } from '@mantine/core';
import { FullPageLoader } from '../../components/full-page-loader';
import { AREA_INFO, isRouteHandle } from '../../config/areas';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { hasTitle, usePageHandle } from '../route-matches';

/**
 * The document title follows the deepest route that names its page. A layout effect, so a page
 * that knows a better title (a record's name) can still set it in its own effect afterwards.
 */
function useDocumentTitle() {
  const handle = usePageHandle();
  const title = hasTitle(handle) ? handle.title : isRouteHandle(handle) ? AREA_INFO[handle.area].label : null;
  useLayoutEffect(() => {
    const product = getRuntimeConfig().documentTitle;
    document.title = title ? `${title} · ${product}` : product;
  }, [title]);
}

/**
 * A new page starts at its top; Back and Forward leave the scroll position to the browser, which
 * restores it.
 */
function useScrollToTopOnNavigation() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

/** How long a page that is still loading may take to show its heading before its title is announced instead. */
const HEADING_WAIT_MS = 2000;

/**
 * Focuses the page's h1. While a screen loads, Suspense keeps the previous screen in the page,
 * hidden, so only a heading that is shown counts, and only a focus that took.
 */
/** Shown on screen? (checkVisibility is missing before Safari 17.4: the element's boxes tell.) */
function isShown(element: Element): boolean {
  return typeof element.checkVisibility === 'function'
    ? element.checkVisibility()
    : element.getClientRects().length > 0;
}

function focusPageHeading(): boolean {
  const headings = [
    ...document.querySelectorAll<HTMLElement>('main h1'),
    ...document.querySelectorAll<HTMLElement>('h1'),
  ];
  const heading = headings.find((candidate) => isShown(candidate));
  if (!heading) return false;
  // Focusable from script only: the heading stays out of the Tab order.
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return document.activeElement === heading;
}

/**
 * After a client-side navigation focus would stay on the link that was used (or fall to the body
 * when that link went away), and a screen reader would say nothing of the new page. So focus moves
 * to the new page's h1; a page that shows no h1 within HEADING_WAIT_MS has its document title
 * announced in a polite live region instead. Until the user has pressed a key or a pointer nothing
 * moves: the first page of a visit, and the redirects that lead to it, start at the top of the
 * document, where the skip link is.
 *
 * A control inside the page that writes the URL and stays on screen (a tab, a pager, a search box
 * keeping its query in the URL) keeps its focus: the user is still working with it.
 */
function useFocusOnNavigation(): string {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState('');
  const interacted = useRef(false);

  useEffect(() => {
    const mark = () => {
      interacted.current = true;
    };
    document.addEventListener('keydown', mark, { capture: true, once: true });
    document.addEventListener('pointerdown', mark, { capture: true, once: true });
    return () => {
      document.removeEventListener('keydown', mark, { capture: true });
      document.removeEventListener('pointerdown', mark, { capture: true });
    };
  }, []);

  useEffect(() => {
    if (!interacted.current) return;
    const active = document.activeElement;
    if (
      active instanceof HTMLElement &&
      active.isConnected &&
      // A control of the previous screen, kept hidden while the new one loads, does not count.
      isShown(active) &&
      // The top bar's controls (the division switcher) stay where the user is working too.
      active.closest('main, header') &&
      active.tagName !== 'MAIN'
    )
      return;
    if (focusPageHeading()) return;

    const observer = new MutationObserver(() => {
      if (focusPageHeading()) stop();
    });
    const timer = window.setTimeout(() => {
      stop();
      setAnnouncement(document.title);
    }, HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);

  return announcement;
}

export function RootFrame() {
  useDocumentTitle();
  useScrollToTopOnNavigation();
  const announcement = useFocusOnNavigation();
  return (
    <>
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
      <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="route-announcer">
        {announcement}
      </VisuallyHidden>
    </>
  );
}
