import { inject } from 'vitest';

/**
 * The product under test. It is started once per test run by global-setup.ts; tests only learn
 * where it listens, and stopping it is the global teardown's job.
 */
export async function startRuntime(): Promise<{ url: string; stop(): Promise<void> }> {
  return { url: inject('baseUrl'), stop: async () => {} };
}

export function runtimeEnv(): Record<string, string> {
  return inject('runtimeEnv');
}
