import { randomBytes } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError } from '@stormline/domain/errors';
import type { Db } from './dynamo';
import { queryPage } from './paging';
import type { PageOf } from './paging';
import { INDEXES, TTL_ATTRIBUTE } from './table';
import { counterStep, putNewStep, transact } from './transact';
import type { TransactionStep } from './transact';

export interface NotificationRecord {
  id: string;
  title: string;
  content: string;
  date: string;
  link: string | null;
  is_opened: boolean;
}

/**
 * A user's notifications live in the user's partition, keyed by an id that sorts by time, so the
 * newest come first from one Query. Unread ones also sit in a sparse index partition (what
 * mark-all-read walks), and the unread count is a counter changed in the same transaction as
 * each notification: the bell reads one item, however much is unread.
 */
const notificationKey = (userId: string, id: string) => ({ pk: `USER#${userId}`, sk: `NOTIFICATION#${id}` });
const unreadOf = (userId: string) => `USER#${userId}#UNREAD`;
const unreadCounterKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'UNREAD_COUNT' });

/** Time-ordered and unique: 11 base-36 digits of milliseconds, then randomness. */
function notificationId(now: Date): string {
  return `${now.getTime().toString(36).padStart(11, '0')}${randomBytes(5).toString('hex')}`;
}

function toNotification(item: Record<string, unknown>): NotificationRecord {
  return {
    id: item.id as string,
    title: item.title as string,
    content: item.content as string,
    date: item.date as string,
    link: (item.link as string | null) ?? null,
    is_opened: Boolean(item.is_opened),
  };
}

const unreadCountStep = (db: Db, userId: string, by: number): TransactionStep =>
  counterStep(db, unreadCounterKey(userId), 'count', by);

/** Marks one unread notification read; its condition fails when it is missing or already read. */
function markReadStep(db: Db, userId: string, id: string): TransactionStep {
  return {
    write: {
      Update: {
        TableName: db.tableName,
        Key: notificationKey(userId, id),
        UpdateExpression: 'SET is_opened = :true REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'attribute_exists(pk) AND is_opened = :false',
        ExpressionAttributeValues: { ':true': true, ':false': false },
      },
    },
  };
}

export async function createNotification(
  db: Db,
  userId: string,
  input: { title: string; content: string; link: string | null },
  now = new Date(),
): Promise<NotificationRecord> {
  const notification: NotificationRecord = {
    id: notificationId(now),
    date: now.toISOString(),
    is_opened: false,
    ...input,
  };
  await transact(db, [
    putNewStep(db, {
      ...notificationKey(userId, notification.id),
      type: 'Notification',
      gsi1pk: unreadOf(userId),
      gsi1sk: notification.id,
      ...notification,
    }),
    unreadCountStep(db, userId, 1),
  ]);
  return notification;
}

class DeliveredAlready extends ConflictError {}

/** How long the record of an event's delivery to a user is kept (a redelivery comes within hours). */
const DELIVERY_RECORD_DAYS = 7;

/**
 * An event's notification to a user, once however often the event is delivered (the stream
 * redelivers on a failure): a record of the delivery, keyed by the event, is written with the
 * in-app notification (or alone, when the user takes it by e-mail or SMS only) in one
 * transaction. Answers null when the event reached this user before; then nothing is sent.
 */
export async function notifyOnce(
  db: Db,
  userId: string,
  eventKey: string,
  inApp: { title: string; content: string; link: string | null } | null,
  now = new Date(),
): Promise<{ notification: NotificationRecord | null } | null> {
  const notification: NotificationRecord | null = inApp
    ? { id: notificationId(now), date: now.toISOString(), is_opened: false, ...inApp }
    : null;
  try {
    await transact(db, [
      putNewStep(
        db,
        {
          pk: `USER#${userId}`,
          sk: `NOTIFIED#${eventKey}`,
          type: 'NotificationDelivery',
          [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + DELIVERY_RECORD_DAYS * 86_400,
        },
        () => new DeliveredAlready('Delivered already'),
      ),
      ...(notification
        ? [
            putNewStep(db, {
              ...notificationKey(userId, notification.id),
              type: 'Notification',
              gsi1pk: unreadOf(userId),
              gsi1sk: notification.id,
              ...notification,
            }),
            unreadCountStep(db, userId, 1),
          ]
        : []),
    ]);
  } catch (error) {
    if (error instanceof DeliveredAlready) return null;
    throw error;
  }
  return { notification };
}

/** A notification id's time part for an instant: ids sort by it (notificationId). */
const idTime = (at: Date) => at.getTime().toString(36).padStart(11, '0');

/**
 * The notifications a user received from `from` (kept) to `to` (not kept), newest first, at most
 * `limit`: one Query on the ids' time part, whatever else the user has.
 */
export async function listNotificationsBetween(
  db: Db,
  userId: string,
  from: Date,
  to: Date,
  limit: number,
): Promise<NotificationRecord[]> {
  const result = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': `USER#${userId}`,
        ':from': `NOTIFICATION#${idTime(from)}`,
        // Before the first id of `to`'s millisecond.
        ':to': `NOTIFICATION#${idTime(new Date(to.getTime() - 1))}~`,
      },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (result.Items ?? []).map(toNotification);
}

