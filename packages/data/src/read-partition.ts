import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './dynamo';

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
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
        ProjectionExpression: projection,
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}
