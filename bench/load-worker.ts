import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

/**
 * Runs autocannon in a worker thread, so the load generator does not share the event loop of the
 * gateway it measures (the runtime lives in the bench's main thread). Started by http-latency.ts.
 */

export interface LoadOptions {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  connections: number;
  durationSeconds: number;
}

export interface LoadOutcome {
  /** Exact response times (ms) of the 2xx answers; autocannon's own histogram keeps whole ms only. */
  durations: number[];
  /** 2xx answers per second over the whole run. */
  reqPerSec: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

const options = workerData as LoadOptions;
const durations: number[] = [];

const instance = autocannon(
  {
    url: options.url,
    method: options.method,
    headers: options.headers,
    body: options.body,
    connections: options.connections,
    duration: options.durationSeconds,
  },
  (error, result) => {
    if (error) throw error;
    const outcome: LoadOutcome = {
      durations,
      reqPerSec: durations.length / result.duration,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
    };
    parentPort!.postMessage(outcome);
  },
);

instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
  if (statusCode >= 200 && statusCode < 300) durations.push(responseTime);
});
