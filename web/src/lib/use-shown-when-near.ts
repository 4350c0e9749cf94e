import { startTransition, useCallback, useEffect, useState } from 'react';

/*
 * The parts waiting, released all at once by a key press anywhere: a keyboard or screen reader
 * user may move through the page faster than it scrolls, and find-in-page needs the text there.
 */
const waiting = new Set<() => void>();

function releaseAll() {
  waiting.forEach((release) => release());
  waiting.clear();
}

if (typeof window !== 'undefined') window.addEventListener('keydown', releaseAll, { capture: true });

/** How far below (or above) the screen a part starts to render: a quarter of a screen. */
const NEAR_MARGIN = '25% 0px';

/**
 * Whether a part of a long page renders yet: once it is on or near the screen (scrolled to), once
 * focus moves into its box (`show`), or once a key is pressed. On a phone the dashboard shows one
 * widget of six; building the other five's tables while the first loaded was most of its blocking
 * time (docs/decisions/0028). The part's data is read at once either way; only its rows wait.
 * Where IntersectionObserver is missing, the part renders at once.
 *
 * Returns the ref for the part's placeholder (which holds its place), whether to render, and
 * `show` to render it now. Not `enabled`: the part waits, unobserved (the placeholder of a part
 * that is not there yet).
 */
export function useShownWhenNear<T extends Element>(
  enabled = true,
): [(node: T | null) => void, boolean, () => void] {
  const [node, setNode] = useState<T | null>(null);
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback((next: T | null) => setNode(next), []);
  const show = useCallback(() => startTransition(() => setShown(true)), []);

  useEffect(() => {
    if (shown || !node || !enabled) return;
    // `show` is a transition: React renders the part in slices, yielding to the user between them.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) show();
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(node);
    waiting.add(show);
    return () => {
      observer.disconnect();
      waiting.delete(show);
    };
  }, [node, shown, enabled, show]);

  return [ref, shown, show];
}
