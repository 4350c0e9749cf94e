import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { TableAccess } from '@stormline/contract/route';
import { CACHE_PARTITION_PREFIX, INDEXES } from '@stormline/data/table';
import { acknowledgeFindings } from '../nag';

const TABLE_READ = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
];
const TABLE_WRITE = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

export interface StormlineFunctionProps {
  /** The folder of the handler's bundle (index.mjs exporting `handler`). */
  bundleDir: string;
  description: string;
  environment?: Record<string, string>;
  timeout?: Duration;
  memorySize?: number;
  /** arm64 unless a binary it carries exists only for x86_64 (the report render task's Chromium). */
  architecture?: lambda.Architecture;
}

/**
 * Every Lambda of the product, with the defaults in one place: Node 24 on arm64, a minified
 * esbuild bundle with source maps, X-Ray tracing, JSON logs in its own log group kept a month,
 * and a role of its own that starts with nothing but that log group. Access is added with the
 * bind methods, which grant and set the matching setting together so the two cannot drift.
 */
export class StormlineFunction extends lambda.Function {
  constructor(scope: Construct, id: string, props: StormlineFunctionProps) {
    const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const role = new iam.Role(scope, `${id}Role`, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${props.description}`,
    });
    super(scope, id, {
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: props.architecture ?? lambda.Architecture.ARM_64,
      handler: 'index.handler',
      code: lambda.Code.fromAsset(props.bundleDir),
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(15),
      tracing: lambda.Tracing.ACTIVE,
      loggingFormat: lambda.LoggingFormat.JSON,
      logGroup,
      role,
      description: props.description,
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
    });
    logGroup.grantWrite(role);
    acknowledgeFindings(role, {
      rule: 'AwsSolutions-IAM5',
      finding: /^Resource::\*$/,
      reason: 'X-Ray tracing (xray:PutTraceSegments) has no resource-level permissions.',
    });
  }

  /**
   * Item reads on the table and its named indexes; writes on the table too for 'readwrite', or
   * only PutItem of its cache's partitions for a read that keeps a cache. No Scan.
   */
  bindTable(table: ITable, access: TableAccess): this {
    const indexes = Object.values(INDEXES).map((index) => `${table.tableArn}/index/${index.indexName}`);
    this.addToRolePolicy(
      new iam.PolicyStatement({ actions: TABLE_READ, resources: [table.tableArn, ...indexes] }),
    );
    if (access === 'readwrite') {
      this.addToRolePolicy(new iam.PolicyStatement({ actions: TABLE_WRITE, resources: [table.tableArn] }));
    } else if (access !== 'read') {
      this.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['dynamodb:PutItem'],
          resources: [table.tableArn],
          conditions: {
            'ForAllValues:StringLike': {
              'dynamodb:LeadingKeys': [`${CACHE_PARTITION_PREFIX[access.cache]}*`],
            },
          },
        }),
      );
    }
    this.addEnvironment('TABLE_NAME', table.tableName);
    return this;
  }

  /** Objects of the uploads bucket: read, or read, write and delete (presigned URLs act with these rights). */
  bindBucket(bucket: IBucket, access: 'read' | 'write'): this {
    const actions =
      access === 'read' ? ['s3:GetObject'] : ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'];
    this.addToRolePolicy(new iam.PolicyStatement({ actions, resources: [bucket.arnForObjects('*')] }));
    acknowledgeFindings(this.role!, {
      rule: 'AwsSolutions-IAM5',
      finding: /^Resource::.*Uploads.*\/\*$/,
      reason:
        'Upload object keys are made per file at run time; access is limited to the one uploads bucket.',
    });
    this.addEnvironment('BUCKET_NAME', bucket.bucketName);
    return this;
  }

  /**
   * SES SendEmail from one sender only (the address, or its domain when the domain is the
   * verified identity), with the sender and the site's URL the e-mails link to.
   */
  bindMailSender(from: string, siteUrl: string): this {
    const identities = [from, from.slice(from.indexOf('@') + 1)].map((identity) =>
      Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: identity }),
    );
    this.addToRolePolicy(new iam.PolicyStatement({ actions: ['ses:SendEmail'], resources: identities }));
    this.addEnvironment('MAIL_FROM', from);
    this.addEnvironment('SITE_URL', siteUrl);
    return this;
  }

  /**
   * StartExecution on the site-map conversion state machine (docs/decisions/0038), named by its
   * fixed name so no stack needs a reference to the one that defines it.
   */
  bindConversionStarter(stateMachineArn: string): this {
    this.addToRolePolicy(
      new iam.PolicyStatement({ actions: ['states:StartExecution'], resources: [stateMachineArn] }),
    );
    this.addEnvironment('CONVERSION_STATE_MACHINE_ARN', stateMachineArn);
    return this;
  }

  /** StartExecution on the report (printing) state machine (docs/decisions/0042), by its fixed name. */
  bindReportStarter(stateMachineArn: string): this {
    this.addToRolePolicy(
      new iam.PolicyStatement({ actions: ['states:StartExecution'], resources: [stateMachineArn] }),
    );
    this.addEnvironment('REPORT_STATE_MACHINE_ARN', stateMachineArn);
    return this;
  }

  bindJwtSecret(secret: ISecret): this {
    secret.grantRead(this);
    this.addEnvironment('JWT_SECRET_ARN', secret.secretArn);
    return this;
  }
}
