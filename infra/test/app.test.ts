import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import type { Template } from 'aws-cdk-lib/assertions';
import { ROUTES } from '@stormline/contract/route-table';
import { cloudSecurityHeaders } from '@stormline/contract/security-headers';
import { UPLOAD_CLAIM_LEASE_SECONDS } from '@stormline/data/documents';
import { INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '@stormline/data/table';
import { gatewayPath } from '../src/stacks/route-stack';
import { synthWithCli } from './cloud-assembly';
import { sharedBundles } from './shared-bundles';
import type { CloudAssembly } from './cloud-assembly';

let assembly: CloudAssembly;
const stack = (name: string): Template => {
  const template = assembly.templates.get(`Stormline-${name}`);
  if (!template) throw new Error(`No stack Stormline-${name}: ${[...assembly.templates.keys()].join(', ')}`);
  return template;
};
const routeStacks = () => [...assembly.templates].filter(([name]) => name.startsWith('Stormline-Routes-'));

beforeAll(async () => {
  // The CLI as an engineer runs it, on the tier's one bundle of every handler (shared-bundles.ts).
  assembly = synthWithCli((await sharedBundles()).dir);
});

describe('cdk synth', () => {
  it('runs offline from the repository with cdk-nag AwsSolutions reporting nothing unacknowledged', () => {
    // A nag error fails the synth (synthWithCli throws); a warning would still be printed.
    expect(assembly.output).not.toMatch(/AwsSolutions/);
    expect(existsSync(path.join(assembly.outdir, 'policy-validation-report.json'))).toBe(false);
  });

  it('keeps every stack well under CloudFormation’s 500-resource limit', () => {
    for (const [name, count] of assembly.resourceCounts) expect(count, name).toBeLessThan(400);
    expect(assembly.resourceCounts.size).toBeGreaterThanOrEqual(6);
  });
});

describe('data stack', () => {
  it('creates the single table with the data layer’s keys and indexes, PITR, streams, TTL and deletion protection', () => {
    stack('Data').hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      DeletionProtectionEnabled: true,
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      GlobalSecondaryIndexes: Object.values(INDEXES).map((index) =>
        Match.objectLike({
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            ...(index.sortKey ? [{ AttributeName: index.sortKey, KeyType: 'RANGE' }] : []),
          ],
        }),
      ),
    });
  });

  it('keeps uploads private, versioned, encrypted and TLS-only, with CORS for presigned PUTs', () => {
    const data = stack('Data');
    data.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      VersioningConfiguration: { Status: 'Enabled' },
      BucketEncryption: Match.objectLike({}),
      CorsConfiguration: {
        CorsRules: [
          Match.objectLike({ AllowedMethods: Match.arrayWith(['PUT']), AllowedOrigins: Match.anyValue() }),
        ],
      },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
        ]),
      },
    });
    data.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('keeps the token signing secret in Secrets Manager', () => {
    stack('Data').resourceCountIs('AWS::SecretsManager::Secret', 1);
  });
});

