import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from './dynamo';
import { INDEXES } from './table';

/**
 * Every item of one table partition whose sort key starts with `prefix`, read consistently to the
 * end. Only for partitions bounded by design (a user's memberships and open connections, the
 * divisions holding a client), which a writer must see whole and current to rewrite every copy:
 * an index could lag behind a row written a moment before. Lists shown to users page instead.
 */
export async function readPartition(
  db: Db,
  pk: string,
  prefix: string,
  projection?: string,
  consistent = true,
): Promise<Record<string, unknown>[]> {
  return queryAll(db, {
    TableName: db.tableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
    ProjectionExpression: projection,
    ConsistentRead: consistent,
  });
}

/** Every item a Query answers, page after page: for key ranges a caller must read whole. */
export async function queryAll(db: Db, input: QueryCommandInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/**
 * The keys of every item of one table partition, read consistently to the end: what a delete of a
 * record with rows kept under it (an inspection, a finding) must remove besides the record itself.
 */
export async function keysOfPartition(db: Db, pk: string): Promise<{ pk: string; sk: string }[]> {
  const keys: { pk: string; sk: string }[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ProjectionExpression: 'pk, sk',
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) keys.push({ pk: item.pk as string, sk: item.sk as string });
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return keys;
}

/**
 * Every item of one byParent index partition, to the end: for maintenance that must see a
 * record's whole set (the statistics rebuild), never for a list shown to users.
 */
export async function readIndexPartition(db: Db, partition: string): Promise<Record<string, unknown>[]> {
  return queryAll(db, {
    TableName: db.tableName,
    IndexName: INDEXES.byParent.indexName,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': INDEXES.byParent.partitionKey },
    ExpressionAttributeValues: { ':pk': partition },
  });
}

/**
 * How many items one byRelation index partition holds (Select COUNT, page after page): for a
 * total shown beside a paged list, read without fetching the items.
 */
export async function countRelationPartition(db: Db, partition: string): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        IndexName: INDEXES.byRelation.indexName,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': INDEXES.byRelation.partitionKey },
        ExpressionAttributeValues: { ':pk': partition },
        Select: 'COUNT',
        ExclusiveStartKey: startKey,
      }),
    );
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
}
