import { Duration, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';

export interface MonitoringStackProps extends StackProps {
  httpApi: IHttpApi;
  table: ITable;
  alarmEmail?: string;
}

const FIVE_MINUTES = Duration.minutes(5);

/**
 * The alarms an operator is woken by: the API failing (5xx rate) or slow (p99), Lambdas erroring
 * or throttled, DynamoDB throttling. They notify one SNS topic.
 */
export class MonitoringStack extends Stack {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    this.topic = new sns.Topic(this, 'Alarms', {
      displayName: 'Stormline alarms',
      enforceSSL: true,
      masterKey: kms.Alias.fromAliasName(this, 'SnsKey', 'alias/aws/sns'),
    });
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));

    const requests = props.httpApi.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' });
    const serverErrors = props.httpApi.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' });
    this.alarm('Api5xxRate', {
      metric: new cloudwatch.MathExpression({
        expression: 'IF(requests > 0, 100 * errors / requests, 0)',
        usingMetrics: { requests, errors: serverErrors },
        period: FIVE_MINUTES,
        label: 'API 5xx rate (%)',
      }),
      threshold: 1,
      evaluationPeriods: 2,
      alarmDescription: 'More than 1% of API requests answered 5xx for 10 minutes.',
    });
    this.alarm('ApiLatencyP99', {
      metric: props.httpApi.metricLatency({ period: FIVE_MINUTES, statistic: 'p99' }),
      threshold: 3000,
      evaluationPeriods: 3,
      alarmDescription: 'The API p99 latency was above 3 s for 15 minutes.',
    });

    const lambdaMetric = (metricName: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/Lambda', metricName, statistic: 'Sum', period: FIVE_MINUTES });
    this.alarm('LambdaErrors', {
      metric: lambdaMetric('Errors'),
      threshold: 5,
      evaluationPeriods: 1,
      alarmDescription: 'Lambda functions of this account and region raised more than 5 errors in 5 minutes.',
    });
    this.alarm('LambdaThrottles', {
      metric: lambdaMetric('Throttles'),
      threshold: 0,
      evaluationPeriods: 1,
      alarmDescription: 'A Lambda invocation was throttled (concurrency limit reached).',
    });

    const tableMetric = (metricName: string) =>
      props.table.metric(metricName, { statistic: 'Sum', period: FIVE_MINUTES });
    this.alarm('DynamoDbThrottles', {
      metric: new cloudwatch.MathExpression({
        expression: 'reads + writes',
        usingMetrics: {
          reads: tableMetric('ReadThrottleEvents'),
          writes: tableMetric('WriteThrottleEvents'),
        },
        period: FIVE_MINUTES,
        label: 'DynamoDB throttle events',
      }),
      threshold: 0,
      evaluationPeriods: 1,
      alarmDescription: 'DynamoDB throttled reads or writes of the table.',
    });
  }

  private alarm(
    id: string,
    props: Omit<cloudwatch.AlarmProps, 'comparisonOperator' | 'treatMissingData'>,
  ): void {
    const alarm = new cloudwatch.Alarm(this, id, {
      ...props,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new actions.SnsAction(this.topic));
    this.alarms.push(alarm);
  }
}
