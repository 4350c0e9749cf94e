import { createHmac, timingSafeEqual } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ValidationError } from '@stormline/domain/errors';
import type { Db } from './dynamo';
import { INDEXES, TABLE_KEYS } from './table';

/**
 * One paging design for every list (docs/decisions/0008): a bounded Query per page, and an
 * opaque cursor the server signs together with the identity of the list it belongs to, so a
 * cursor edited by hand, or taken from another list, division or search, is refused.
 */

/** A list: one partition of the table or of an index, optionally narrowed to a sort-key prefix. */
export interface ListSource {
  index?: keyof typeof INDEXES;
  partition: string;
  /** A sort-key prefix (read as a key range): a kind of item, or the search text on a search partition. */
  prefix?: string;
  /**
   * With a prefix: the range starts here instead of at the prefix (a map's features that ended
   * after an inspection: `FEATURE#<n+1>` up to the end of `FEATURE#`).
   */
  from?: string;
  /** Newest first, say; default ascending sort-key order. */
  descending?: boolean;
}

export interface PageRequest<T> {
  /** The server's page size for the route; the caller never chooses it. */
  pageSize: number;
  cursor?: string;
  /**
   * Turns the rows read into the page's items, leaving some out (a search's repeated matches);
   * the page is then filled from further rows.
   */
  resolve?: (rows: Record<string, unknown>[]) => Promise<T[]>;
}

export interface PageOf<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * Above every sort key that starts with a prefix: U+10FFFF is the largest code point, and its
 * UTF-8 (F4 8F BF BF) the largest sequence, so BETWEEN `prefix` AND `prefix + PREFIX_END` holds
 * the keys begins_with(prefix) does (all but one that goes on past a U+10FFFF, a noncharacter,
 * right after the prefix).
 */
const PREFIX_END = '\u{10FFFF}';

/** A page never costs more than this many Query calls, whatever `resolve` leaves out. */
const MAX_QUERIES_PER_PAGE = 4;
const INVALID = 'The cursor is not valid';

function keyNames(source: ListSource): { pk: string; sk: string } {
  if (!source.index) return { pk: TABLE_KEYS.partitionKey, sk: TABLE_KEYS.sortKey };
  const index = INDEXES[source.index];
  return { pk: index.partitionKey, sk: index.sortKey ?? TABLE_KEYS.sortKey };
}

function listIdentity(source: ListSource): string {
  return [
    source.index ?? 'table',
    source.partition,
    source.prefix ?? '',
    source.descending ? 'desc' : 'asc',
    ...(source.from ? [`from ${source.from}`] : []),
  ].join('\n');
}

function signature(db: Db, source: ListSource, payload: string): Buffer {
  return createHmac('sha256', db.cursorKey)
    .update(listIdentity(source))
    .update('\0')
    .update(payload)
    .digest();
}

export function encodeCursor(db: Db, source: ListSource, lastKey: Record<string, unknown>): string {
  const payload = Buffer.from(JSON.stringify(lastKey)).toString('base64url');
  return `${payload}.${signature(db, source, payload).toString('base64url')}`;
}

export function decodeCursor(db: Db, source: ListSource, cursor: string): Record<string, unknown> {
  const [payload, mac, extra] = cursor.split('.');
  if (!payload || !mac || extra !== undefined) throw new ValidationError(INVALID);
  const expected = Buffer.from(signature(db, source, payload).toString('base64url'));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new ValidationError(INVALID);
  const key = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  // Signed by us, so well formed; checked anyway, since a key outside the list must never be read.
  if (key[keyNames(source).pk] !== source.partition) throw new ValidationError(INVALID);
  return key;
}

/**
 * One page of a list: as many Query calls (each with Limit) as it takes to fill the page with
 * kept rows, at most MAX_QUERIES_PER_PAGE, so the cost grows with the rows shown, never with the
 * rows stored. A page may come back short with a cursor; the next page carries on.
 */
export async function queryPage<T = Record<string, unknown>>(
  db: Db,
  source: ListSource,
  request: PageRequest<T>,
): Promise<PageOf<T>> {
  const names = keyNames(source);
  const resolve = request.resolve ?? (async (rows) => rows as T[]);
  const items: T[] = [];
  let startKey = request.cursor ? decodeCursor(db, source, request.cursor) : undefined;
  for (let round = 0; round < MAX_QUERIES_PER_PAGE; round++) {
    const result = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        IndexName: source.index ? INDEXES[source.index].indexName : undefined,
        // A prefix is a key range (BETWEEN), not begins_with: the same rows and units in DynamoDB,
        // but DynamoDB Local answers begins_with in a time that grows with the rows sorting before
        // the prefix (2,000 users' search rows: 1.2 ms at the first letters, 2.6 ms at 'riley'),
        // and a range in the same time wherever it starts (bench/README.md, administration lists).
        KeyConditionExpression: source.prefix
          ? '#pk = :pk AND #sk BETWEEN :prefix AND :prefixEnd'
          : '#pk = :pk',
        ExpressionAttributeNames: { '#pk': names.pk, ...(source.prefix ? { '#sk': names.sk } : {}) },
        ExpressionAttributeValues: {
          ':pk': source.partition,
          ...(source.prefix
            ? { ':prefix': source.from ?? source.prefix, ':prefixEnd': `${source.prefix}${PREFIX_END}` }
            : {}),
        },
        ScanIndexForward: !source.descending,
        Limit: request.pageSize - items.length,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(await resolve(result.Items ?? [])));
    startKey = result.LastEvaluatedKey;
    if (!startKey || items.length >= request.pageSize) break;
  }
  return { items, nextCursor: startKey ? encodeCursor(db, source, startKey) : null };
}
