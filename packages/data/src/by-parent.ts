import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './dynamo';
import { INDEXES } from './table';

/**
 * Every item of one partition of the byParent index, in sort-key order, following DynamoDB's
 * pages; with `limit`, stops once that many are read. For partitions bounded by design (a
 * company's divisions, a user's connections or unread notifications), never a whole table.
 */
export async function queryByParent(
  db: Db,
  parentKey: string,
  options: { projection?: string; limit?: number } = {},
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        IndexName: INDEXES.byParent.indexName,
        KeyConditionExpression: `${INDEXES.byParent.partitionKey} = :pk`,
        ExpressionAttributeValues: { ':pk': parentKey },
        ProjectionExpression: options.projection,
        Limit: options.limit,
        ExclusiveStartKey: cursor,
      }),
    );
    items.push(...(page.Items ?? []));
    cursor = options.limit && items.length >= options.limit ? undefined : page.LastEvaluatedKey;
  } while (cursor);
  return items;
}
