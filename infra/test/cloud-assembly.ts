import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { REPO_ROOT } from '../src/handler-bundles';

export interface CloudAssembly {
  outdir: string;
  /** Stack name -> its synthesized template. */
  templates: Map<string, Template>;
  resourceCounts: Map<string, number>;
  /** What `cdk synth` printed, for failure messages. */
  output: string;
}

/**
 * Runs the real CLI the way an infrastructure engineer does (`npx cdk synth`, cdk.json's app
 * command, offline, no Docker) into a scratch folder, and reads the templates it wrote.
 */
export function synthWithCli(prebuiltBundleDir?: string): CloudAssembly {
  const outdir = mkdtempSync(path.join(tmpdir(), 'stormline-cdk-'));
  const run = spawnSync('npx', ['cdk', 'synth', '--quiet', '--output', outdir], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      CDK_DISABLE_VERSION_CHECK: 'true',
      ...(prebuiltBundleDir ? { STORMLINE_PREBUILT_BUNDLES: prebuiltBundleDir } : {}),
    },
    // The web build and the synth of every stack; a bound on a hang, not a speed test (a loaded run took minutes).
    timeout: 420_000,
  });
  const output = `${run.stdout}\n${run.stderr}`;
  if (run.status !== 0) throw new Error(`cdk synth failed (${run.status}):\n${output.slice(-6000)}`);
  const templates = new Map<string, Template>();
  const resourceCounts = new Map<string, number>();
  for (const file of readdirSync(outdir).filter((f) => f.endsWith('.template.json'))) {
    const json = JSON.parse(readFileSync(path.join(outdir, file), 'utf8')) as { Resources: object };
    const name = file.replace('.template.json', '');
    templates.set(name, Template.fromJSON(json));
    resourceCounts.set(name, Object.keys(json.Resources).length);
  }
  return { outdir, templates, resourceCounts, output };
}
