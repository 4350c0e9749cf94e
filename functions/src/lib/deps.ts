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

let deps: Deps | undefined;

export function getDeps(): Deps {
  deps ??= {
    db: createDb({
      tableName: requireEnv('TABLE_NAME'),
      endpoint: optionalEnv('DYNAMODB_ENDPOINT'),
      region: optionalEnv('AWS_REGION'),
    }),
    jwtSecret: requireEnv('JWT_SECRET'),
    region: optionalEnv('REGION_VARIANT') === 'US' ? 'US' : 'UK',
    now: () => new Date(),
  };
  return deps;
}

/** Tests and the local runtime rebuild the dependencies after changing the environment. */
export function resetDeps(): void {
  deps = undefined;
}
