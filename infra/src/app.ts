import path from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import type { Environment } from 'aws-cdk-lib';
import type { Route } from '@stormline/contract/route';
import { ROUTES } from '@stormline/contract/route-table';
import { readConfig } from './config';
import { StormlineNagChecks } from './nag';
import { appHandlerModules, bundleHandlers, prebuiltBundles, REPO_ROOT } from './handler-bundles';
import { ApiStack } from './stacks/api-stack';
import { DataStack } from './stacks/data-stack';
import { JobsStack } from './stacks/jobs-stack';
import { MonitoringStack } from './stacks/monitoring-stack';
import { RealtimeStack } from './stacks/realtime-stack';
import { RouteStack } from './stacks/route-stack';
import { StreamsStack } from './stacks/streams-stack';
import { WebStack } from './stacks/web-stack';

export interface StormlineAppOptions {
  /** The contract's routes; tests pass extra ones to show they need no edit here. */
  routes?: readonly Route[];
  /** CDK context (as `-c key=value` would set). */
  context?: Record<string, string>;
  outdir?: string;
  /** Where the handler bundles are written (default .build/lambda). */
  bundleDir?: string;
  /** Bundles already written by `bundleHandlers` (every module the app needs): used, not rebuilt. */
  prebuiltBundleDir?: string;
  webDist?: string;
  env?: Environment;
}

export interface StormlineApp {
  app: App;
  data: DataStack;
  realtime: RealtimeStack;
  streams: StreamsStack;
  jobs: JobsStack;
  api: ApiStack;
  routeStacks: RouteStack[];
  web: WebStack;
  monitoring: MonitoringStack;
}

