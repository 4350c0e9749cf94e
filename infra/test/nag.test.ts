import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AREAS } from '@stormline/contract/route-table';
import { createStormlineApp } from '../src/app';
import { sharedBundles } from './shared-bundles';

let bundleDir: string;
beforeAll(async () => {
  bundleDir = (await sharedBundles()).dir;
});

function smallApp() {
  const scratch = mkdtempSync(path.join(tmpdir(), 'stormline-cdk-nag-'));
  return createStormlineApp({
    routes: [AREAS.auth.login, AREAS.profile.getProfile],
    outdir: path.join(scratch, 'out'),
    prebuiltBundleDir: bundleDir,
  });
}

function reasons(root: IConstruct): { rule: string; reason: string; path: string }[] {
  return root.node.findAll().flatMap((construct) =>
    construct.node.metadata.flatMap((entry) => {
      if (entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY) {
        return Object.entries(entry.data as Record<string, string>).map(([rule, reason]) => ({
          rule,
          reason: typeof reason === 'string' ? reason : JSON.stringify(reason),
          path: construct.node.path,
        }));
      }
      if (entry.type === 'stormline:acknowledged-findings') {
        const data = entry.data as { rule: string; reason: string };
        return [{ rule: data.rule, reason: data.reason, path: construct.node.path }];
      }
      return [];
    }),
  );
}

describe('cdk-nag', () => {
  it('is wired in: a non-compliant resource fails the synth', () => {
    const { app, data } = smallApp();
    new s3.Bucket(data, 'CarelessBucket');
    expect(() => app.synth()).toThrow();
  });

  it('gives every acknowledgment a one-sentence reason', () => {
    const { app } = smallApp();
    // Our own acknowledgments; aws-cdk-lib acknowledges some of its internal warnings itself.
    const found = reasons(app).filter((r) => r.rule.startsWith('AwsSolutions'));
    expect(found.length).toBeGreaterThan(5);
    for (const { rule, reason, path: at } of found) {
      expect(reason, `${rule} at ${at}`).toMatch(/^[A-Z$'"].{20,}[.)]$/s);
    }
  });
});
