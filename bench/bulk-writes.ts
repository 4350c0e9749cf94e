/** Growing a store through the data layer: many writes in flight, retried when they contend. */

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `count` tasks with at most `limit` in flight. */
export async function inPool(
  count: number,
  limit: number,
  task: (index: number) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/**
 * Creates race on shared counters; transact retries contention 3 times, the bench `attempts`
 * times in all, waiting a little longer (and a random `jitterMs` more) each time.
 */
export async function withRetries<T>(
  write: () => Promise<T>,
  { attempts, jitterMs }: { attempts: number; jitterMs: number },
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await pause(20 * attempt + Math.random() * jitterMs);
    }
  }
}