/** Whether a user's summary of a period was claimed already (one GetItem, before any other read). */
export async function isSummaryClaimed(db: Db, userId: string, periodKey: string): Promise<boolean> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: { pk: `USER#${userId}`, sk: `SUMMARY#${periodKey}` } }),
  );
  return Item !== undefined;
}

/**
 * Records that a user's summary e-mail of a period is being sent: true the first time, false when
 * it was before (a retried or overlapping run), so a period is never summarised twice.
 */
export async function claimSummary(db: Db, userId: string, periodKey: string, now = new Date()) {
  try {
    await transact(db, [
      putNewStep(
        db,
        {
          pk: `USER#${userId}`,
          sk: `SUMMARY#${periodKey}`,
          type: 'SummarySent',
          sentAt: now.toISOString(),
          // A period is claimed once; the record outlives any retry by far.
          [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + 400 * 86_400,
        },
        () => new DeliveredAlready('Summarised already'),
      ),
    ]);
    return true;
  } catch (error) {
    if (error instanceof DeliveredAlready) return false;
    throw error;
  }
}

/** The caller's notifications, newest first, a page at a time. */
export async function listNotifications(
  db: Db,
  userId: string,
  page: { pageSize: number; cursor?: string },
): Promise<PageOf<NotificationRecord>> {
  return queryPage(
    db,
    { partition: `USER#${userId}`, prefix: 'NOTIFICATION#', descending: true },
    { ...page, resolve: async (rows) => rows.map(toNotification) },
  );
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: unreadCounterKey(userId), ConsistentRead: true }),
  );
  return Math.max(0, (Item?.count as number | undefined) ?? 0);
}

async function getNotification(db: Db, userId: string, id: string): Promise<NotificationRecord> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: notificationKey(userId, id), ConsistentRead: true }),
  );
  if (!Item) throw new NotFoundError('Notification not found');
  return toNotification(Item);
}

/** Marks one of the user's notifications read (again is harmless); the key is the user's own. */
export async function markRead(db: Db, userId: string, id: string): Promise<NotificationRecord> {
  const notification = await getNotification(db, userId, id);
  if (notification.is_opened) return notification;
  try {
    await transact(db, [markReadStep(db, userId, id), unreadCountStep(db, userId, -1)]);
  } catch (error) {
    // Read by a parallel call in between: it already counted it.
    if (!(error instanceof ConflictError)) throw error;
  }
  return { ...notification, is_opened: true };
}

/** Notifications marked read in one transaction, with the counter: DynamoDB allows 100 items. */
const MARK_ALL_BATCH = 50;
/** Transactions in flight at once, so a long list neither floods the table nor takes forever. */
const MARK_ALL_CONCURRENCY = 4;

async function unreadIds(db: Db, userId: string, limit: number): Promise<string[]> {
  const result = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: INDEXES.byParent.indexName,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': unreadOf(userId) },
      ProjectionExpression: 'id',
      Limit: limit,
    }),
  );
  return (result.Items ?? []).map((i) => i.id as string);
}

/** One batch of notifications read, with the counter, all or none; ones read meanwhile are left out. */
async function markBatchRead(db: Db, userId: string, ids: readonly string[]): Promise<number> {
  const pending = [...ids];
  while (pending.length > 0) {
    try {
      await transact(db, [
        ...pending.map((id) => markReadStep(db, userId, id)),
        unreadCountStep(db, userId, -pending.length),
      ]);
      return pending.length;
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      // One was read in between; find which by reading them, drop those, and try the rest again.
      const states = await Promise.all(
        pending.map((id) => getNotification(db, userId, id).catch(() => null)),
      );
      const stillUnread = pending.filter((_, i) => states[i] && !states[i]!.is_opened);
      if (stillUnread.length === pending.length) throw error;
      pending.splice(0, pending.length, ...stillUnread);
    }
  }
  return 0;
}

/**
 * Marks every unread notification read, in transactions of MARK_ALL_BATCH with at most
 * MARK_ALL_CONCURRENCY at once, until none is left or the time budget is spent. Each batch and
 * the counter change together, so stopping anywhere leaves the count true; `remaining` tells the
 * caller to ask again.
 */
export async function markAllRead(
  db: Db,
  userId: string,
  options: { budgetMs?: number } = {},
): Promise<{ updated: number; remaining: number }> {
  const deadline = Date.now() + (options.budgetMs ?? 8000);
  let updated = 0;
  while (Date.now() < deadline) {
    const ids = await unreadIds(db, userId, MARK_ALL_BATCH * MARK_ALL_CONCURRENCY);
    if (ids.length === 0) break;
    const batches: string[][] = [];
    for (let i = 0; i < ids.length; i += MARK_ALL_BATCH) batches.push(ids.slice(i, i + MARK_ALL_BATCH));
    const done = (await Promise.all(batches.map((batch) => markBatchRead(db, userId, batch)))).reduce(
      (a, b) => a + b,
      0,
    );
    updated += done;
    // The index lags the table a little: rows it still lists were read already, so stop here.
    if (done === 0) break;
  }
  return { updated, remaining: await countUnread(db, userId) };
}
