import { readFileSync } from 'node:fs';
import { RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { acknowledgeFindings } from '../nag';
import { StormlineFunction, type StormlineFunctionProps } from './stormline-function';

/** What every job state machine is given (the site-map conversion, report printing). */
export interface JobStateMachineProps {
  /** Fixed, so those that start it can name its ARN without a cross-stack reference. */
  stateMachineName: string;
  table: ITable;
  uploads: IBucket;
  bundles: ReadonlyMap<string, string>;
  environment: Record<string, string>;
  /** Posting progress to the job's status channels. */
  manageConnections: iam.IManagedPolicy;
  websocketCallbackUrl: string;
}

/** A task of the ASL file: its `${NameFunctionArn}` placeholder, its module, and its state's name. */
export interface JobTask {
  substitution: string;
  module: string;
  state: string;
}

/**
 * One job state machine (docs/decisions/0038, 0042): its ASL file, the one the local runtime also
 * runs, loaded as is (inline, so the template carries the very file, not an S3 asset of it), each
 * `${NameFunctionArn}` substituted by the ARN of the Lambda that runs the task's module. Every task
 * reads and writes the table and the uploads bucket and posts to the job's channels. Logged to its
 * own log group (every event, no execution data: jobs hold personal data) and traced with X-Ray.
 */
export class JobStateMachine extends Construct {
  readonly stateMachine: sfn.StateMachine;
  /** The task Lambdas by their placeholder. */
  readonly tasks: Map<string, StormlineFunction> = new Map();

  constructor(
    scope: Construct,
    id: string,
    props: JobStateMachineProps & {
      definitionFile: string;
      jobTasks: readonly JobTask[];
      /** A task's Lambda: its description and size (memory, timeout, architecture). */
      lambdaOf: (task: JobTask) => Omit<StormlineFunctionProps, 'bundleDir' | 'environment'>;
    },
  ) {
    super(scope, id);
    for (const task of props.jobTasks) {
      const construct = `${task.substitution.replace(/FunctionArn$/, '')}Task`;
      const fn = new StormlineFunction(this, construct, {
        ...props.lambdaOf(task),
        bundleDir: props.bundles.get(task.module)!,
        environment: { ...props.environment, WEBSOCKET_CALLBACK_URL: props.websocketCallbackUrl },
      })
        .bindTable(props.table, 'readwrite')
        .bindBucket(props.uploads, 'write');
      fn.role!.addManagedPolicy(props.manageConnections);
      this.tasks.set(task.substitution, fn);
    }
    const logGroup = new logs.LogGroup(this, 'Logs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stateMachine = new sfn.StateMachine(this, 'StateMachine', {
      stateMachineName: props.stateMachineName,
      definitionBody: sfn.DefinitionBody.fromString(readFileSync(props.definitionFile, 'utf8')),
      definitionSubstitutions: Object.fromEntries(
        [...this.tasks].map(([substitution, fn]) => [substitution, fn.functionArn]),
      ),
      logs: { destination: logGroup, level: sfn.LogLevel.ALL, includeExecutionData: false },
      tracingEnabled: true,
    });
    for (const fn of this.tasks.values()) fn.grantInvoke(this.stateMachine);
    acknowledgeFindings(this.stateMachine.role, {
      rule: 'AwsSolutions-IAM5',
      finding: /^Resource::(<.*Task[0-9A-F]+\.Arn>:\*|\*)$/,
      reason:
        'Invoking a task function is granted on its versions too (its ARN:*); X-Ray and log delivery have no resource-level permissions.',
    });
  }
}
