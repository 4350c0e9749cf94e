import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The one browser of the e2e run: every test file connects to it (test/e2e/browser.ts). */
    browserWsEndpoint: string;
  }
}

/**
 * One chromium for the whole e2e run instead of one per test file (docs/decisions/0023): each
 * file connects to it and opens its own contexts (their own storage, so their own sessions),
 * which it closes after the file. Only the browser process is shared, never a page or a session.
 */
export default async function setup(project: TestProject) {
  const server = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  project.provide('browserWsEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}
