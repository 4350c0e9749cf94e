import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { AREAS } from '@stormline/contract/route-table';
import { SOCKET_MESSAGE_ROUTES } from '@stormline/contract/socket-routes';
import { REPORT_DEFINITION_FILE, REPORT_RENDER_TASK, reportTasks } from '../src/handler-bundles';
import { expectDeployedFromFile, expectValidDefinition, synthJobs } from './job-state-machine';

/**
 * Printing (docs/decisions/0042): one ASL file, valid Amazon States Language, deployed as is by
 * one CDK construct; the render task is an x86_64 Lambda with Chromium beside its bundle; the six
 * begin:{job} route keys share one Lambda, the only one that may start it.
 */

const definitionText = readFileSync(REPORT_DEFINITION_FILE, 'utf8');
let jobs: Template;
let realtime: Template;
let bundleDir: string;

beforeAll(async () => {
  ({ jobs, realtime, bundleDir } = await synthJobs('report', [
    AREAS.reports.getReport,
    AREAS.reports.downloadReport,
  ]));
});

describe('the report state machine', () => {
  it('is valid Amazon States Language: plan, a Map of part renders (4 at once), merge, record, a failure path', () => {
    expectValidDefinition(
      definitionText,
      ['Plan', 'RenderParts', 'Merge', 'Record', 'RecordFailure', 'Failed'],
      'RenderParts',
    );
    expect(reportTasks().map((t) => t.module)).toEqual([
      'jobs/report/plan',
      'jobs/report/render-part',
      'jobs/report/merge',
      'jobs/report/record',
      'jobs/report/record-failure',
    ]);
  });

  it('is deployed from that same file, each placeholder substituted, logged without execution data and traced', () => {
    expectDeployedFromFile(jobs, 'Stormline-report-printing', definitionText, reportTasks());
  });

  it('prints in an x86_64 Lambda of 1769 MB (one vCPU, sized from the photo bench) whose bundle carries Chromium; the other tasks stay arm64', () => {
    jobs.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Report printing: RenderPart',
      MemorySize: 1769,
      Timeout: 180,
      Architectures: ['x86_64'],
    });
    // Each Lambda's timeout is its state's TimeoutSeconds in the ASL file (Plan 2 minutes).
    jobs.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Report printing: Plan',
      Timeout: 120,
      Architectures: ['arm64'],
    });
    jobs.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Report printing: Merge',
      Timeout: 300,
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
