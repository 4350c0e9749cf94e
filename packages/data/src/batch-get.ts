import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './dynamo';
import type { ItemKey } from './keys';

/**
 * The items at `keys` (at most 100 per call, unprocessed keys asked again), in no particular
 * order; keys with no item are simply absent. Consistent by default: a page's related records
 * are read right after the rows that name them.
 */
export async function batchGet(
  db: Db,
  keys: readonly ItemKey[],
  consistent = true,
): Promise<Record<string, unknown>[]> {
  const unique = [...new Map(keys.map((k) => [`${k.pk}\u0000${k.sk}`, k])).values()];
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < unique.length; i += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[]; ConsistentRead: boolean }> | undefined = {
      [db.tableName]: { Keys: unique.slice(i, i + 100), ConsistentRead: consistent },
    };
    while (request && Object.keys(request).length > 0) {
      const result = await db.doc.send(new BatchGetCommand({ RequestItems: request }));
      items.push(...(result.Responses?.[db.tableName] ?? []));
      request = result.UnprocessedKeys as typeof request;
    }
  }
  return items;
}

/** The item at `key` among `items`, if it was found. */
export function itemAt(items: readonly Record<string, unknown>[], key: ItemKey) {
  return items.find((i) => i.pk === key.pk && i.sk === key.sk);
}
