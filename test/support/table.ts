import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { inspectionKeys } from '@stormline/data/inspections';
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

/**
 * Changes one stored answer of an inspection straight in the table, as someone with access to the
 * database and not the product would: what the signatures' digests are there to reveal.
 */
export async function tamperAnswer(
  db: Db,
  divisionId: string,
  inspectionId: string,
  questionId: string,
  value: unknown,
): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: inspectionKeys.answers(divisionId, inspectionId),
      UpdateExpression: 'SET answers.#q = :v',
      ExpressionAttributeNames: { '#q': questionId },
      ExpressionAttributeValues: { ':v': value },
    }),
  );
}
