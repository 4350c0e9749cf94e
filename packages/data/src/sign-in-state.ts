import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './dynamo';
import { keys } from './keys';
import { TTL_ATTRIBUTE } from './table';

/** Marks a token as signed out until it would have expired anyway. */
export async function revokeToken(db: Db, tokenId: string, expiresAtSeconds: number): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: { ...keys.revokedToken(tokenId), type: 'RevokedToken', [TTL_ATTRIBUTE]: expiresAtSeconds },
    }),
  );
}

export interface FailureWindow {
  failures: number;
  windowStartedAt: number;
}

/** Failed sign-ins counted per subject (an email, an address) within a window that TTL removes. */
export async function getFailures(
  db: Db,
  subject: string,
  nowMs: number,
): Promise<FailureWindow | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.loginThrottle(subject), ConsistentRead: true }),
  );
  if (!Item || (Item[TTL_ATTRIBUTE] as number) * 1000 <= nowMs) return undefined;
  return { failures: Item.failures as number, windowStartedAt: Item.windowStartedAt as number };
}

export async function recordFailure(db: Db, subject: string, nowMs: number, windowMs: number): Promise<void> {
  // A window that has lapsed (TTL has not removed it yet) starts over.
  const fresh = Math.floor((nowMs + windowMs) / 1000);
  await db.doc
    .send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.loginThrottle(subject),
        UpdateExpression:
          'SET failures = if_not_exists(failures, :zero) + :one, windowStartedAt = if_not_exists(windowStartedAt, :now), #ttl = if_not_exists(#ttl, :ttl), #type = :type',
        ConditionExpression: 'attribute_not_exists(#ttl) OR #ttl > :nowSeconds',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE, '#type': 'type' },
        ExpressionAttributeValues: {
          ':zero': 0,
          ':one': 1,
          ':now': nowMs,
          ':ttl': fresh,
          ':type': 'LoginThrottle',
          ':nowSeconds': Math.floor(nowMs / 1000),
        },
      }),
    )
    .catch(async (error: unknown) => {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      await db.doc.send(
        new PutCommand({
          TableName: db.tableName,
          Item: {
            ...keys.loginThrottle(subject),
            type: 'LoginThrottle',
            failures: 1,
            windowStartedAt: nowMs,
            [TTL_ATTRIBUTE]: fresh,
          },
        }),
      );
    });
}

export async function clearFailures(db: Db, subject: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: keys.loginThrottle(subject) }));
}
