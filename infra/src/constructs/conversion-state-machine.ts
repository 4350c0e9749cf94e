import { readFileSync } from 'node:fs';
import { ArnFormat, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { CONVERSION_DEFINITION_FILE, conversionTasks } from '../handler-bundles';
import { acknowledgeFindings } from '../nag';
import { StormlineFunction } from './stormline-function';

export interface ConversionStateMachineProps {
  /** Fixed, so the routes and the WebSocket API can name its ARN without a cross-stack reference. */
  stateMachineName: string;
  table: ITable;
  uploads: IBucket;
  bundles: ReadonlyMap<string, string>;
  environment: Record<string, string>;
  /** Posting progress to the status:convert:pdf:png channels. */
  manageConnections: iam.IManagedPolicy;
  websocketCallbackUrl: string;
}

/** Enough to render a 4000 px page with mupdf (its WebAssembly heap plus the pixmap and PNG). */
const RENDER_MEMORY_MB = 2048;
const TASK_MEMORY_MB = 1024;

/** The state machine's ARN from its fixed name: no cross-stack reference for those that start it. */
export function conversionStateMachineArn(scope: Construct, stateMachineName: string): string {
  return Stack.of(scope).formatArn({
    service: 'states',
    resource: 'stateMachine',
    resourceName: stateMachineName,
    arnFormat: ArnFormat.COLON_RESOURCE_NAME,
  });
}

/**
 * The site-map conversion (docs/decisions/0038): the ASL file the local runtime also runs
 * (functions/src/jobs/convert/state-machine.asl.json), loaded as is, with each `${NameFunctionArn}`
 * substituted by the ARN of the Lambda that runs functions/src/jobs/convert/name.ts. Logged to its
 * own log group (every event, no execution data), traced with X-Ray.
 */

export class ConversionStateMachine extends Construct {
  readonly stateMachine: sfn.StateMachine;
  readonly tasks: Map<string, StormlineFunction> = new Map();

  constructor(scope: Construct, id: string, props: ConversionStateMachineProps) {
    super(scope, id);
    for (const task of conversionTasks()) {
      const construct = `${task.substitution.replace(/FunctionArn$/, '')}Task`;
      const render = task.module.endsWith('render-page');
      const fn = new StormlineFunction(this, construct, {
        bundleDir: props.bundles.get(task.module)!,
        description: `Site-map conversion: ${task.state}`,
        environment: { ...props.environment, WEBSOCKET_CALLBACK_URL: props.websocketCallbackUrl },
        memorySize: render ? RENDER_MEMORY_MB : TASK_MEMORY_MB,
        timeout: Duration.minutes(render ? 2 : 1),
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
      // Inline (fromString), so the template carries the very file, not an S3 asset of it.
      definitionBody: sfn.DefinitionBody.fromString(readFileSync(CONVERSION_DEFINITION_FILE, 'utf8')),
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
