import { CfnOutput, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { conversionStateMachineArn } from '../constructs/conversion-state-machine';
import { StormlineFunction } from '../constructs/stormline-function';
import { SOCKET_MESSAGE_ROUTES } from '@stormline/contract/socket-routes';
import { reportStateMachineArn } from '../constructs/report-state-machine-arn';
import { socketRouteModules, WEBSOCKET_HANDLERS } from '../handler-bundles';
import { acknowledgeFindings } from '../nag';

export interface RealtimeStackProps extends StackProps {
  table: ITable;
  jwtSecret: ISecret;
  bundles: ReadonlyMap<string, string>;
  environment: Record<string, string>;
  /** The site-map conversion's fixed name: the convert:pdf:png action starts it. */
  conversionStateMachineName: string;
  /** The report state machine's fixed name: the begin:{job} actions start it (0042). */
  reportStateMachineName: string;
}

/**
 * The WebSocket API (printing progress, conversions, annotations, notifications): $connect checks
 * the token from the query, $default takes the browser's messages (channel subscriptions and
 * actions), $disconnect forgets the connection, and a managed policy lets the functions that push
 * messages post to @connections.
 */
export class RealtimeStack extends Stack {
  readonly stage: apigw.WebSocketStage;
  /** Post to and close connections: for the functions that push messages or end sessions. */
  readonly manageConnections: iam.ManagedPolicy;

  constructor(scope: Construct, id: string, props: RealtimeStackProps) {
    super(scope, id, props);
    const ids = { connect: 'Connect', disconnect: 'Disconnect', message: 'Message' } as const;
    const handler = (name: keyof typeof WEBSOCKET_HANDLERS, environment = props.environment) =>
      new StormlineFunction(this, ids[name], {
        bundleDir: props.bundles.get(WEBSOCKET_HANDLERS[name])!,
        description: `WebSocket ${name === 'message' ? '$default (subscribe, actions)' : `$${name}`}`,
        environment,
      })
        .bindTable(props.table, 'readwrite')
        .bindJwtSecret(props.jwtSecret);

    const api = new apigw.WebSocketApi(this, 'WebSocketApi', {
      description: 'Stormline realtime messages',
      connectRouteOptions: {
        integration: new WebSocketLambdaIntegration('ConnectIntegration', handler('connect')),
      },
      disconnectRouteOptions: {
        integration: new WebSocketLambdaIntegration('DisconnectIntegration', handler('disconnect')),
      },
    });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new apigw.WebSocketStage(this, 'LiveStage', {
      webSocketApi: api,
      stageName: 'live',
      autoDeploy: true,
      throttle: { rateLimit: 200, burstLimit: 400 },
      accessLogSettings: { destination: new apigw.LogGroupLogDestination(accessLogs) },
    });

    // Every message a browser sends (subscribe, unsubscribe, the registered actions) goes to one
    // handler, which replies through @connections.
    const message = handler('message', {
      ...props.environment,
      WEBSOCKET_CALLBACK_URL: this.stage.callbackUrl,
    });
    message.bindConversionStarter(conversionStateMachineArn(this, props.conversionStateMachineName));
    api.addRoute('$default', { integration: new WebSocketLambdaIntegration('MessageIntegration', message) });

    // The message routes with a module of their own (packages/contract socket-routes.ts): one
    // Lambda per module, carrying only its actions' code, and a route per key (the six begin:{job}
    // keys share the print Lambda).
    const routed: StormlineFunction[] = [];
    for (const { module, keys } of socketRouteModules()) {
      const first = SOCKET_MESSAGE_ROUTES[keys[0] as keyof typeof SOCKET_MESSAGE_ROUTES] as {
        summary: string;
        startsConversion?: boolean;
        startsReport?: boolean;
      };
      const id = module
        .split('/')
        .pop()!
        .split('-')
        .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
        .join('');
      const fn = new StormlineFunction(this, id, {
        bundleDir: props.bundles.get(module)!,
        description:
          `WebSocket ${keys.length > 1 ? `${keys.length} routes` : keys[0]}: ${first.summary}`.slice(0, 256),
        environment: { ...props.environment, WEBSOCKET_CALLBACK_URL: this.stage.callbackUrl },
      })
        .bindTable(props.table, 'readwrite')
        .bindJwtSecret(props.jwtSecret);
      if (first.startsConversion)
        fn.bindConversionStarter(conversionStateMachineArn(this, props.conversionStateMachineName));
      if (first.startsReport) fn.bindReportStarter(reportStateMachineArn(this, props.reportStateMachineName));
      const integration = new WebSocketLambdaIntegration(`${id}Integration`, fn);
      for (const key of keys) api.addRoute(key, { integration });
      routed.push(fn);
    }

    new CfnOutput(this, 'WebSocketUrl', { description: 'The WebSocket API', value: this.stage.url });

    this.manageConnections = new iam.ManagedPolicy(this, 'ManageConnections', {
      description: 'Post messages to and close the connections of the Stormline WebSocket API',
      statements: [
        new iam.PolicyStatement({
          actions: ['execute-api:ManageConnections'],
          resources: ['POST', 'DELETE'].map((method) =>
            this.formatArn({
              service: 'execute-api',
              resource: api.apiId,
              resourceName: `${this.stage.stageName}/${method}/@connections/*`,
            }),
          ),
        }),
      ],
    });
    for (const fn of [message, ...routed]) fn.role!.addManagedPolicy(this.manageConnections);
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        '$connect verifies the sign-in token (browsers cannot send headers on a WebSocket, so it comes in the query).',
    });
    acknowledgeFindings(this.manageConnections, {
      rule: 'AwsSolutions-IAM5',
      finding: /^Resource::.*\/@connections\/\*$/,
      reason:
        "Connection ids exist only at run time; the policy is limited to this API stage's @connections.",
    });
  }

  /** The origin the browser opens the WebSocket on (the stage URL without its path), for the CSP. */
  get webSocketOrigin(): string {
    return `wss://${this.stage.api.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
  }

  /** The management endpoint the pushing functions call (WEBSOCKET_CALLBACK_URL). */
  get callbackUrl(): string {
    return this.stage.callbackUrl;
  }
}
