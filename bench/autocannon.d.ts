/** The part of autocannon 9's programmatic API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Seconds before a request counts as a timeout. */
    timeout?: number;
  }

  /**
   * Run outside the main thread (as load-worker.ts does), autocannon hands back its raw result:
   * counts and encoded histograms, not the aggregated percentiles of the main-thread result.
   */
  export interface Result {
    /** Seconds. */
    duration: number;
    totalCompletedRequests: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  }

  /** Emits 'response' (client, statusCode, resBytes, responseTime in ms) for every answer. */
  export interface Instance extends EventEmitter {
    stop(): void;
  }

  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
