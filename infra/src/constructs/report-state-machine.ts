import { readFileSync } from 'node:fs';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { REPORT_DEFINITION_FILE, REPORT_RENDER_TASK, reportTasks } from '../handler-bundles';
import { acknowledgeFindings } from '../nag';
import { StormlineFunction } from './stormline-function';

export interface ReportStateMachineProps {
  /** Fixed, so the begin:{job} Lambda can name its ARN without a cross-stack reference. */
  stateMachineName: string;
  table: ITable;
  uploads: IBucket;
  bundles: ReadonlyMap<string, string>;
  environment: Record<string, string>;
  /** Posting progress to the status:report:{job}:{key} channels. */
  manageConnections: iam.IManagedPolicy;
  websocketCallbackUrl: string;
}

/**
 * Sized from the photo bench (bench/report-photos.ts, bench/report-photos-profile.ts; numbers in
 * docs/decisions/0042 "Measured"). A render Lambda prints one part: Chromium's processes peaked
 * at about 380 MB (PSS summed) for a part of 12 photos and 450 MB for 100 photos in one part, and
 * the task's own Node process holds the plan, the part's photos and its PDF (a few MB): well
 * under 1 GB. Printing is CPU-bound, and Lambda gives CPU by memory: 1769 MB is one full vCPU,
 * with twice the memory measured to spare. Merge put a 100-photo report (16 MB, 71 pages)
 * together in 1 to 2 s, its RSS 30 MB above where it began; its largest input is a SWMP's stored
 * appendices, which this bench does not measure, so it keeps 2048 MB. Plan read and built a
 * 100-finding inspection's parts in under 1 s; Record is one update: 1024 MB keeps Plan quick.
 * Timeouts (the ASL's TimeoutSeconds are the same): the slowest part measured took 5 s (100
 * photos in one part, a loaded machine), the merge 2 s; 3 and 5 minutes bound a stuck Chromium or
 * a large appendix, not the usual print.
 */
const RENDER_MEMORY_MB = 1769;
const MERGE_MEMORY_MB = 2048;
const TASK_MEMORY_MB = 1024;

/**
 * Printing (docs/decisions/0042): the ASL file the local runtime also runs
 * (functions/src/jobs/report/state-machine.asl.json), loaded as is, each `${NameFunctionArn}`
 * substituted by the ARN of the Lambda that runs functions/src/jobs/report/name.ts. The render
 * task is x86_64: @sparticuz/chromium's npm package carries only an x86_64 Chromium (arm64 comes
 * as a release download, which an offline build cannot fetch). Logged (every event, no execution
 * data: reports hold personal data) and traced.
 */
export class ReportStateMachine extends Construct {
  readonly stateMachine: sfn.StateMachine;
  readonly tasks: Map<string, StormlineFunction> = new Map();

  constructor(scope: Construct, id: string, props: ReportStateMachineProps) {
    super(scope, id);
    for (const task of reportTasks()) {
      const construct = `${task.substitution.replace(/FunctionArn$/, '')}Task`;
      const render = task.module === REPORT_RENDER_TASK;
      const merge = task.module.endsWith('/merge');
      const fn = new StormlineFunction(this, construct, {
        bundleDir: props.bundles.get(task.module)!,
        description: `Report printing: ${task.state}`,
        environment: { ...props.environment, WEBSOCKET_CALLBACK_URL: props.websocketCallbackUrl },
        memorySize: render ? RENDER_MEMORY_MB : merge ? MERGE_MEMORY_MB : TASK_MEMORY_MB,
        timeout: Duration.minutes(render ? 3 : merge ? 5 : 1),
        ...(render ? { architecture: lambda.Architecture.X86_64 } : {}),
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
      definitionBody: sfn.DefinitionBody.fromString(readFileSync(REPORT_DEFINITION_FILE, 'utf8')),
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
