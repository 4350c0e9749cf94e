import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { ConversionStateMachine } from '../constructs/conversion-state-machine';
import { ReportStateMachine } from '../constructs/report-state-machine';
import { StormlineFunction } from '../constructs/stormline-function';
import { JOB_HANDLERS } from '../handler-bundles';
import { acknowledgeFindings } from '../nag';

export interface JobsStackProps extends StackProps {
  table: ITable;
  bundles: ReadonlyMap<string, string>;
  environment: Record<string, string>;
  uploads: IBucket;
  manageConnections: iam.IManagedPolicy;
  websocketCallbackUrl: string;
  conversionStateMachineName: string;
  reportStateMachineName: string;
}

/**
 * The scheduled jobs (docs/decisions/0021): EventBridge Scheduler invokes each job's Lambda at its
 * rate, as the local runtime's timers do on one machine. The missed-inspection job runs hourly,
 * since each time zone's day ends at a different hour; a run records each missed due date once,
 * so a retry or an overlapping run records nothing twice. An invocation that fails every retry
 * is kept in a dead-letter queue for a look; the next hour's run catches up what it missed.
 */
export class JobsStack extends Stack {
  readonly missedInspections: StormlineFunction;
  /** Sends e-mail once the site's address is known (app.ts binds it after the web stack). */
  readonly summaryEmails: StormlineFunction;
  /** The site-map conversion (docs/decisions/0038). */
  readonly conversion: ConversionStateMachine;
  /** Printing (docs/decisions/0042). */
  readonly report: ReportStateMachine;
  private readonly failed: sqs.Queue;
  private readonly invoker: iam.Role;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    this.failed = new sqs.Queue(this, 'JobFailures', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.failed).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the dead-letter destination of the job schedules.',
    });
    // The schedules' own role, assumable by EventBridge Scheduler for this account only.
    this.invoker = new iam.Role(this, 'SchedulerInvoker', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
      description: 'Lets EventBridge Scheduler invoke the scheduled jobs',
    });
    this.missedInspections = this.hourlyJob(props, {
      id: 'MissedInspections',
      bundle: JOB_HANDLERS.missedInspections,
      description: 'Missed inspections recorded hourly',
      schedule: 'Records the due dates that passed without a routine inspection (docs/decisions/0021)',
    });
    this.hourlyJob(props, {
      id: 'LateFindings',
      bundle: JOB_HANDLERS.lateFindings,
      description: 'Findings open past 7 days recorded hourly',
      schedule: 'Records the findings gone past 7 days, once each, for Findings Past Due (0022)',
    });
    this.hourlyJob(props, {
      id: 'InspectionsDue',
      bundle: JOB_HANDLERS.inspectionsDue,
      description: 'Routine inspections due today recorded hourly',
      schedule: 'Records the projects due today in their zone, once per date, for Inspection Due (0022)',
    });
    this.summaryEmails = this.hourlyJob(props, {
      id: 'SummaryEmails',
      bundle: JOB_HANDLERS.summaryEmails,
      description: 'Summary e-mails at each user’s frequency',
      schedule: 'Sends each user the summary of the period just ended, once (issue 11)',
    });
    // Reads Open-Meteo over the internet (outside any VPC, as every job Lambda) and the table.
    this.hourlyJob(props, {
      id: 'Rainfall',
      bundle: JOB_HANDLERS.rainfall,
      description: 'Rainfall at the sites read hourly, post-storm dues recorded',
      schedule: 'Reads each grid cell’s hourly rain once and records post-storm inspection dues (0047)',
    });
    this.conversion = new ConversionStateMachine(this, 'SiteMapConversion', {
      stateMachineName: props.conversionStateMachineName,
      table: props.table,
      uploads: props.uploads,
      bundles: props.bundles,
      environment: props.environment,
      manageConnections: props.manageConnections,
      websocketCallbackUrl: props.websocketCallbackUrl,
    });
    this.report = new ReportStateMachine(this, 'ReportPrinting', {
      stateMachineName: props.reportStateMachineName,
      table: props.table,
      uploads: props.uploads,
      bundles: props.bundles,
      environment: props.environment,
      manageConnections: props.manageConnections,
      websocketCallbackUrl: props.websocketCallbackUrl,
    });
  }

  /** A job's Lambda and its hourly schedule, retried, with the dead-letter queue. */
  private hourlyJob(
    props: JobsStackProps,
    job: { id: string; bundle: string; description: string; schedule: string },
  ): StormlineFunction {
    const fn = new StormlineFunction(this, job.id, {
      bundleDir: props.bundles.get(job.bundle)!,
      description: job.description,
      environment: props.environment,
      timeout: Duration.minutes(5),
    }).bindTable(props.table, 'readwrite');
    acknowledgeFindings(this.invoker, {
      rule: 'AwsSolutions-IAM5',
      finding: new RegExp(`^Resource::<${job.id}[0-9A-F]+\\.Arn>:\\*$`),
      reason:
        'Invoking a function is granted on its versions and aliases too (its ARN:*): one function per statement.',
    });
    new Schedule(this, `${job.id}Hourly`, {
      description: job.schedule,
      schedule: ScheduleExpression.rate(Duration.hours(1)),
      target: new LambdaInvoke(fn, {
        role: this.invoker,
        retryAttempts: 2,
        maxEventAge: Duration.hours(1),
        deadLetterQueue: this.failed,
      }),
    });
    return fn;
  }
}
