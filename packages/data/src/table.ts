import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import type { TableCache } from '@stormline/contract/route';

/**
 * The single table's shape: generic key attributes, indexes named for the question they answer.
 * The data modules, the local runtime and the CDK data stack all read these constants.
 * docs/data-model.md lists every access pattern and the key or index that serves it.
 */
export const TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk' } as const;

export const INDEXES = {
  /** "Which items belong to this parent, in display order?" (a division's users, a project's inspections) */
  byParent: { indexName: 'byParent', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  /** "Which items relate to this other thing?" (an inspector's inspections, a client's projects) */
  byRelation: { indexName: 'byRelation', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  /** "Which item holds this unique value?" (a user by email, an upload by GUID) */
  byLookup: { indexName: 'byLookup', partitionKey: 'lookup', sortKey: null },
} as const;

/** Items with this attribute (epoch seconds) are deleted by DynamoDB TTL: throttles, revoked tokens. */
export const TTL_ATTRIBUTE = 'expiresAt';

/**
 * The partitions of each cache a read route keeps in the table (the route's `tableCache`): the
 * only items such a route may put, granted in IAM as a leading-key condition.
 */
export const CACHE_PARTITION_PREFIX: Readonly<Record<TableCache, string>> = { weather: 'WEATHER#' };

export function tableDefinition(tableName: string): CreateTableCommandInput {
  const indexes = Object.values(INDEXES);
  const attributes = new Set<string>([TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey]);
  for (const index of indexes) {
    attributes.add(index.partitionKey);
    if (index.sortKey) attributes.add(index.sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: indexes.map((index) => ({
      IndexName: index.indexName,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        ...(index.sortKey ? [{ AttributeName: index.sortKey, KeyType: 'RANGE' as const }] : []),
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
  };
}
