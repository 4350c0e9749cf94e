import { CfnOutput, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Validations } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '@stormline/data/table';

export interface DataStackProps extends StackProps {
  /** Origins allowed to PUT uploads with presigned URLs (the site's). */
  uploadOrigins: string[];
}

const string = dynamodb.AttributeType.STRING;

/**
 * What the product keeps: the single table (keys and indexes from the data layer's constants),
 * the uploads bucket, the bucket their access logs go to, and the token signing secret.
 */
export class DataStack extends Stack {
  readonly table: dynamodb.Table;
  readonly uploads: s3.Bucket;
  readonly accessLogs: s3.Bucket;
  readonly jwtSecret: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: string },
      sortKey: { name: TABLE_KEYS.sortKey, type: string },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      stream: dynamodb.StreamViewType.NEW_AND_OLD_IMAGES,
      timeToLiveAttribute: TTL_ATTRIBUTE,
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of Object.values(INDEXES)) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: string },
        ...(index.sortKey ? { sortKey: { name: index.sortKey, type: string } } : {}),
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    this.accessLogs = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront writes its standard logs with ACLs.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(365) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.accessLogs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging it into itself would loop.',
    });

    this.uploads = new s3.Bucket(this, 'Uploads', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'uploads/',
      cors: [
        {
          allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET],
          allowedOrigins: props.uploadOrigins,
          allowedHeaders: ['content-type', 'content-md5', 'x-amz-*'],
          exposedHeaders: ['etag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { noncurrentVersionExpiration: Duration.days(90) },
        // Uploads the browser sent but nobody recorded, and refused ones (docs/decisions/0015).
        {
          prefix: 'pending/',
          expiration: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(1),
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    new CfnOutput(this, 'TableName', {
      description: 'The single DynamoDB table',
      value: this.table.tableName,
    });
    new CfnOutput(this, 'UploadsBucketName', {
      description: 'Uploaded files',
      value: this.uploads.bucketName,
    });

    this.jwtSecret = new secretsmanager.Secret(this, 'JwtSigningSecret', {
      description: 'Signs the sign-in tokens (HS256) of the Stormline API',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    Validations.of(this.jwtSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating the token signing key signs every user out; it is rotated by hand in a maintenance window (docs/operations.md).',
    });
  }
}
