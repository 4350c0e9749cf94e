import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createDb } from '@stormline/data/dynamo';
import type { Db } from '@stormline/data/dynamo';
import { runtimeEnv } from './runtime';

/** The running product's table, for tests that set up or read back what a request cannot show. */
export function testTable(): Db {
  const env = runtimeEnv();
  return createDb({ tableName: env.TABLE_NAME!, endpoint: env.DYNAMODB_ENDPOINT });
}

/** One item as it is stored now (a consistent read), or undefined. */
export async function storedItem(db: Db, key: { pk: string; sk: string }) {
  return (await db.doc.send(new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true })))
    .Item;
}
