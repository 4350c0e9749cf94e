import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { AppError, ConflictError, ValidationError } from '@stormline/domain/errors';
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
 * A copy's anchor is gone: the membership or link row a group of copies hangs on was removed
 * while the record was being saved (the user left the division). That group is dropped.
 */
class CopyAnchorGone extends ConflictError {
  constructor(readonly group: number) {
    super('A copy of this record moved while it was saved');
  }
}

/**
 * A record's own writes and its copies, grouped by what they hang on (a user's membership row
 * and search rows in one division). The record and as many whole groups as fit go in one
 * transaction; groups past DynamoDB's 100 items follow in further transactions. A copy is derived
 * from the record (whole puts, deletes, updates of copied fields), so writing it again is
 * harmless, and one left stale by a failure in between misleads no one: search rows are checked
 * against the record when read, and list rows are rewritten by the record's next change. A group
 * whose anchor disappears meanwhile (see anchoredUpdateStep) is dropped, never written back.
 */
export async function transactWithCopies(
  db: Db,
  recordSteps: readonly TransactionStep[],
  copyGroups: readonly (readonly TransactionStep[])[],
): Promise<void> {
  if (recordSteps.length > MAX_TRANSACTION_ITEMS) throw new TooLargeError();
  let pending = copyGroups.map((steps, group) => ({ group, steps }));
  let first = true;
  while (first || pending.length > 0) {
    const batch: typeof pending = [];
    let size = first ? recordSteps.length : 0;
    for (const entry of pending) {
      if (size + entry.steps.length > MAX_TRANSACTION_ITEMS) break;
      batch.push(entry);
      size += entry.steps.length;
    }
    if (!first && batch.length === 0) throw new TooLargeError();
    try {
      await transact(db, [
        ...(first ? recordSteps : []),
        ...batch.flatMap((entry) =>
          entry.steps.map((step) => ({
            ...step,
            onConditionFailed: step.onConditionFailed && (() => new CopyAnchorGone(entry.group)),
          })),
        ),
      ]);
    } catch (error) {
      if (!(error instanceof CopyAnchorGone)) throw error;
      pending = pending.filter((entry) => entry.group !== error.group);
      continue;
    }
    first = false;
    pending = pending.slice(batch.length);
  }
}

/** A change whose own writes do not fit one transaction (a user added to every division at once). */
export class TooLargeError extends ValidationError {
  constructor() {
    super('This change is too large to save at once. Save it in smaller parts.');
  }
}

/**
 * Sets copied fields on a copy that must still exist (a membership row's name order): if its row
 * was removed meanwhile, the copy is not written back (transactWithCopies drops its group).
 */
export function anchoredUpdateStep(
  db: Db,
  key: { pk: string; sk: string },
  fields: Record<string, unknown>,
): TransactionStep {
  return { write: updateWrite(db, key, fields), onConditionFailed: () => new ConflictError() };
}

/**
 * An Update that sets `fields` on an item that must exist; with `expectedVersion`, only at that
 * version, and the version goes up by one.
 */
function updateWrite(
  db: Db,
  key: { pk: string; sk: string },
  fields: Record<string, unknown>,
  expectedVersion?: number,
): TransactItem {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(fields).map(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  const versioned = expectedVersion !== undefined;
  if (versioned) Object.assign(names, { '#version': 'version' });
  if (versioned) Object.assign(values, { ':expected': expectedVersion, ':one': 1 });
  return {
    Update: {
      TableName: db.tableName,
      Key: key,
      UpdateExpression: `SET ${[...sets, ...(versioned ? ['#version = #version + :one'] : [])].join(', ')}`,
      ConditionExpression: versioned
        ? 'attribute_exists(pk) AND #version = :expected'
        : 'attribute_exists(pk)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ...(versioned ? { ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const } : {}),
    },
  };
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
  return {
    write: updateWrite(db, key, fields, expectedVersion),
    onConditionFailed: (stored) => (stored ? new ConflictError() : notFound()),
  };
}

/**
 * Deletes items by key in transactions of 100: rows kept under a record, removed before the
 * record itself so a failure leaves the record readable and the delete can be run again.
 */
export async function deleteKeys(db: Db, keys: readonly { pk: string; sk: string }[]): Promise<void> {
  for (let i = 0; i < keys.length; i += MAX_TRANSACTION_ITEMS)
    await transact(
      db,
      keys.slice(i, i + MAX_TRANSACTION_ITEMS).map((key) => deleteStep(db, key)),
    );
}
