import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import validator from 'asl-validator';
import { expect } from 'vitest';
import type { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { withPlaceholderArns } from '@stormline/contract/jobs';
import { createStormlineApp, type StormlineAppOptions } from '../src/app';
import type { JobTask } from '../src/constructs/job-state-machine';
import { sharedBundles } from './shared-bundles';

/**
 * What the job state machines' template tests share (conversion-state-machine.test.ts,
 * report-state-machine.test.ts): the app synthesised with a few routes, and the checks every
 * JobStateMachine must pass (a valid ASL file with a failure path, deployed as is, logged and traced).
 */

/**
 * Synthesises the app with `routes` into a scratch folder, from the tier's one bundle of every
 * handler (shared-bundles.ts): the jobs, first routes and realtime stacks.
 */
export async function synthJobs(name: string, routes: StormlineAppOptions['routes']) {
  const scratch = mkdtempSync(path.join(tmpdir(), `stormline-${name}-`));
  const bundleDir = (await sharedBundles()).dir;
  const stormline = createStormlineApp({
    routes,
    outdir: path.join(scratch, 'out'),
    prebuiltBundleDir: bundleDir,
  });
  stormline.app.synth();
  return {
    bundleDir,
    jobs: Template.fromStack(stormline.jobs as Stack),
    routes: Template.fromStack(stormline.routeStacks[0]! as Stack),
    realtime: Template.fromStack(stormline.realtime as Stack),
  };
}

/**
 * The ASL file is valid Amazon States Language with exactly `states` in order, its Map state
 * runs 4 at once, and every working state catches every error into RecordFailure.
 */
export function expectValidDefinition(definitionText: string, states: string[], map: string) {
  const definition = JSON.parse(withPlaceholderArns(definitionText)) as {
    States: Record<string, { Type: string; Catch?: unknown[]; MaxConcurrency?: number }>;
  };
  const result = validator(definition);
  expect(result.errorsText()).toBe('');
  expect(result.isValid).toBe(true);
  expect(Object.keys(definition.States)).toEqual(states);
  expect(definition.States[map]).toMatchObject({ Type: 'Map', MaxConcurrency: 4 });
  for (const state of states.filter((s) => s !== 'RecordFailure' && s !== 'Failed'))
    expect(definition.States[state]!.Catch, state).toEqual([
      { ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'RecordFailure' },
    ]);
}

/**
 * One state machine of that name, deployed from that very file, each task placeholder substituted
 * (by its Lambda), logged at ALL without execution data, and traced.
 */
export function expectDeployedFromFile(
  jobs: Template,
  stateMachineName: string,
  definitionText: string,
  tasks: readonly JobTask[],
) {
  const machines = jobs.findResources('AWS::StepFunctions::StateMachine', {
    Properties: { StateMachineName: stateMachineName },
  });
  expect(Object.keys(machines)).toHaveLength(1);
  const machine = Object.values(machines)[0] as {
    Properties: { DefinitionString: string; DefinitionSubstitutions: Record<string, unknown> };
  };
  expect(machine.Properties.DefinitionString).toBe(definitionText);
  expect(Object.keys(machine.Properties.DefinitionSubstitutions).sort()).toEqual(
    tasks.map((t) => t.substitution).sort(),
  );
  jobs.hasResourceProperties('AWS::StepFunctions::StateMachine', {
    StateMachineName: stateMachineName,
    LoggingConfiguration: Match.objectLike({ Level: 'ALL', IncludeExecutionData: false }),
    TracingConfiguration: { Enabled: true },
  });
}
