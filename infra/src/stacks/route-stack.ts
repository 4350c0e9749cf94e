import { Stack, Validations } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type * as iam from 'aws-cdk-lib/aws-iam';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { Route } from '@stormline/contract/route';
import { tableAccessOf } from '@stormline/contract/route';
import { conversionStateMachineArn } from '../constructs/conversion-state-machine';
import { StormlineFunction } from '../constructs/stormline-function';
import { handlerModule } from '../handler-bundles';

export interface RouteStackProps extends StackProps {
  routes: readonly Route[];
  httpApi: apigw.IHttpApi;
  table: ITable;
  uploads: IBucket;
  jwtSecret: ISecret;
  /** The @connections management policy, attached to the routes marked `realtime`. */
  manageConnections: iam.IManagedPolicy;
  bundles: ReadonlyMap<string, string>;
  environment: Record<string, string>;
  /** The site-map conversion's fixed name, for the routes marked `startsConversion`. */
  conversionStateMachineName: string;
}

/** "GET /api/users/{id}" -> "GetApiUsersId": a stable construct id for a route. */
export function routeConstructId(route: Route): string {
  return route.key
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase())
    .join('');
}

/**
 * The route's path as API Gateway takes it: each parameter a whole segment named by its position
 * ("/api/download/{reportId}.pdf" -> "/api/download/{p3}"). Position names keep sibling routes
 * consistent ("/api/questions/{id}" and "/api/questions/{questionId}/config" disagree in the
 * spec), and handlers read parameters with the contract's own template, never these names.
 */
export function gatewayPath(path: string): string {
  return path
    .split('/')
    .map((segment, index) => (segment.includes('{') ? `{p${index}}` : segment))
    .join('/');
}

/**
 * One Lambda and one API route for each contract route given, generated from the table: adding a
 * route to the contract adds both here with no edit. Each function may read the table (every
 * route checks its caller), write it unless it is a GET, and reach the uploads bucket only if the
 * route declares it.
 */
export class RouteStack extends Stack {
  readonly functions: StormlineFunction[] = [];
  private readonly mailSenders: StormlineFunction[] = [];

  constructor(scope: Construct, id: string, props: RouteStackProps) {
    super(scope, id, props);
    for (const route of props.routes) {
      const name = routeConstructId(route);
      const fn = new StormlineFunction(this, name, {
        bundleDir: props.bundles.get(handlerModule(route))!,
        description: `${route.key}: ${route.summary}`.slice(0, 256),
        environment: props.environment,
      })
        .bindTable(props.table, tableAccessOf(route))
        .bindJwtSecret(props.jwtSecret);
      if (route.files) fn.bindBucket(props.uploads, route.files);
      if (route.realtime) fn.role!.addManagedPolicy(props.manageConnections);
      if (route.sendsMail) this.mailSenders.push(fn);
      if (route.startsConversion)
        fn.bindConversionStarter(conversionStateMachineArn(this, props.conversionStateMachineName));
      this.functions.push(fn);

      const method = apigw.HttpMethod[route.method];
      new apigw.HttpRoute(this, `${name}Route`, {
        httpApi: props.httpApi,
        routeKey: apigw.HttpRouteKey.with(gatewayPath(route.path), method),
        integration: new HttpLambdaIntegration(`${name}Integration`, fn),
      });
    }
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'Every route authenticates in its own handler middleware (JWT pinned to HS256, revocation, division and permission checks; docs/decisions/0005); anonymous sign-in routes must stay open.',
    });
  }

  /**
   * Lets the routes marked `sendsMail` send e-mail from `from`, linking to `siteUrl`. Called once
   * the web stack exists, since the site's address is its distribution's unless configured.
   */
  bindMailSender(from: string, siteUrl: string): void {
    for (const fn of this.mailSenders) fn.bindMailSender(from, siteUrl);
  }
}
