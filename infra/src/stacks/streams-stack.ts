import { Duration, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Validations } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { StormlineFunction } from '../constructs/stormline-function';
import { STREAM_HANDLERS } from '../handler-bundles';

export interface StreamsStackProps extends StackProps {
  table: ITable;
  /** The uploads bucket: the print copies handler reads photos there and writes their copies. */
  uploads: IBucket;
  bundles: ReadonlyMap<string, string>;
  environment: Record<string, string>;
  /** Posting to the WebSocket API's connections (the live bell), and its callback URL. */
  manageConnections: iam.IManagedPolicy;
  websocketCallbackUrl: string;
}

/** The item kinds whose changes raise notifications (notificationEventsOf in packages/domain). */
export const NOTIFYING_TYPES = [
  'Inspection',
  'Project',
  'MissedInspection',
  'LateFinding',
  'InspectionDue',
  'User',
];

/**
 * The item kinds the statistics count (docs/decisions/0019; statisticsSourceOf in
 * packages/data/src/statistics.ts): only their changes reach the handler.
 */
export const COUNTED_TYPES = ['Inspection', 'Finding', 'FindingInInspection', 'MissedInspection'];

/** The item kind whose insertions and removals make and remove print copies (printCopyWorkOf). */
export const PRINTED_PHOTO_TYPE = 'FindingImage';

/**
 * The table's stream handlers: the statistics the dashboard and the compliance report read
 * (docs/decisions/0019). Batches are retried and halved on failure; the handler reports the
 * record it stopped at, and its ledger makes a second delivery change nothing. What fails every
 * retry is kept in a dead-letter queue for a look (the statistics rebuild repairs what it missed).
 */
export class StreamsStack extends Stack {
  readonly statistics: StormlineFunction;
  /** Sends e-mail once the site's address is known (app.ts binds it after the web stack). */
  readonly notifications: StormlineFunction;
  readonly printCopies: StormlineFunction;

  constructor(scope: Construct, id: string, props: StreamsStackProps) {
    super(scope, id, props);
    const failed = new sqs.Queue(this, 'StatisticsFailures', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(failed).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the dead-letter destination of the stream handler.',
    });
    this.statistics = new StormlineFunction(this, 'Statistics', {
      bundleDir: props.bundles.get(STREAM_HANDLERS.statistics)!,
      description: 'Statistics kept from the table stream',
      environment: props.environment,
      timeout: Duration.seconds(60),
    }).bindTable(props.table, 'readwrite');
    const ofCountedType = (image: 'NewImage' | 'OldImage') =>
      lambda.FilterCriteria.filter({
        dynamodb: { [image]: { type: { S: lambda.FilterRule.or(...COUNTED_TYPES) } } },
      });
    this.statistics.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        maxBatchingWindow: Duration.seconds(1),
        bisectBatchOnError: true,
        retryAttempts: 10,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(failed),
        filters: [ofCountedType('NewImage'), ofCountedType('OldImage')],
      }),
    );
    this.notifications = this.notificationsHandler(props);
    this.printCopies = this.printCopiesHandler(props);
  }

  /**
   * Finding photos' print copies (docs/decisions/0045): each photo stored is decoded and resized
   * once, off the request path, by sharp (its arm64 build installed beside the bundle). From
   * TRIM_HORIZON so a deployment's first run also copies the last day's photos; a copy already
   * recorded is not made again. Small batches: about a third of a second a 12-megapixel photo.
   * Memory: the bench's peak for one photo at a time is well under 300 MB; 1024 MB buys the CPU.
   */
  private printCopiesHandler(props: StreamsStackProps): StormlineFunction {
    const failed = new sqs.Queue(this, 'PrintCopyFailures', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(failed).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the dead-letter destination of the print copies handler.',
    });
    const fn = new StormlineFunction(this, 'PrintCopies', {
      bundleDir: props.bundles.get(STREAM_HANDLERS.printCopies)!,
      description: 'Print copies of finding photos made from the table stream',
      environment: props.environment,
      timeout: Duration.seconds(120),
      memorySize: 1024,
    })
      .bindTable(props.table, 'readwrite')
      .bindBucket(props.uploads, 'write');
    const ofPhoto = (image: 'NewImage' | 'OldImage') =>
      lambda.FilterCriteria.filter({
        eventName: lambda.FilterRule.isEqual(image === 'NewImage' ? 'INSERT' : 'REMOVE'),
        dynamodb: { [image]: { type: { S: lambda.FilterRule.isEqual(PRINTED_PHOTO_TYPE) } } },
      });
    fn.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: 10,
        maxBatchingWindow: Duration.seconds(1),
        bisectBatchOnError: true,
        retryAttempts: 5,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(failed),
        filters: [ofPhoto('NewImage'), ofPhoto('OldImage')],
      }),
    );
    return fn;
  }

  /**
   * Notifications raised by changes (issue 11): from LATEST, as they concern what happens from
   * now on; the handler delivers each event to a person once (notifyOnce), so a retried batch
   * sends nothing twice.
   */
  private notificationsHandler(props: StreamsStackProps): StormlineFunction {
    const failed = new sqs.Queue(this, 'NotificationFailures', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(failed).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the dead-letter destination of the notifications handler.',
    });
    const fn = new StormlineFunction(this, 'Notifications', {
      bundleDir: props.bundles.get(STREAM_HANDLERS.notifications)!,
      description: 'Notifications raised from the table stream',
      environment: { ...props.environment, WEBSOCKET_CALLBACK_URL: props.websocketCallbackUrl },
      timeout: Duration.seconds(60),
    }).bindTable(props.table, 'readwrite');
    fn.role?.addManagedPolicy(props.manageConnections);
    // SMS goes to phone numbers, which have no ARN: SNS Publish names no resource for them.
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['sns:Publish'], resources: ['*'] }));
    Validations.of(fn).acknowledge({
      id: 'AwsSolutions-IAM5',
      reason:
        'SNS Publish to a phone number has no resource to name; the role holds sns:Publish alone (no topic management, no subscriptions).',
    });
    const ofNotifyingType = lambda.FilterCriteria.filter({
      dynamodb: { NewImage: { type: { S: lambda.FilterRule.or(...NOTIFYING_TYPES) } } },
    });
    fn.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: lambda.StartingPosition.LATEST,
        batchSize: 50,
        maxBatchingWindow: Duration.seconds(1),
        bisectBatchOnError: true,
        retryAttempts: 5,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(failed),
        filters: [ofNotifyingType],
      }),
    );
    return fn;
  }
}