describe('route stacks', () => {
  const all = <T>(pick: (t: Template) => Record<string, T>) =>
    routeStacks().flatMap(([, t]) => Object.values(pick(t)));

  it('have one Lambda and one API route per contract entry', () => {
    const functions = all((t) => t.findResources('AWS::Lambda::Function'));
    const routes = all((t) => t.findResources('AWS::ApiGatewayV2::Route')) as {
      Properties: { RouteKey: string };
    }[];
    expect(functions).toHaveLength(ROUTES.length);
    expect(routes.map((r) => r.Properties.RouteKey).sort()).toEqual(
      ROUTES.map((r) => `${r.method} ${gatewayPath(r.path)}`).sort(),
    );
  });

  it('run every function on Node 24, arm64, traced, with the secret by ARN and never by value', () => {
    const functions = all((t) => t.findResources('AWS::Lambda::Function')) as {
      Properties: {
        Runtime: string;
        Architectures: string[];
        TracingConfig: unknown;
        Environment: { Variables: object };
      };
    }[];
    for (const fn of functions) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        TracingConfig: { Mode: 'Active' },
      });
      expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(
        expect.arrayContaining(['TABLE_NAME', 'JWT_SECRET_ARN', 'REGION_VARIANT', 'WEBSOCKET_CALLBACK_URL']),
      );
      expect(fn.Properties.Environment.Variables).not.toHaveProperty('JWT_SECRET');
    }
  });

  it('end every API route’s Lambda well inside an upload claim’s lease, so a claim outlives its request', () => {
    // API Gateway answers at 30 s; the Lambda runs on until its own timeout. A claim whose lease
    // ended while its request still ran could be taken by a retry (packages/data/src/documents.ts).
    const timeouts = routeStacks().flatMap(([, template]) =>
      Object.values(
        template.findResources('AWS::Lambda::Function') as Record<
          string,
          { Properties: { Timeout: number } }
        >,
      ).map((fn) => fn.Properties.Timeout),
    );
    expect(timeouts.length).toBeGreaterThan(100);
    expect(Math.max(...timeouts)).toBeLessThanOrEqual(30);
    expect(UPLOAD_CLAIM_LEASE_SECONDS).toBeGreaterThanOrEqual(4 * 30);
  });

  it('give every function the origin secret as a Secrets Manager reference resolved at deploy, never a value in the template', () => {
    const functions = all((t) => t.findResources('AWS::Lambda::Function')) as {
      Properties: { Environment: { Variables: Record<string, unknown> } };
    }[];
    for (const fn of functions) {
      const value = JSON.stringify(fn.Properties.Environment.Variables.ORIGIN_VERIFY_SECRET);
      expect(value).toMatch(/^\{"Fn::Join".*\{\{resolve:secretsmanager:.*OriginVerifySecret/);
    }
  });

  it('grant writes only to routes that write, and the uploads bucket only to routes that declare it', () => {
    const policies = (name: string) => JSON.stringify(stack(name).findResources('AWS::IAM::Policy'));
    const publicViews = policies('Routes-Public');
    expect(publicViews).toContain('dynamodb:Query');
    expect(publicViews).not.toContain('dynamodb:PutItem');
    expect(publicViews).not.toContain('s3:');
    expect(publicViews).not.toContain('dynamodb:Scan');
    const uploads = policies('Routes-Uploads');
    expect(uploads).toContain('s3:PutObject');
  });

  it('let the weather route put its own cache items and write nothing else (docs/decisions/0020)', () => {
    const statements = Object.values(
      stack('Routes-Weather').findResources('AWS::IAM::Policy') as Record<
        string,
        {
          Properties: { PolicyDocument: { Statement: { Action: string | string[]; Condition?: unknown }[] } };
        }
      >,
    ).flatMap((policy) => policy.Properties.PolicyDocument.Statement);
    const writes = statements.filter((statement) =>
      [statement.Action].flat().some((action) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(action)),
    );
    expect(writes).toEqual([
      expect.objectContaining({
        Action: 'dynamodb:PutItem',
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['WEATHER#*'] } },
      }),
    ]);
  });

  it('let only routes marked sendsMail send e-mail, from the one sender, linking to the site', () => {
    const mailRoutes = ROUTES.filter((route) => route.sendsMail).map((route) => route.key);
    expect(mailRoutes).toEqual(
      expect.arrayContaining(['POST /api/users', 'POST /api/users/{id}/invite', 'POST /api/forgotPassword']),
    );
    const senders: string[] = [];
    for (const [, template] of routeStacks()) {
      const functions = template.findResources('AWS::Lambda::Function') as Record<
        string,
        { Properties: { Description: string; Environment: { Variables: Record<string, unknown> } } }
      >;
      const policies = JSON.stringify(template.findResources('AWS::IAM::Policy'));
      for (const fn of Object.values(functions)) {
        const variables = fn.Properties.Environment.Variables;
        if (!('MAIL_FROM' in variables)) continue;
        senders.push(fn.Properties.Description.split(':')[0]!);
        expect(variables.MAIL_FROM).toBe('no-reply@example.com');
        // The distribution's own address, imported from the web stack.
        expect(JSON.stringify(variables.SITE_URL)).toMatch(
          /https:\/\/.*Stormline-Web:.*Distribution.*DomainName/,
        );
      }
      if (policies.includes('ses:SendEmail')) {
        expect(policies).toContain(':identity/no-reply@example.com');
        expect(policies).toContain(':identity/example.com');
        expect(policies).not.toMatch(/identity\/\*/);
      }
    }
    expect(senders.sort()).toEqual([...mailRoutes].sort());
  });

  it('let only routes marked realtime post to and close WebSocket connections', () => {
    const roles = stack('Routes-Auth').findResources('AWS::IAM::Role') as Record<
      string,
      { Properties: { Description: string; ManagedPolicyArns?: unknown[] } }
    >;
    const withConnections = Object.values(roles)
      .filter((role) => JSON.stringify(role.Properties.ManagedPolicyArns ?? []).includes('ManageConnections'))
      .map((role) => role.Properties.Description);
    expect(withConnections).toEqual([expect.stringContaining('POST /api/logout')]);
  });
});

