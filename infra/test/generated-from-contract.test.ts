import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { defineArea, permission } from '@stormline/contract/route';
import { AREAS } from '@stormline/contract/route-table';
import { createStormlineApp } from '../src/app';
import { sharedBundles } from './shared-bundles';

describe('the CDK app is generated from the route contract', () => {
  it('adds a Lambda and an API route for a new contract route, in its area’s stack, with no edit in infra/', async () => {
    const { auditTrail } = defineArea('audit', {
      auditTrail: {
        method: 'GET',
        path: '/api/projects/{id}/audit-trail',
        summary: 'A route added to the contract only',
        access: permission('read', 'Project'),
        division: 'required',
        implemented: false,
      },
    });
    const scratch = mkdtempSync(path.join(tmpdir(), 'stormline-cdk-extra-'));
    const { app, routeStacks } = createStormlineApp({
      routes: [AREAS.auth.login, auditTrail],
      outdir: path.join(scratch, 'out'),
      prebuiltBundleDir: (await sharedBundles()).dir,
    });
    app.synth();

    expect(routeStacks.map((s) => s.stackName)).toEqual(['Stormline-Routes-Auth', 'Stormline-Routes-Audit']);
    const audit = Template.fromStack(routeStacks[1]!);
    audit.resourceCountIs('AWS::Lambda::Function', 1);
    audit.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'GET /api/projects/{p3}/audit-trail',
    });
    audit.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('^GET /api/projects/\\{id\\}/audit-trail'),
    });
  });
});
