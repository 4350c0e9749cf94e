import type { TestProject } from 'vitest/node';
import { buildWebIfStale } from '@stormline/local/web-build';
import { startRuntime } from '@stormline/local/runtime';
import type { Runtime } from '@stormline/local/runtime';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    runtimeEnv: Record<string, string>;
  }
}

let runtime: Runtime | undefined;
let users = 0;

/**
 * Starts the product once for the integration, security and browser projects: in-memory
 * DynamoDB Local, s3rver in a scratch folder, the demo data, and the gateway on a free port.
 */
export default async function setup(project: TestProject) {
  users++;
  if (!runtime) {
    buildWebIfStale();
    runtime = await startRuntime({ port: 0, seed: true, region: 'UK' });
  }
  project.provide('baseUrl', runtime.url);
  project.provide('runtimeEnv', runtime.env);
  return async () => {
    users--;
    if (users === 0 && runtime) {
      await runtime.stop();
      runtime = undefined;
    }
  };
}
