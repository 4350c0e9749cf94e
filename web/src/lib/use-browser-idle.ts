import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

/*
 * Whether the first screen of the visit has been shown: a layout's screen frame says so once its
 * screen has rendered (app/routes/screen-error.tsx). Until then the browser may look idle while it
 * waits for the screen's modules or its data, and what loads "when idle" would compete with them.
 */
let firstScreenShown = false;
const listeners = new Set<() => void>();

/** Called when a screen has rendered; the first call releases what waits for it. */
export function markScreenShown(): void {
  if (firstScreenShown) return;
  firstScreenShown = true;
  listeners.forEach((listener) => listener());
}

// A page without a screen frame (a full-page redirect or message) must not hold back the rest forever.
const NO_SCREEN_FALLBACK_MS = 4000;
if (typeof window !== 'undefined') window.setTimeout(markScreenShown, NO_SCREEN_FALLBACK_MS);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * False until the first screen has been shown and the browser is idle after it (or `timeout` ms
 * at most after the screen): what is not needed to read the page (the toast container, the top
 * bar's widgets) mounts then, without delaying the page's own paint or the downloads it needs.
 * Where requestIdleCallback is missing, a short timer stands in.
 */
export function useBrowserIdle(timeout = 1000): boolean {
  const shown = useSyncExternalStore(
    subscribe,
    () => firstScreenShown,
    () => false,
  );
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!shown) return;
    // A transition: React renders what mounts now in slices, yielding to the user between them.
    const release = () => startTransition(() => setIdle(true));
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(release, 1);
      return () => window.clearTimeout(timer);
    }
    const id = window.requestIdleCallback(release, { timeout });
    return () => window.cancelIdleCallback(id);
  }, [shown, timeout]);
  return idle;
}
