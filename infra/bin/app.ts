import { existsSync } from 'node:fs';
import path from 'node:path';
import { createStormlineApp } from '../src/app';
import { REPO_ROOT } from '../src/handler-bundles';

// `npx cdk synth` / `npx cdk deploy` run this (cdk.json). The SPA must be built first:
// `npm run build:web` (cdk.json's app command does it).
if (!existsSync(path.join(REPO_ROOT, 'web', 'dist', 'index.html'))) {
  throw new Error('web/dist is missing: run `npm run build:web` before synthesizing.');
}
// STORMLINE_PREBUILT_BUNDLES: the infra tests' one bundle of every handler, so that their `cdk
// synth` does not bundle again what the run has already bundled and tested (infra/test/global-setup.ts).
createStormlineApp({ prebuiltBundleDir: process.env.STORMLINE_PREBUILT_BUNDLES || undefined }).app.synth();