describe('web stack', () => {
  it('serves the SPA from a private bucket through CloudFront origin access control, with /api on the same origin', () => {
    const web = stack('Web');
    web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({
            PathPattern: '/api/*',
            AllowedMethods: Match.arrayWith(['GET', 'PUT', 'POST', 'DELETE']),
          }),
          Match.objectLike({ PathPattern: '/customdashboard' }),
          Match.objectLike({ PathPattern: '/dl/*' }),
        ]),
        Logging: Match.objectLike({}),
      }),
    });
    web.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization', 'divisionId'] },
        }),
      }),
    });
  });
});

interface SecurityHeadersConfig {
  StrictTransportSecurity: { AccessControlMaxAgeSec: number; IncludeSubdomains?: boolean; Override: boolean };
  ContentTypeOptions: { Override: boolean };
  FrameOptions: { FrameOption: string; Override: boolean };
  ReferrerPolicy: { ReferrerPolicy: string; Override: boolean };
  ContentSecurityPolicy: { ContentSecurityPolicy: unknown; Override: boolean };
}

/** A synthesized string, with each value known only at deploy time (an import, a Ref) as «…». */
function rendered(value: unknown): string {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (join) return join[1].map(rendered).join(join[0]);
  return '«…»';
}

/** The headers a synthesized response headers policy makes CloudFront send, as a browser sees them. */
function headersSent(config: SecurityHeadersConfig): Record<string, string> {
  const hsts = config.StrictTransportSecurity;
  return {
    'strict-transport-security': `max-age=${hsts.AccessControlMaxAgeSec}${hsts.IncludeSubdomains ? '; includeSubDomains' : ''}`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': config.FrameOptions.FrameOption,
    'referrer-policy': config.ReferrerPolicy.ReferrerPolicy,
    'content-security-policy': rendered(config.ContentSecurityPolicy.ContentSecurityPolicy),
  };
}

