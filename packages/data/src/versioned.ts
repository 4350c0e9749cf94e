import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError } from '@stormline/domain/errors';
import type { Db } from './dynamo';
import type { ItemKey } from './keys';

/**
 * Writes new field values of an editable record. The write holds only if the stored version is
 * the one the caller read: a stale write answers 409, a missing record 404, never a silent
 * overwrite. One round trip; answers the stored record.
 */
export async function updateVersioned(
  db: Db,
  key: ItemKey,
  fields: Record<string, unknown>,
  expectedVersion: number,
  notFoundMessage: string,
): Promise<Record<string, unknown>> {
  const names: Record<string, string> = { '#version': 'version' };
  const values: Record<string, unknown> = { ':expected': expectedVersion, ':one': 1 };
  const sets = Object.entries(fields).map(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  try {
    const result = await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: key,
        UpdateExpression: `SET ${[...sets, '#version = #version + :one'].join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return result.Attributes!;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) {
      throw error.Item ? new ConflictError() : new NotFoundError(notFoundMessage);
    }
    throw error;
  }
}

/** Creates a record that must not exist yet. */
export async function putNew(db: Db, item: ItemKey & Record<string, unknown>): Promise<void> {
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: item,
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException)
      throw new ConflictError('This record already exists');
    throw error;
  }
}
