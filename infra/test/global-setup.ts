import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's one bundle of every handler is written (infra/test/shared-bundles.ts). */
    lambdaBundleDir: string;
  }
}

/**
 * The infra tests synthesize five apps and measure every bundle: bundling the 240-odd handlers once
 * per file was most of the tier's time. This only names the folder; the first file that needs the
 * bundles writes them there, the others wait for it (shared-bundles.ts).
 */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'stormline-bundles-'));
  project.provide('lambdaBundleDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
