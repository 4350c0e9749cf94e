import { inject } from 'vitest';
import { getDeps, resetDeps, type Deps } from '@stormline/functions/lib/deps';

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

/**
 * The product's own functions (postToUser, postToChannel, endUserSessions), run from the test
 * process against the running product: its table, secret and @connections endpoint, fresh deps.
 */
export async function productDeps(): Promise<Deps> {
  const env = runtimeEnv();
  for (const name of [
    'TABLE_NAME',
    'DYNAMODB_ENDPOINT',
    'AWS_REGION',
    'JWT_SECRET',
    'WEBSOCKET_CALLBACK_URL',
  ])
    process.env[name] = env[name];
  resetDeps();
  return getDeps();
}
