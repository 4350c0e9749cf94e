import { createDb, cursorKeyFrom } from '@stormline/data/dynamo';
import type { Db } from '@stormline/data/dynamo';
import { optionalEnv, requireEnv } from './env';
import { readSecretString } from './secret';

/** What handlers reach the outside world through, built once per Lambda container. */
export interface Deps {
  db: Db;
  jwtSecret: string;
  region: 'US' | 'UK';
  now: () => Date;
}

let deps: Promise<Deps> | undefined;

/** The deployment's region (REGION_VARIANT): US, or UK, the spec's default (001 §1). */
export function deploymentRegion(): 'US' | 'UK' {
  return optionalEnv('REGION_VARIANT') === 'US' ? 'US' : 'UK';
}

/**
 * The token signing secret: in the cloud read once from Secrets Manager (JWT_SECRET_ARN), so it
 * never sits in the function's configuration; on one machine given directly (JWT_SECRET).
 */
async function loadJwtSecret(db: Db): Promise<string> {
  const direct = optionalEnv('JWT_SECRET');
  if (direct) return direct;
  return readSecretString({
    secretId: requireEnv('JWT_SECRET_ARN'),
    region: requireEnv('AWS_REGION'),
    credentials: db.doc.config.credentials,
  });
}

async function buildDeps(): Promise<Deps> {
  const options = {
    tableName: requireEnv('TABLE_NAME'),
    endpoint: optionalEnv('DYNAMODB_ENDPOINT'),
    region: optionalEnv('AWS_REGION'),
  };
  const db = createDb(options);
  const jwtSecret = await loadJwtSecret(db);
  return {
    db: { ...db, cursorKey: cursorKeyFrom(jwtSecret) },
    jwtSecret,
    region: deploymentRegion(),
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

let tableDb: Db | undefined;

/**
 * The table alone, for the handlers no request reaches (the stream handlers, the scheduled jobs):
 * they sign nothing and page only within one run, so they need no secret, and their functions are
 * granted none (infra: the Streams and Jobs stacks).
 */
export function getTableDb(): Db {
  tableDb ??= createDb({
    tableName: requireEnv('TABLE_NAME'),
    endpoint: optionalEnv('DYNAMODB_ENDPOINT'),
    region: optionalEnv('AWS_REGION'),
  });
  return tableDb;
}

/** Tests and the local runtime rebuild the dependencies after changing the environment. */
export function resetDeps(): void {
  deps = undefined;
  tableDb = undefined;
}
