import { describe, expect, it } from 'vitest';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DuplicateError, MissingParentError } from '@stormline/domain/errors';
import type { Db } from './dynamo';
import {
  anchoredUpdateStep,
  putNewStep,
  transact,
  transactWithCopies,
  versionedUpdateStep,
} from './transact';

/**
 * How a cancelled transaction is read. DynamoDB Local produces real cancellations in the
 * integration tests (a taken email, a missing division); contention and throttling it cannot be
 * made to produce on demand, so here DynamoDB's answers are played back to the helper.
 */

function cancelled(...codes: string[]): TransactionCanceledException {
  return new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
}

/** A Db whose client answers each send with the next of `answers` (an error is thrown). */
function playback(answers: unknown[]): { db: Db; sent: unknown[] } {
  const sent: unknown[] = [];
  const doc = {
    send: async (command: { input: unknown }) => {
      sent.push(command.input);
      const answer = answers.shift();
      if (answer instanceof Error) throw answer;
      return answer ?? {};
    },
  } as unknown as DynamoDBDocumentClient;
  return { db: { doc, tableName: 'test', cursorKey: Buffer.alloc(32) }, sent };
}

const item = (id: string) => ({ pk: id, sk: 'ITEM' });

describe('transact', () => {
  it('names the step whose condition failed', async () => {
    const { db } = playback([cancelled('None', 'ConditionalCheckFailed')]);
    const steps = [
      putNewStep(db, item('a'), () => new MissingParentError('Division not found')),
      putNewStep(
        db,
        item('b'),
        () => new DuplicateError('A user with the email x@example.com already exists'),
      ),
    ];
    await expect(transact(db, steps)).rejects.toEqual(
      new DuplicateError('A user with the email x@example.com already exists'),
    );
  });

  it('tells a stale version (409) from a missing record (404) by the item DynamoDB returns', async () => {
    const stale = new TransactionCanceledException({
      message: 'Transaction cancelled',
      $metadata: {},
      CancellationReasons: [{ Code: 'ConditionalCheckFailed', Item: { version: { N: '3' } } }],
    });
    const step = (db: Db) =>
      versionedUpdateStep(db, item('a'), { name: 'x' }, 2, () => new MissingParentError('gone'));
    const first = playback([stale]);
    await expect(transact(first.db, [step(first.db)])).rejects.toMatchObject({ status: 409 });
    const second = playback([cancelled('ConditionalCheckFailed')]);
    await expect(transact(second.db, [step(second.db)])).rejects.toMatchObject({
      status: 404,
      message: 'gone',
    });
  });

  it('retries contention and throttling, then succeeds', async () => {
    const { db, sent } = playback([
      cancelled('TransactionConflict'),
      cancelled('None', 'ThrottlingError'),
      {},
    ]);
    await transact(db, [putNewStep(db, item('a'))]);
    expect(sent).toHaveLength(3);
  });

  it('gives up on contention after its retries, and passes other errors on untouched', async () => {
    const busy = playback(Array.from({ length: 10 }, () => cancelled('TransactionConflict')));
    await expect(transact(busy.db, [putNewStep(busy.db, item('a'))])).rejects.toBeInstanceOf(
      TransactionCanceledException,
    );
    expect(busy.sent).toHaveLength(4);
    const broken = playback([new Error('network down')]);
    await expect(transact(broken.db, [putNewStep(broken.db, item('a'))])).rejects.toThrow('network down');
  });

  it('writes copies past 100 items in further transactions, the record in the first', async () => {
    const { db, sent } = playback([]);
    const copies = Array.from({ length: 150 }, (_, i) => [putNewStep(db, item(`copy-${i}`))]);
    await transactWithCopies(db, [putNewStep(db, item('record'))], copies);
    const batches = sent as { TransactItems: { Put: { Item: { pk: string } } }[] }[];
    expect(batches.map((b) => b.TransactItems.length)).toEqual([100, 51]);
    expect(batches[0]!.TransactItems[0]!.Put.Item.pk).toBe('record');
  });

  it('drops a group of copies whose anchor was removed meanwhile, and writes the rest', async () => {
    const { db, sent } = playback([cancelled('None', 'None', 'ConditionalCheckFailed', 'None'), {}]);
    await transactWithCopies(
      db,
      [putNewStep(db, item('record'))],
      [
        [putNewStep(db, item('north-search'))],
        [
          anchoredUpdateStep(db, item('south-membership'), { gsi1sk: 'x' }),
          putNewStep(db, item('south-search')),
        ],
      ],
    );
    const retried = (sent[1] as { TransactItems: { Put?: { Item: { pk: string } } }[] }).TransactItems;
    expect(retried.map((write) => write.Put?.Item.pk)).toEqual(['record', 'north-search']);
  });

  it('refuses, with a message, a record whose own writes cannot fit one transaction', async () => {
    const { db, sent } = playback([]);
    const steps = Array.from({ length: 101 }, (_, i) => putNewStep(db, item(`record-${i}`)));
    await expect(transactWithCopies(db, steps, [])).rejects.toMatchObject({
      status: 400,
      message: 'This change is too large to save at once. Save it in smaller parts.',
    });
    expect(sent).toEqual([]);
  });
});