/** "legend-items" -> "LegendItems" */
function pascal(area: string): string {
  return area
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/** Paths outside /api that are API routes (/customdashboard, /calendar/..., /dl/...), as CloudFront path patterns. */
export function apiPathPatterns(routes: readonly Route[]): string[] {
  const firstSegments = new Set(
    routes.filter((r) => !r.path.startsWith('/api/')).map((r) => r.path.split('/')[1]!),
  );
  return [...firstSegments].flatMap((segment) => [`/${segment}`, `/${segment}/*`]);
}

/**
 * The whole cloud deployment, generated from the route contract: data, realtime, the HTTP API,
 * one stack of Lambdas and routes per contract area (stable: a route never moves between stacks
 * when others are added), the web front and the alarms. cdk-nag's AwsSolutions pack checks it.
 */
/**
 * The stack that deploys an area's routes: the area's own, except for an area split off one that
 * was deployed before. A route moved to another stack would be created by one stack while the other
 * still holds its route key (API Gateway refuses the duplicate) or deleted before it is created
 * again (every signed-in page asks for the profile: an outage). So the profile routes stay in the
 * users stack they were first deployed in.
 */
const ROUTE_STACK_OF_AREA: Readonly<Record<string, string>> = { profile: 'users' };

export function routeStackOf(area: string): string {
  return ROUTE_STACK_OF_AREA[area] ?? area;
}

export function createStormlineApp(options: StormlineAppOptions = {}): StormlineApp {
  const routes = options.routes ?? ROUTES;
  const app = new App({
    outdir: options.outdir,
    context: {
      'cli-telemetry': false,
      // Lock in CloudFormation exports between the stacks (the current default), said explicitly.
      '@aws-cdk/core:defaultCrossStackReferences': 'strong',
      ...options.context,
    },
  });
  Validations.of(app).addPlugins(new StormlineNagChecks(app));
  const config = readConfig(app.node);
  const env = options.env ?? {
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: process.env.CDK_DEFAULT_REGION,
  };
  const name = (stack: string) => `${config.stackPrefix}-${stack}`;
  const conversionStateMachineName = `${config.stackPrefix}-site-map-conversion`;
  const reportStateMachineName = `${config.stackPrefix}-report-printing`;

  const modules = appHandlerModules(routes);
  const bundles = options.prebuiltBundleDir
    ? prebuiltBundles(modules, options.prebuiltBundleDir)
    : bundleHandlers(modules, options.bundleDir ?? path.join(REPO_ROOT, '.build', 'lambda')).dirs;
  const runtimeEnvironment: Record<string, string> = {
    REGION_VARIANT: config.regionVariant,
    ...(config.deployStamp ? { DEPLOY_STAMP: config.deployStamp } : {}),
  };

  const data = new DataStack(app, name('Data'), {
    env,
    uploadOrigins: ['https://*.cloudfront.net', ...config.extraUploadOrigins],
  });
  const realtime = new RealtimeStack(app, name('Realtime'), {
    env,
    table: data.table,
    jwtSecret: data.jwtSecret,
    bundles,
    environment: runtimeEnvironment,
    conversionStateMachineName,
    reportStateMachineName,
  });
  const api = new ApiStack(app, name('Api'), { env });
  const streams = new StreamsStack(app, name('Streams'), {
    env,
    table: data.table,
    uploads: data.uploads,
    bundles,
    environment: runtimeEnvironment,
    manageConnections: realtime.manageConnections,
    websocketCallbackUrl: realtime.callbackUrl,
  });
  const jobs = new JobsStack(app, name('Jobs'), {
    env,
    table: data.table,
    bundles,
    environment: runtimeEnvironment,
    uploads: data.uploads,
    manageConnections: realtime.manageConnections,
    websocketCallbackUrl: realtime.callbackUrl,
    conversionStateMachineName,
    reportStateMachineName,
  });

  const stacks = [...new Set(routes.map((r) => routeStackOf(r.area)))];
  const routeStacks = stacks.map(
    (stack) =>
      new RouteStack(app, name(`Routes-${pascal(stack)}`), {
        env,
        routes: routes.filter((r) => routeStackOf(r.area) === stack),
        httpApi: api.httpApi,
        table: data.table,
        uploads: data.uploads,
        jwtSecret: data.jwtSecret,
        manageConnections: realtime.manageConnections,
        bundles,
        conversionStateMachineName,
        environment: {
          ...runtimeEnvironment,
          WEBSOCKET_CALLBACK_URL: realtime.callbackUrl,
          // Lets the API trust CloudFront-Viewer-Address on requests that came through CloudFront.
          ORIGIN_VERIFY_SECRET: api.originVerifyValue,
        },
      }),
  );

  const web = new WebStack(app, name('Web'), {
    env,
    apiDomain: api.apiDomain,
    originVerifyValue: api.originVerifyValue,
    accessLogs: data.accessLogs,
    webDist: options.webDist ?? path.join(REPO_ROOT, 'web', 'dist'),
    apiPathPatterns: apiPathPatterns(routes),
    browserOrigins: {
      webSocket: realtime.webSocketOrigin,
      // Presigned URLs name the bucket's regional host (functions/src/lib/file-store.ts).
      storage: `https://${data.uploads.bucketRegionalDomainName}`,
      cms: config.userManualCmsUrl && new URL(config.userManualCmsUrl).origin,
    },
    webConfig: {
      apiBaseUrl: '/',
      websocketUrl: realtime.stage.url,
      documentTitle: 'Stormline Inspections',
      region: config.regionVariant,
      publicUser: config.publicUser,
      userManualCmsUrl: config.userManualCmsUrl,
      privacyPolicyUrl: config.privacyPolicyUrl,
    },
  });
  const siteUrl = config.siteUrl ?? `https://${web.distribution.distributionDomainName}`;
  for (const stack of routeStacks) stack.bindMailSender(config.mailFrom, siteUrl);
  streams.notifications.bindMailSender(config.mailFrom, siteUrl);
  jobs.summaryEmails.bindMailSender(config.mailFrom, siteUrl);
  const monitoring = new MonitoringStack(app, name('Monitoring'), {
    env,
    httpApi: api.httpApi,
    table: data.table,
    alarmEmail: config.alarmEmail,
  });

  return { app, data, realtime, streams, jobs, api, routeStacks, web, monitoring };
}
