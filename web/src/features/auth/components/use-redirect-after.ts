import { useEffect, useEffectEvent } from 'react';

/**
 * Runs `go` once, `delayMs` after `armed` turns true (spec 001 §9: the registration redirect after
 * 2000 ms, the reset-password one after 5000 ms). Leaving the page first cancels it.
 */
export function useRedirectAfter(armed: boolean, delayMs: number, go: () => void): void {
  const onTime = useEffectEvent(go);
  useEffect(() => {
    if (!armed) return;
    const timer = window.setTimeout(() => onTime(), delayMs);
    return () => window.clearTimeout(timer);
  }, [armed, delayMs]);
}
