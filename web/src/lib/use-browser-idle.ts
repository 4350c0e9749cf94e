import { useEffect, useState } from 'react';

/**
 * False until the browser is idle after the first render (or `timeout` ms at most): what is not
 * needed to read the page (the toast container, the top bar's widgets) mounts then, without
 * delaying the page's own paint. Where requestIdleCallback is missing, a short timer stands in.
 */
export function useBrowserIdle(timeout = 1000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(() => setIdle(true), 1);
      return () => window.clearTimeout(timer);
    }
    const id = window.requestIdleCallback(() => setIdle(true), { timeout });
    return () => window.cancelIdleCallback(id);
  }, [timeout]);
  return idle;
}