describe('security headers', () => {
  it('CloudFront sends the contract’s security headers, overriding the origin’s, on the SPA and every API behaviour', () => {
    const web = stack('Web');
    const policies = Object.entries(web.findResources('AWS::CloudFront::ResponseHeadersPolicy')) as [
      string,
      { Properties: { ResponseHeadersPolicyConfig: { SecurityHeadersConfig: SecurityHeadersConfig } } },
    ][];
    expect(policies).toHaveLength(1);
    const [policyId, policy] = policies[0]!;
    const config = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    // The WebSocket API's and the uploads bucket's own hosts, never a wildcard such as *.amazonaws.com.
    const sent = headersSent(config);
    const connectSrc = sent['content-security-policy']!.match(/connect-src ([^;]+)/)![1]!.split(' ');
    const [webSocket, storage] = connectSrc.slice(-2) as [string, string];
    expect(webSocket).toMatch(/^wss:\/\/«…»\.execute-api\.(«…»|[a-z0-9-]+)\.(«…»|amazonaws\.com)$/);
    expect(storage).toMatch(/^https:\/\/«…»$/);
    expect(sent).toEqual(cloudSecurityHeaders({ webSocket, storage }));
    expect(sent['content-security-policy']).not.toMatch(/\*\.amazonaws/);
    for (const [name, header] of Object.entries(config)) expect(header.Override, name).toBe(true);

    const distribution = Object.values(web.findResources('AWS::CloudFront::Distribution'))[0] as {
      Properties: {
        DistributionConfig: {
          DefaultCacheBehavior: { ResponseHeadersPolicyId?: unknown };
          CacheBehaviors: { PathPattern: string; ResponseHeadersPolicyId?: unknown }[];
        };
      };
    };
    const { DefaultCacheBehavior, CacheBehaviors } = distribution.Properties.DistributionConfig;
    expect(DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    expect(CacheBehaviors.length).toBeGreaterThan(1);
    for (const behaviour of CacheBehaviors) {
      expect(behaviour.ResponseHeadersPolicyId, behaviour.PathPattern).toEqual({ Ref: policyId });
    }
  });
});

describe('the viewer address behind CloudFront', () => {
  it('sends the API the origin secret, from Secrets Manager, as x-origin-verify', () => {
    stack('Api').hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ ExcludePunctuation: true }),
    });
    const distribution = Object.values(stack('Web').findResources('AWS::CloudFront::Distribution'))[0] as {
      Properties: { DistributionConfig: { Origins: { OriginCustomHeaders?: unknown[] }[] } };
    };
    const custom = distribution.Properties.DistributionConfig.Origins.flatMap(
      (o) => o.OriginCustomHeaders ?? [],
    );
    expect(custom).toHaveLength(1);
    expect(custom[0]).toMatchObject({ HeaderName: 'x-origin-verify' });
    expect(JSON.stringify(custom[0])).toMatch(
      /\{\{resolve:secretsmanager:.*OriginVerifySecret.*:SecretString:::\}\}/,
    );
  });

  it('forwards CloudFront-Viewer-Address to the API, and never the viewer Host', () => {
    const web = stack('Web');
    const policies = web.findResources('AWS::CloudFront::OriginRequestPolicy') as Record<
      string,
      {
        Properties: {
          OriginRequestPolicyConfig: { HeadersConfig: { HeaderBehavior: string; Headers: string[] } };
        };
      }
    >;
    const [[policyId, policy]] = Object.entries(policies) as [[string, (typeof policies)[string]]];
    const headers = policy.Properties.OriginRequestPolicyConfig.HeadersConfig;
    expect(headers.HeaderBehavior).toBe('whitelist');
    expect(headers.Headers).toContain('CloudFront-Viewer-Address');
    expect(headers.Headers.map((h) => h.toLowerCase())).not.toContain('host');
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({ PathPattern: '/api/*', OriginRequestPolicyId: { Ref: policyId } }),
          Match.objectLike({ PathPattern: '/dl/*', OriginRequestPolicyId: { Ref: policyId } }),
        ]),
      }),
    });
  });
});

describe('realtime and monitoring stacks', () => {
  it('has a WebSocket API with $connect and $disconnect, and a policy to post to and close @connections', () => {
    const realtime = stack('Realtime');
    realtime.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET' });
    realtime.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: '$connect' });
    realtime.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: '$disconnect' });
    realtime.hasResourceProperties('AWS::IAM::ManagedPolicy', {
      PolicyDocument: { Statement: [Match.objectLike({ Action: 'execute-api:ManageConnections' })] },
    });
    const policy = JSON.stringify(realtime.findResources('AWS::IAM::ManagedPolicy'));
    expect(policy).toContain('/POST/@connections/*');
    expect(policy).toContain('/DELETE/@connections/*');
  });

  it('alarms on API 5xx rate and p99 latency, Lambda errors and throttles, DynamoDB throttles', () => {
    const alarms = stack('Monitoring').findResources('AWS::CloudWatch::Alarm');
    expect(Object.keys(alarms)).toHaveLength(5);
    const text = JSON.stringify(alarms);
    for (const metric of ['5xx', 'Latency', 'Errors', 'Throttles', 'ReadThrottleEvents'])
      expect(text).toContain(metric);
  });
});

