import { CfnOutput, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import {
  type BrowserOrigins,
  contentSecurityPolicy,
  FRAME_OPTIONS,
  HSTS,
  REFERRER_POLICY,
} from '@stormline/contract/security-headers';
import type { WebConfig } from '@stormline/contract/web-config';
import { acknowledgeFindings } from '../nag';

export interface WebStackProps extends StackProps {
  /** Host name of the HTTP API (its execute-api domain). */
  apiDomain: string;
  /** The value CloudFront sends the API as `x-origin-verify` (a deploy-time dynamic reference). */
  originVerifyValue: string;
  accessLogs: s3.IBucket;
  /** The built SPA (web/dist). */
  webDist: string;
  webConfig: WebConfig;
  /** Paths outside /api that are API routes in the contract (/customdashboard, /calendar, /dl...). */
  apiPathPatterns: readonly string[];
  /** The WebSocket API's and the uploads bucket's origins, the only others the SPA may talk to. */
  browserOrigins: BrowserOrigins;
}

/**
 * Client-side routes (no file extension in the last segment) get index.html, as the SPA's router
 * expects. Done per request on the site behaviour only, so the API's own 403 and 404 answers are
 * never replaced by the page, as CloudFront's error responses would do distribution-wide.
 */
const SPA_FALLBACK = `function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/** The header CloudFront adds to every API request (functions/src/lib/viewer-address.ts reads it). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** Forwarded to the API besides the cache key's Authorization and divisionId. */
export const API_ORIGIN_HEADERS = [
  'Accept',
  'Accept-Language',
  'Content-Type',
  'Origin',
  'Referer',
  'User-Agent',
  'CloudFront-Viewer-Address',
] as const;

/** The SPA in a private bucket behind CloudFront, with the API on the same origin. */
export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const site = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'site/',
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: false,
    });

    // The values live in the contract, where the local gateway reads them too.
    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS.maxAgeSeconds),
          includeSubdomains: HSTS.includeSubdomains,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: FRAME_OPTIONS as cloudfront.HeadersFrameOption, override: true },
        referrerPolicy: {
          referrerPolicy: REFERRER_POLICY as cloudfront.HeadersReferrerPolicy,
          override: true,
        },
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy(props.browserOrigins),
          override: true,
        },
      },
    });

    // The origin secret tells the API a request came through CloudFront, so the
    // CloudFront-Viewer-Address it carries is the viewer's (CloudFront replaces any
    // x-origin-verify a viewer sends). Called directly, the API uses the caller's own address.
    const api = new origins.HttpOrigin(props.apiDomain, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerifyValue },
    });
    // The viewer headers the API reads, and CloudFront-Viewer-Address (the viewer's IP and port;
    // the sign-in throttle counts by it, since sourceIp is a CloudFront edge shared by many
    // viewers). Named one by one: all viewer headers would send the viewer's Host, which API
    // Gateway refuses, and allExcept(Host), like the managed AllViewerExceptHostHeader, adds no
    // CloudFront header it does not list. Authorization and divisionId come with the cache policy.
    const apiOriginRequest = new cloudfront.OriginRequestPolicy(this, 'ApiOriginRequest', {
      comment: 'Stormline API: the viewer headers it reads and the viewer address',
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(...API_ORIGIN_HEADERS),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
    });
    // CloudFront forwards Authorization on GET only when it is part of the cache key, and a
    // policy with every TTL at 0 may have no key: hence a 1-second ceiling. The API answers
    // `cache-control: no-store`, so nothing is kept.
    const apiCachePolicy = new cloudfront.CachePolicy(this, 'ApiPassThrough', {
      comment: 'Stormline API: forward the bearer token, cache nothing',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(1),
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList('Authorization', 'divisionId'),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
    });
    const apiBehavior: cloudfront.BehaviorOptions = {
      origin: api,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: apiCachePolicy,
      originRequestPolicy: apiOriginRequest,
      responseHeadersPolicy: securityHeaders,
    };

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Stormline web app and API',
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(site),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [
          {
            eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
            function: new cloudfront.Function(this, 'SpaFallback', {
              code: cloudfront.FunctionCode.fromInline(SPA_FALLBACK),
              runtime: cloudfront.FunctionRuntime.JS_2_0,
            }),
          },
        ],
      },
      additionalBehaviors: Object.fromEntries(
        ['/api/*', ...props.apiPathPatterns].map((p) => [p, apiBehavior]),
      ),
    });

    new CfnOutput(this, 'SiteUrl', {
      description: 'Where users open the product',
      value: `https://${this.distribution.distributionDomainName}`,
    });

    new s3deploy.BucketDeployment(this, 'DeploySite', {
      destinationBucket: site,
      sources: [
        s3deploy.Source.asset(props.webDist),
        s3deploy.Source.jsonData('config.json', props.webConfig),
      ],
      distribution: this.distribution,
      distributionPaths: ['/index.html', '/config.json'],
      memoryLimit: 512,
    });

    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'Inspectors, clients and regulators work from any country; no geo restriction.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'A WAF web ACL for CloudFront must live in us-east-1 and is priced per rule; the API throttles at the stage and locks repeated failed sign-ins. Attach one per account policy (docs/operations.md).',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'The default cloudfront.net certificate cannot pin TLS 1.2; with a custom domain and ACM certificate the policy TLSv1.2_2021 applies (docs/operations.md).',
      },
    );
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason: "BucketDeployment's custom-resource runtime is chosen by aws-cdk-lib, not by this app.",
    });
    acknowledgeFindings(
      this,
      {
        rule: 'AwsSolutions-IAM4',
        finding: /AWSLambdaBasicExecutionRole$/,
        reason: "CDK's BucketDeployment custom resource uses AWSLambdaBasicExecutionRole for its own logs.",
      },
      {
        rule: 'AwsSolutions-IAM5',
        finding: /^Resource::\*$/,
        reason:
          "BucketDeployment invalidates the distribution's cache; CloudFront invalidation takes no narrower resource.",
      },
      {
        rule: 'AwsSolutions-IAM5',
        finding: /^Action::s3:(GetObject|GetBucket|List|DeleteObject|Abort)\*$/,
        reason:
          "BucketDeployment's role copies the built site from the CDK asset bucket into the site bucket.",
      },
      {
        rule: 'AwsSolutions-IAM5',
        finding: /^Resource::(.*cdk-[a-z0-9]+-assets-.*|<Site[A-Z0-9]+\.Arn>)\/\*$/,
        reason: "BucketDeployment reads the CDK asset bucket's objects and writes the site bucket's objects.",
      },
    );
  }
}
