import { CfnOutput, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/**
 * The HTTP API and its stage. Its routes live in the route stacks (one Lambda per contract
 * route would not fit the 500 resources of one stack).
 */
export class ApiStack extends Stack {
  readonly httpApi: apigw.HttpApi;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: 'Stormline inspection management API',
      createDefaultStage: false,
    });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 500, burstLimit: 1000 },
      accessLogSettings: { destination: new apigw.LogGroupLogDestination(accessLogs) },
    });
    new CfnOutput(this, 'ApiUrl', {
      description: 'The HTTP API (the site reaches it on the same origin under /api)',
      value: this.httpApi.apiEndpoint,
    });
  }

  /** The execute-api host name, for CloudFront's origin. */
  get apiDomain(): string {
    return `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
  }
}

export const API_TIMEOUT = Duration.seconds(29);
