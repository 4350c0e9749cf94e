import { startTransition, useEffect, useState } from 'react';

/*
 * Parts of a page that mount one after another, each in a task of its own: a part's first commit
 * starts its reads (SWR starts them in layout effects), and six widgets' reads, their timers and
 * their first render in one commit were the dashboard's longest task (docs/decisions/0028).
 */
const queue: Array<() => void> = [];
let turnTaken = false;

function nextTurn() {
  const next = queue.shift();
  turnTaken = next !== undefined;
  // A new task, so the browser paints and answers input between two parts.
  if (next) setTimeout(next, 0);
}

/**
 * False until this part's turn: the parts mount in the order they first rendered, each in a task
 * of its own once the one before has committed.
 */
export function useMountedInTurn(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (mounted) return;
    let state: 'waiting' | 'taking' | 'gone' = 'waiting';
    const take = () => {
      if (state === 'gone') return nextTurn();
      state = 'taking';
      startTransition(() => setMounted(true));
    };
    queue.push(take);
    if (!turnTaken) nextTurn();
    // Runs once this part has committed mounted (or has left the page while mounting): the next
    // part's turn. A part that leaves while waiting only leaves the queue.
    return () => {
      if (state === 'taking') return nextTurn();
      state = 'gone';
      const at = queue.indexOf(take);
      if (at >= 0) queue.splice(at, 1);
    };
  }, [mounted]);
  return mounted;
}
