import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * How many e2e files run side by side: three, or what STORMLINE_E2E_WORKERS says (1 for one at a
 * time). An e2e file mostly waits on the product and the browser (half a core on its own), so on
 * a quiet 2-core machine two at a time took the tier from 737 s to 529 s, and three brought the
 * whole `npm test` under 15 minutes; on a machine saturated by others it was slower
 * (docs/decisions/0031).
 */
const e2eWorkers = Math.max(1, Math.floor(Number(process.env.STORMLINE_E2E_WORKERS)) || 3);

/**
 * One run, three kinds of test: pure unit tests beside the code; integration, security and fuzz
 * tests through the local gateway against DynamoDB Local and s3rver; browser tests in Debian
 * chromium. The product is started once per run (test/support/global-setup.ts).
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: ONE on a 2-core machine, so every file of
    // the run went one after another while the integration files mostly wait on the runtime (in
    // the main process) and DynamoDB Local (its own JVM). Two or more workers let unit, components,
    // infra and integration files run side by side; the e2e files still run one at a time, after
    // them (fileParallelism: false). Integration files share one runtime and its demo data, so
    // each makes its own users, clients and projects and never counts what another file may add
    // (docs/decisions/0023).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'functions/src/**/*.test.ts', 'local/src/**/*.test.ts'],
          environment: 'node',
          // A hang still fails; a test slowed by the run's other workers on a busy machine does not.
          testTimeout: 30_000,
        },
      },
      {
        // The SPA's own tests in a simulated browser (happy-dom) with Testing Library: error,
        // forbidden, empty and conflict states without the whole stack. Whole flows stay in e2e.
        test: {
          name: 'components',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['web/src/testing/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/security/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['infra/test/**/*.test.ts'],
          // One bundle of every handler for the whole tier (infra/test/shared-bundles.ts).
          globalSetup: ['infra/test/global-setup.ts'],
          testTimeout: 240_000,
          // A file's set-up may wait for the tier's one bundle of every handler, then synthesize.
          hookTimeout: 480_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.e2e.test.ts'],
          globalSetup: ['test/support/global-setup.ts', 'test/support/browser-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // What a screen shows after a round trip to the product: vitest's default of one second
          // is a guess a loaded 2-core CI machine outlasts (a step failed so). A poll still ends as
          // soon as it holds; ten seconds only bounds a failing one.
          expect: { poll: { timeout: 10_000 } },
          // After every other tier: two (or more) at a time in a group of their own after the rest
          // (groupOrder 1), on contexts of their own in the run's one chromium; one at a time as
          // vitest's own last group.
          ...(e2eWorkers > 1
            ? { sequence: { groupOrder: 1 }, maxWorkers: e2eWorkers }
            : { fileParallelism: false }),
        },
      },
    ],
  },
});
