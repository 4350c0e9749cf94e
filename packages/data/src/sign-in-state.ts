import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
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

export interface CountedAttempt {
  /** False when the window already held `limit` attempts: this one was not counted. */
  counted: boolean;
  /** Attempts in the window, this one included when counted. */
  attempts: number;
}

/** Contention on one counter resolves in a round or two; past this something else is wrong. */
const MAX_ROUNDS = 5;

/**
 * Counts one sign-in attempt for a subject (an account at an address, an address) in a window
 * that starts with the first attempt and that TTL removes. Atomic: the count is one conditional
 * UpdateItem, so of N parallel attempts under a limit of L exactly L are counted and the rest
 * refused, whatever their timing. A lapsed window (TTL has not removed it yet) starts over.
 */
export async function countAttempt(
  db: Db,
  subject: string,
  options: { nowMs: number; windowMs: number; limit?: number },
): Promise<CountedAttempt> {
  const key = keys.loginThrottle(subject);
  const nowSeconds = Math.floor(options.nowMs / 1000);
  const limited = options.limit !== undefined;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    try {
      const { Attributes } = await db.doc.send(
        new UpdateCommand({
          TableName: db.tableName,
          Key: key,
          UpdateExpression: 'ADD attempts :one',
          ConditionExpression: `#ttl > :now${limited ? ' AND attempts < :limit' : ''}`,
          ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
          ExpressionAttributeValues: {
            ':one': 1,
            ':now': nowSeconds,
            ...(limited ? { ':limit': options.limit } : {}),
          },
          ReturnValues: 'UPDATED_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { counted: true, attempts: Attributes?.attempts as number };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const stored = error.Item ? unmarshall(error.Item) : undefined;
      const live = stored !== undefined && (stored[TTL_ATTRIBUTE] as number) > nowSeconds;
      if (live) return { counted: false, attempts: stored.attempts as number };
    }
    // No window, or a lapsed one: start a new window with this attempt, unless a parallel
    // attempt just did (then count against that one in the next round).
    try {
      await db.doc.send(
        new PutCommand({
          TableName: db.tableName,
          Item: {
            ...key,
            type: 'LoginThrottle',
            attempts: 1,
            [TTL_ATTRIBUTE]: Math.floor((options.nowMs + options.windowMs) / 1000),
          },
          ConditionExpression: 'attribute_not_exists(pk) OR #ttl <= :now',
          ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ':now': nowSeconds },
        }),
      );
      return { counted: true, attempts: 1 };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  throw new Error(`The sign-in attempt counter ${subject} did not settle`);
}

/** Takes back one counted attempt (it turned out to be a successful sign-in). */
export async function uncountAttempt(db: Db, subject: string): Promise<void> {
  await db.doc
    .send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.loginThrottle(subject),
        UpdateExpression: 'ADD attempts :minusOne',
        ConditionExpression: 'attempts > :zero',
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      }),
    )
    .catch((error: unknown) => {
      // The window lapsed and TTL removed it, or it was started over: nothing to take back.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
}

export async function clearAttempts(db: Db, subject: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: keys.loginThrottle(subject) }));
}
