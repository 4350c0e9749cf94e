import { randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NotFoundError, ValidationError } from '@stormline/domain/errors';
import { queryByParent } from './by-parent';
import type { Db } from './dynamo';

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
 * newest come first from one Query. Unread ones also sit in a sparse index partition, which is
 * what the bell counts: its cost grows with what is unread, not with the history.
 */
const notificationKey = (userId: string, id: string) => ({ pk: `USER#${userId}`, sk: `NOTIFICATION#${id}` });
const unreadOf = (userId: string) => `USER#${userId}#UNREAD`;

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
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: {
        ...notificationKey(userId, notification.id),
        type: 'Notification',
        gsi1pk: unreadOf(userId),
        gsi1sk: notification.id,
        ...notification,
      },
    }),
  );
  return notification;
}

function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify({ sk: key.sk })).toString('base64url') : null;
}

function decodeCursor(userId: string, cursor: string | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const { sk } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { sk?: unknown };
    if (typeof sk !== 'string' || !sk.startsWith('NOTIFICATION#')) throw new Error('bad cursor');
    // The partition is always the caller's own: a cursor cannot point into someone else's.
    return { pk: `USER#${userId}`, sk };
  } catch {
    throw new ValidationError('The cursor is not valid');
  }
}

export async function listNotifications(
  db: Db,
  userId: string,
  options: { cursor?: string; pageSize: number },
): Promise<{ items: NotificationRecord[]; nextCursor: string | null }> {
  const result = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'NOTIFICATION#' },
      ScanIndexForward: false,
      Limit: options.pageSize,
      ExclusiveStartKey: decodeCursor(userId, options.cursor),
    }),
  );
  return {
    items: (result.Items ?? []).map(toNotification),
    nextCursor: encodeCursor(result.LastEvaluatedKey),
  };
}

async function unreadKeys(db: Db, userId: string, limit?: number): Promise<{ sk: string }[]> {
  return (await queryByParent(db, unreadOf(userId), { projection: 'sk', limit })) as { sk: string }[];
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  return (await unreadKeys(db, userId)).length;
}

const MARK_READ = {
  UpdateExpression: 'SET is_opened = :true REMOVE gsi1pk, gsi1sk',
  ExpressionAttributeValues: { ':true': true },
} as const;

export async function markRead(db: Db, userId: string, id: string): Promise<NotificationRecord> {
  try {
    const result = await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: notificationKey(userId, id),
        ...MARK_READ,
        ConditionExpression: 'attribute_exists(pk)',
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toNotification(result.Attributes!);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new NotFoundError('Notification not found');
    throw error;
  }
}

/** Marks every unread notification read (at most `limit` in one call; the rest on the next). */
export async function markAllRead(db: Db, userId: string, limit = 500): Promise<number> {
  const keys = await unreadKeys(db, userId, limit);
  await Promise.all(
    keys.map(({ sk }) =>
      db.doc.send(
        new UpdateCommand({
          TableName: db.tableName,
          Key: { pk: `USER#${userId}`, sk },
          ...MARK_READ,
          ConditionExpression: 'attribute_exists(pk)',
        }),
      ),
    ),
  );
  return keys.length;
}
