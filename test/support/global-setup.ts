import type { TestProject } from 'vitest/node';
import { freePort } from '@stormline/local/free-port';
import { buildWebIfStale } from '@stormline/local/web-build';
import { startRuntime } from '@stormline/local/runtime';
import type { Runtime } from '@stormline/local/runtime';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    runtimeEnv: Record<string, string>;
    /** Where the weather route looks for its forecast provider: the weather test listens there. */
    weatherProviderPort: number;
  }
}

/**
 * Vitest loads this module once per project, but the handlers read their settings from the one
 * process environment, so one process can hold only one runtime: it lives on globalThis and the
 * last project to finish stops it.
 */
const shared = globalThis as typeof globalThis & {
  stormlineRuntime?: Promise<{ runtime: Runtime; weatherProviderPort: number }>;
  stormlineRuntimeUsers?: number;
};

/**
 * Starts the product once for the integration, security and browser projects: in-memory
 * DynamoDB Local, s3rver in a scratch folder, the demo data, the built SPA and the gateway on a
 * free port. The weather route asks a free local port for forecasts, never the real provider:
 * the weather test serves recorded answers there, and elsewhere nothing listens (the route
 * answers its 502).
 */
export default async function setup(project: TestProject) {
  shared.stormlineRuntimeUsers = (shared.stormlineRuntimeUsers ?? 0) + 1;
  shared.stormlineRuntime ??= (async () => {
    buildWebIfStale();
    const weatherProviderPort = await freePort();
    const runtime = await startRuntime({
      port: 0,
      seed: true,
      region: 'UK',
      weatherApiUrl: `http://127.0.0.1:${weatherProviderPort}/v1/forecast`,
    });
    return { runtime, weatherProviderPort };
  })();
  const { runtime, weatherProviderPort } = await shared.stormlineRuntime;
  project.provide('baseUrl', runtime.url);
  project.provide('runtimeEnv', runtime.env);
  project.provide('weatherProviderPort', weatherProviderPort);
  return async () => {
    shared.stormlineRuntimeUsers = (shared.stormlineRuntimeUsers ?? 1) - 1;
    if (shared.stormlineRuntimeUsers === 0) {
      shared.stormlineRuntime = undefined;
      await runtime.stop();
    }
  };
}
