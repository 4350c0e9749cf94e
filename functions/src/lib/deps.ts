import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createDb } from '@stormline/data/dynamo';
import type { Db } from '@stormline/data/dynamo';
import { optionalEnv, requireEnv } from './env';

/** What handlers reach the outside world through, built once per Lambda container. */
export interface Deps {
  db: Db;
  jwtSecret: string;
  region: 'US' | 'UK';
  now: () => Date;
}

let deps: Promise<Deps> | undefined;

/**
 * The token signing secret: in the cloud read once from Secrets Manager (JWT_SECRET_ARN), so it
 * never sits in the function's configuration; on one machine given directly (JWT_SECRET).
 */
async function loadJwtSecret(): Promise<string> {
  const direct = optionalEnv('JWT_SECRET');
  if (direct) return direct;
  const client = new SecretsManagerClient({ region: optionalEnv('AWS_REGION') });
  const { SecretString } = await client.send(
    new GetSecretValueCommand({ SecretId: requireEnv('JWT_SECRET_ARN') }),
  );
  client.destroy();
  if (!SecretString) throw new Error('The JWT signing secret is empty');
  return SecretString;
}

async function buildDeps(): Promise<Deps> {
  return {
    db: createDb({
      tableName: requireEnv('TABLE_NAME'),
      endpoint: optionalEnv('DYNAMODB_ENDPOINT'),
      region: optionalEnv('AWS_REGION'),
    }),
    jwtSecret: await loadJwtSecret(),
    region: optionalEnv('REGION_VARIANT') === 'US' ? 'US' : 'UK',
    now: () => new Date(),
  };
}

export function getDeps(): Promise<Deps> {
  deps ??= buildDeps().catch((error: unknown) => {
    // A failed start (a throttled secret read) must not stick to the container forever.
    deps = undefined;
    throw error;
  });
  return deps;
}

/** Tests and the local runtime rebuild the dependencies after changing the environment. */
export function resetDeps(): void {
  deps = undefined;
}
