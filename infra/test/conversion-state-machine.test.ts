import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { AREAS } from '@stormline/contract/route-table';
import { CONVERSION_DEFINITION_FILE, conversionTasks } from '../src/handler-bundles';
import { expectDeployedFromFile, expectValidDefinition, synthJobs } from './job-state-machine';

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
  ({ jobs, routes, realtime, bundleDir } = await synthJobs('conversion', [
    AREAS.uploads.convertUpload,
    AREAS.uploads.createDownloadLink,
  ]));
});

describe('the conversion state machine', () => {
  it('is valid Amazon States Language: validate, count pages, a Map of renders, record, and a failure path', () => {
    expectValidDefinition(
      definitionText,
      ['Validate', 'CountPages', 'RenderPages', 'Record', 'RecordFailure', 'Failed'],
      'RenderPages',
    );
  });

  it('is deployed from that same file, each task placeholder substituted by its Lambda, logged and traced', () => {
    expectDeployedFromFile(jobs, 'Stormline-site-map-conversion', definitionText, conversionTasks());
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
