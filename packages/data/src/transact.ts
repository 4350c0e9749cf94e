import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { AppError, ConflictError } from '@stormline/domain/errors';
import type { Db } from './dynamo';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * One item of a transaction and what it means when its condition fails: a duplicate, a stale
 * version, a missing parent. Without `onConditionFailed` a failed condition is a plain conflict.
 */
export interface TransactionStep {
  write: TransactItem;
  /** Given the stored item when the step asked for it (ReturnValuesOnConditionCheckFailure). */
  onConditionFailed?: (stored: Record<string, unknown> | undefined) => AppError;
}

/** DynamoDB's limit on the items of one transaction. */
export const MAX_TRANSACTION_ITEMS = 100;
const RETRIES = 3;

/** Cancellations that say nothing about our data and pass if tried again a moment later. */
const RETRYABLE = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes all steps or none. A cancelled transaction becomes the named error of the step whose
 * condition failed (the first one, in step order); contention and throttling are retried with a
 * jittered backoff; anything else is thrown as it is, never guessed at.
 */
export async function transact(db: Db, steps: readonly TransactionStep[]): Promise<void> {
  if (steps.length === 0) return;
  if (steps.length > MAX_TRANSACTION_ITEMS) {
    throw new Error(`A transaction holds at most ${MAX_TRANSACTION_ITEMS} items, not ${steps.length}`);
  }
  for (let attempt = 0; ; attempt++) {
    try {
      await db.doc.send(new TransactWriteCommand({ TransactItems: steps.map((s) => s.write) }));
      return;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      const codes = reasons.map((reason) => reason.Code ?? 'None');
      const failed = codes.findIndex((code) => code === 'ConditionalCheckFailed');
      if (failed >= 0) {
        const stored = reasons[failed]?.Item ? unmarshall(reasons[failed].Item) : undefined;
        throw steps[failed]?.onConditionFailed?.(stored) ?? new ConflictError();
      }
      const retryable = codes.some((code) => RETRYABLE.has(code));
      if (!retryable || attempt >= RETRIES) throw error;
      await pause(25 * 2 ** attempt + Math.random() * 25);
    }
  }
}

/**
 * A record's own writes and the writes of its copies (list rows, search rows). The record and as
 * many copies as fit go in one transaction; copies past DynamoDB's 100 items follow in further
 * transactions. A copy is derived from the record (a whole item put, or a delete), so writing it
 * again is harmless, and one left stale by a failure in between misleads no one: search rows are
 * checked against the record when read, and list rows are rewritten by the record's next change.
 */
export async function transactWithCopies(
  db: Db,
  recordSteps: readonly TransactionStep[],
  copySteps: readonly TransactionStep[],
): Promise<void> {
  const room = MAX_TRANSACTION_ITEMS - recordSteps.length;
  await transact(db, [...recordSteps, ...copySteps.slice(0, room)]);
  for (let i = room; i < copySteps.length; i += MAX_TRANSACTION_ITEMS) {
    await transact(db, copySteps.slice(i, i + MAX_TRANSACTION_ITEMS));
  }
}

/** A Put of a new item: its condition fails when the key is taken. */
export function putNewStep(
  db: Db,
  item: Record<string, unknown>,
  onConditionFailed?: () => AppError,
): TransactionStep {
  return {
    write: { Put: { TableName: db.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
    onConditionFailed,
  };
}

/**
 * Adds `by` to a counter attribute of an item (a parent counting its children), in the same
 * transaction as the child: counters are not versioned, so counting does not make edits stale.
 */
export function counterStep(
  db: Db,
  key: { pk: string; sk: string },
  attribute: string,
  by: number,
  /** When given, the parent must exist (a division a user joins): its error if it does not. */
  onMissingParent?: () => AppError,
): TransactionStep {
  return {
    write: {
      Update: {
        TableName: db.tableName,
        Key: key,
        UpdateExpression: 'ADD #count :by',
        ...(onMissingParent ? { ConditionExpression: 'attribute_exists(pk)' } : {}),
        ExpressionAttributeNames: { '#count': attribute },
        ExpressionAttributeValues: { ':by': by },
      },
    },
    onConditionFailed: onMissingParent,
  };
}

/** A Put that replaces whatever is there (a copy the record's writer owns). */
export function putStep(db: Db, item: Record<string, unknown>): TransactionStep {
  return { write: { Put: { TableName: db.tableName, Item: item } } };
}

export function deleteStep(db: Db, key: { pk: string; sk: string }): TransactionStep {
  return { write: { Delete: { TableName: db.tableName, Key: key } } };
}

/**
 * Sets fields of an editable record if its version is still the one read: a stale version is a
 * conflict (409), a missing record `notFound`; the version goes up by one.
 */
export function versionedUpdateStep(
  db: Db,
  key: { pk: string; sk: string },
  fields: Record<string, unknown>,
  expectedVersion: number,
  notFound: () => AppError,
): TransactionStep {
  const names: Record<string, string> = { '#version': 'version' };
  const values: Record<string, unknown> = { ':expected': expectedVersion, ':one': 1 };
  const sets = Object.entries(fields).map(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  return {
    write: {
      Update: {
        TableName: db.tableName,
        Key: key,
        UpdateExpression: `SET ${[...sets, '#version = #version + :one'].join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    onConditionFailed: (stored) => (stored ? new ConflictError() : notFound()),
  };
}
