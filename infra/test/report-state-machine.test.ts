import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import validator from 'asl-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { withPlaceholderArns } from '@stormline/contract/jobs';
import { AREAS } from '@stormline/contract/route-table';
import { SOCKET_MESSAGE_ROUTES } from '@stormline/contract/socket-routes';
import { createStormlineApp } from '../src/app';
import { REPORT_DEFINITION_FILE, REPORT_RENDER_TASK, reportTasks } from '../src/handler-bundles';

/**
 * Printing (docs/decisions/0042): one ASL file, valid Amazon States Language, deployed as is by
 * one CDK construct; the render task is an x86_64 Lambda with Chromium beside its bundle; the six
 * begin:{job} route keys share one Lambda, the only one that may start it.
 */

const definitionText = readFileSync(REPORT_DEFINITION_FILE, 'utf8');
let jobs: Template;
let realtime: Template;
let bundleDir: string;

beforeAll(() => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'stormline-report-'));
  bundleDir = path.join(scratch, 'bundles');
  const stormline = createStormlineApp({
    routes: [AREAS.reports.getReport, AREAS.reports.downloadReport],
    outdir: path.join(scratch, 'out'),
    bundleDir,
  });
  stormline.app.synth();
  jobs = Template.fromStack(stormline.jobs as Stack);
  realtime = Template.fromStack(stormline.realtime as Stack);
});

describe('the report state machine', () => {
  it('is valid Amazon States Language: plan, a Map of part renders (4 at once), merge, record, a failure path', () => {
    const definition = JSON.parse(withPlaceholderArns(definitionText)) as {
      States: Record<string, { Type: string; Catch?: unknown[]; MaxConcurrency?: number }>;
    };
    const result = validator(definition);
    expect(result.errorsText()).toBe('');
    expect(result.isValid).toBe(true);
    expect(Object.keys(definition.States)).toEqual([
      'Plan',
      'RenderParts',
      'Merge',
      'Record',
      'RecordFailure',
      'Failed',
    ]);
    expect(definition.States.RenderParts).toMatchObject({ Type: 'Map', MaxConcurrency: 4 });
    for (const state of ['Plan', 'RenderParts', 'Merge', 'Record'])
      expect(definition.States[state]!.Catch, state).toEqual([
        { ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'RecordFailure' },
      ]);
    expect(reportTasks().map((t) => t.module)).toEqual([
      'jobs/report/plan',
      'jobs/report/render-part',
      'jobs/report/merge',
      'jobs/report/record',
      'jobs/report/record-failure',
    ]);
  });

  it('is deployed from that same file, each placeholder substituted, logged without execution data and traced', () => {
    const machines = jobs.findResources('AWS::StepFunctions::StateMachine', {
      Properties: { StateMachineName: 'Stormline-report-printing' },
    });
    const machine = Object.values(machines)[0] as {
      Properties: { DefinitionString: string; DefinitionSubstitutions: Record<string, unknown> };
    };
    expect(machine.Properties.DefinitionString).toBe(definitionText);
    expect(Object.keys(machine.Properties.DefinitionSubstitutions).sort()).toEqual(
      reportTasks()
        .map((t) => t.substitution)
        .sort(),
    );
    jobs.hasResourceProperties('AWS::StepFunctions::StateMachine', {
      StateMachineName: 'Stormline-report-printing',
      LoggingConfiguration: Match.objectLike({ Level: 'ALL', IncludeExecutionData: false }),
      TracingConfiguration: { Enabled: true },
    });
  });

  it('prints in an x86_64 Lambda of 1769 MB (one vCPU, sized from the photo bench) whose bundle carries Chromium; the other tasks stay arm64', () => {
    jobs.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Report printing: RenderPart',
      MemorySize: 1769,
      Timeout: 180,
      Architectures: ['x86_64'],
    });
    jobs.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Report printing: Plan',
      Architectures: ['arm64'],
    });
    expect(existsSync(path.join(bundleDir, REPORT_RENDER_TASK, 'chromium', 'chromium.br'))).toBe(true);
    expect(existsSync(path.join(bundleDir, 'jobs/report/plan', 'chromium'))).toBe(false);
  });

  it('is started only by the begin:{job} Lambda, which serves all six route keys', () => {
    const starters = Object.values(realtime.findResources('AWS::IAM::Policy')).filter((policy) =>
      JSON.stringify(policy).includes('stateMachine:Stormline-report-printing'),
    );
    expect(starters).toHaveLength(1);
    const routes = Object.values(realtime.findResources('AWS::ApiGatewayV2::Route')) as {
      Properties: { RouteKey: string; Target: unknown };
    }[];
    const begins = routes.filter((r) => r.Properties.RouteKey.startsWith('begin:'));
    expect(begins.map((r) => r.Properties.RouteKey).sort()).toEqual(
      Object.keys(SOCKET_MESSAGE_ROUTES)
        .filter((key) => key.startsWith('begin:'))
        .sort(),
    );
    expect(begins).toHaveLength(6);
    expect(new Set(begins.map((r) => JSON.stringify(r.Properties.Target))).size).toBe(1);
    realtime.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ REPORT_STATE_MACHINE_ARN: Match.anyValue() }) },
    });
  });
});
