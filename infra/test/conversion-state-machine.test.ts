import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import validator from 'asl-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { withPlaceholderArns } from '@stormline/contract/jobs';
import { AREAS } from '@stormline/contract/route-table';
import { createStormlineApp } from '../src/app';
import { sharedBundles } from './shared-bundles';
import { CONVERSION_DEFINITION_FILE, conversionTasks } from '../src/handler-bundles';

/**
 * The site-map conversion (docs/decisions/0038): one ASL file, valid Amazon States Language,
 * deployed as is by one CDK construct (its task ARNs substituted), logged and traced, with the
 * render task's bundle carrying mupdf's WebAssembly; the routes that start it may do only that.
 */

const definitionText = readFileSync(CONVERSION_DEFINITION_FILE, 'utf8');
let jobs: Template;
let routes: Template;
let realtime: Template;
let bundleDir: string;

beforeAll(async () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'stormline-conversion-'));
  bundleDir = (await sharedBundles()).dir;
  const stormline = createStormlineApp({
    routes: [AREAS.uploads.convertUpload, AREAS.uploads.createDownloadLink],
    outdir: path.join(scratch, 'out'),
    prebuiltBundleDir: bundleDir,
  });
  stormline.app.synth();
  jobs = Template.fromStack(stormline.jobs as Stack);
  routes = Template.fromStack(stormline.routeStacks[0]! as Stack);
  realtime = Template.fromStack(stormline.realtime as Stack);
});

describe('the conversion state machine', () => {
  it('is valid Amazon States Language: validate, count pages, a Map of renders, record, and a failure path', () => {
    const definition = JSON.parse(withPlaceholderArns(definitionText)) as {
      States: Record<string, { Type: string; Catch?: unknown[]; MaxConcurrency?: number }>;
    };
    const result = validator(definition);
    expect(result.errorsText()).toBe('');
    expect(result.isValid).toBe(true);
    expect(Object.keys(definition.States)).toEqual([
      'Validate',
      'CountPages',
      'RenderPages',
      'Record',
      'RecordFailure',
      'Failed',
    ]);
    expect(definition.States.RenderPages).toMatchObject({ Type: 'Map', MaxConcurrency: 4 });
    for (const state of ['Validate', 'CountPages', 'RenderPages', 'Record'])
      expect(definition.States[state]!.Catch, state).toEqual([
        { ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'RecordFailure' },
      ]);
  });

  it('is deployed from that same file, each task placeholder substituted by its Lambda, logged and traced', () => {
    const machines = jobs.findResources('AWS::StepFunctions::StateMachine', {
      Properties: { StateMachineName: 'Stormline-site-map-conversion' },
    });
    expect(Object.keys(machines)).toHaveLength(1);
    const machine = Object.values(machines)[0] as {
      Properties: {
        DefinitionString: string;
        DefinitionSubstitutions: Record<string, unknown>;
        StateMachineName: string;
      };
    };
    expect(machine.Properties.DefinitionString).toBe(definitionText);
    expect(Object.keys(machine.Properties.DefinitionSubstitutions).sort()).toEqual(
      conversionTasks()
        .map((t) => t.substitution)
        .sort(),
    );
    expect(machine.Properties.StateMachineName).toBe('Stormline-site-map-conversion');
    jobs.hasResourceProperties('AWS::StepFunctions::StateMachine', {
      StateMachineName: 'Stormline-site-map-conversion',
      LoggingConfiguration: Match.objectLike({ Level: 'ALL', IncludeExecutionData: false }),
      TracingConfiguration: { Enabled: true },
    });
  });

  it('renders in a Lambda with the memory and time for a 20-page PDF, its bundle carrying mupdf-wasm.wasm', () => {
    jobs.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Site-map conversion: RenderPage',
      MemorySize: 2048,
      Timeout: 120,
      TracingConfig: { Mode: 'Active' },
    });
    for (const task of conversionTasks().filter((t) => !t.module.includes('record')))
      expect(existsSync(path.join(bundleDir, task.module, 'mupdf-wasm.wasm')), task.module).toBe(true);
    expect(existsSync(path.join(bundleDir, 'jobs/convert/record', 'mupdf-wasm.wasm'))).toBe(false);
  });

  it('may be started by the convert route and the WebSocket message handlers, by ARN, and nothing else', () => {
    const starts = (template: Template) =>
      Object.values(template.findResources('AWS::IAM::Policy')).filter((policy) =>
        JSON.stringify(policy).includes('stateMachine:Stormline-site-map-conversion'),
      ).length;
    expect(starts(routes)).toBe(1);
    // $default (its actions before the routes of their own) and the convert:pdf:png route's Lambda.
    expect(starts(realtime)).toBe(2);
    routes.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('^POST /api/uploads/\\{id\\}/convert'),
      Environment: {
        Variables: Match.objectLike({ CONVERSION_STATE_MACHINE_ARN: Match.anyValue() }),
      },
    });
  });
});