describe('streams stack', () => {
  const COUNTED = ['Inspection', 'Finding', 'FindingInInspection', 'MissedInspection'];

  it('runs the statistics handler on the table stream: counted kinds only, partial retries, a dead-letter queue', () => {
    const streams = stack('Streams');
    streams.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
      FilterCriteria: {
        Filters: [
          {
            Pattern: JSON.stringify({
              dynamodb: { NewImage: { type: { S: COUNTED } } },
            }),
          },
          {
            Pattern: JSON.stringify({
              dynamodb: { OldImage: { type: { S: COUNTED } } },
            }),
          },
        ],
      },
    });
    streams.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Description: 'Statistics kept from the table stream',
    });
    streams.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true });
  });

  it('makes print copies of finding photos from the stream: photos stored or removed only, with sharp built for arm64 beside the bundle', () => {
    const streams = stack('Streams');
    streams.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      StartingPosition: 'TRIM_HORIZON',
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
      FilterCriteria: {
        Filters: [
          {
            Pattern: JSON.stringify({
              eventName: ['INSERT'],
              dynamodb: { NewImage: { type: { S: ['FindingImage'] } } },
            }),
          },
          {
            Pattern: JSON.stringify({
              eventName: ['REMOVE'],
              dynamodb: { OldImage: { type: { S: ['FindingImage'] } } },
            }),
          },
        ],
      },
    });
    const [fn] = Object.values(
      streams.findResources('AWS::Lambda::Function', {
        Properties: { Description: 'Print copies of finding photos made from the table stream' },
      }),
    ) as { Properties: { Code: { S3Key: string }; Architectures: string[]; MemorySize: number } }[];
    expect(fn, 'no print copies function').toBeDefined();
    expect(fn!.Properties.Architectures).toEqual(['arm64']);
    expect(fn!.Properties.MemorySize).toBe(1024);
    // The bundle leaves sharp as an import and carries its native part for the Lambda's processor:
    // an ELF shared object for AArch64 (e_machine 183), not this machine's x86-64 build.
    const asset = path.join(assembly.outdir, `asset.${fn!.Properties.Code.S3Key.replace(/\.zip$/, '')}`);
    const modules = path.join(asset, 'node_modules', '@img');
    expect(existsSync(path.join(asset, 'node_modules', 'sharp', 'package.json'))).toBe(true);
    expect(existsSync(path.join(modules, 'sharp-linux-x64'))).toBe(false);
    const addon = readdirSync(path.join(modules, 'sharp-linux-arm64', 'lib')).find((f) =>
      f.endsWith('.node'),
    );
    const elf = readFileSync(path.join(modules, 'sharp-linux-arm64', 'lib', addon!));
    expect(elf.subarray(0, 4).toString('latin1')).toBe('\x7fELF');
    expect(elf.readUInt16LE(18)).toBe(183);
    expect(existsSync(path.join(modules, 'sharp-libvips-linux-arm64'))).toBe(true);
    // It reads photos and writes their copies in the uploads bucket; the table as the handler needs it, no Scan.
    const policies = JSON.stringify(streams.findResources('AWS::IAM::Policy'));
    expect(policies).toContain('s3:PutObject');
    expect(policies).not.toContain('dynamodb:Scan');
  });
});

describe('jobs stack', () => {
  it('runs the missed-inspection job hourly from EventBridge Scheduler, with retries and a dead-letter queue', () => {
    const jobs = stack('Jobs');
    jobs.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(1 hour)',
      State: 'ENABLED',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: Match.objectLike({
        Arn: Match.anyValue(),
        RoleArn: Match.anyValue(),
        RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 },
        DeadLetterConfig: { Arn: Match.anyValue() },
      }),
    });
    jobs.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Description: 'Missed inspections recorded hourly',
      Timeout: 300,
    });
    // The rainfall job (docs/decisions/0047): hourly like the others, reading the table and the weather provider.
    jobs.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Rainfall at the sites read hourly, post-storm dues recorded',
      Timeout: 300,
    });
    expect(
      Object.values(jobs.findResources('AWS::Scheduler::Schedule')).some((s) =>
        String((s as { Properties: { Description?: string } }).Properties.Description).includes('(0047)'),
      ),
    ).toBe(true);
    jobs.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true });
    // The scheduler may invoke the job and nothing else; the job reads and writes the table, no Scan.
    const policies = JSON.stringify(jobs.findResources('AWS::IAM::Policy'));
    expect(policies).toContain('lambda:InvokeFunction');
    expect(policies).toContain('dynamodb:PutItem');
    expect(policies).not.toContain('dynamodb:Scan');
    expect(policies).not.toContain('secretsmanager:');
  });
});
