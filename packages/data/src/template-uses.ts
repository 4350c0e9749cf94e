import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './dynamo';
import { queryAll } from './read-partition';
import type { TransactionStep } from './transact';

/**
 * How many inspections use each version of a template (docs/decisions/0036): one counter item per
 * version, `TEMPLATE#<t> / USES#<000001>`, holding `inspections` (created on that version and not
 * deleted) and `open` (of those, the ones that count as open: not both complete and certified, the
 * project's `openInspectionCount` rule). The inspection writers move them with ADDs inside their
 * own transactions, so the editor reads a number, never counts inspections. A version no
 * inspection ever used has no item (read as 0).
 */

/** Sort keys of the counters: zero-padded like the versions, so the newest sorts last. */
const USES_PREFIX = 'USES#';

export const usesKey = (templateId: string, version: number) => ({
  pk: `TEMPLATE#${templateId}`,
  sk: `${USES_PREFIX}${String(version).padStart(6, '0')}`,
});

/** The version an inspection was created against (the inspection's own copy of it). */
export interface VersionRef {
  templateId: string;
  templateVersion: number;
}

/**
 * Moves a version's counters by `inspections` and `open` (ADD: concurrent inspections on the same
 * version do not make each other stale; DynamoDB creates the item on the first one).
 */
export function templateUsesStep(
  db: Db,
  ref: VersionRef,
  by: { inspections: number; open: number },
): TransactionStep {
  return {
    write: {
      Update: {
        TableName: db.tableName,
        Key: usesKey(ref.templateId, ref.templateVersion),
        UpdateExpression:
          'SET #type = :type, templateId = :t, templateVersion = :v ADD inspections :i, #open :o',
        ExpressionAttributeNames: { '#type': 'type', '#open': 'open' },
        ExpressionAttributeValues: {
          ':type': 'TemplateUses',
          ':t': ref.templateId,
          ':v': ref.templateVersion,
          ':i': by.inspections,
          ':o': by.open,
        },
      },
    },
  };
}

export interface VersionUses {
  version: number;
  inspections: number;
  open: number;
}

const toUses = (item: Record<string, unknown>): VersionUses => ({
  version: Number((item.sk as string).slice(USES_PREFIX.length)),
  inspections: (item.inspections as number | undefined) ?? 0,
  open: (item.open as number | undefined) ?? 0,
});

/** How many versions the editor lists, newest first. */
export const VERSIONS_SHOWN = 20;

/**
 * The editor's versions, newest first: `currentVersion` down to at most VERSIONS_SHOWN of them,
 * each with its counters. One Query of the template's partition (the newest counter items, in key
 * order backwards); a version no inspection used has no item and shows 0.
 */
export async function recentVersionUses(
  db: Db,
  templateId: string,
  currentVersion: number,
): Promise<VersionUses[]> {
  if (currentVersion < 1) return [];
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
      ExpressionAttributeValues: {
        ':pk': usesKey(templateId, 0).pk,
        ':first': usesKey(templateId, Math.max(1, currentVersion - VERSIONS_SHOWN + 1)).sk,
        ':last': usesKey(templateId, currentVersion).sk,
      },
      ScanIndexForward: false,
      Limit: VERSIONS_SHOWN,
    }),
  );
  const byVersion = new Map(Items.map((item) => [toUses(item).version, toUses(item)]));
  const shown: VersionUses[] = [];
  for (let v = currentVersion; v >= 1 && shown.length < VERSIONS_SHOWN; v--)
    shown.push(byVersion.get(v) ?? { version: v, inspections: 0, open: 0 });
  return shown;
}

/**
 * Every version's counters that exist, read consistently to the end: what deleting the template
 * must see whole (a few items: one per version any inspection used).
 */
export async function allVersionUses(db: Db, templateId: string): Promise<VersionUses[]> {
  const items = await queryAll(db, {
    TableName: db.tableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': usesKey(templateId, 0).pk, ':prefix': USES_PREFIX },
    ConsistentRead: true,
  });
  return items.map(toUses);
}

/**
 * Holds a transaction only while the version has no open inspection (no counter item yet counts
 * as none): what deleting the template conditions on, so one created or reopened meanwhile fails it.
 */
export function noOpenInspectionsCheck(
  db: Db,
  templateId: string,
  version: number,
  onConditionFailed: TransactionStep['onConditionFailed'],
): TransactionStep {
  return {
    write: {
      ConditionCheck: {
        TableName: db.tableName,
        Key: usesKey(templateId, version),
        ConditionExpression: 'attribute_not_exists(pk) OR #open <= :zero',
        ExpressionAttributeNames: { '#open': 'open' },
        ExpressionAttributeValues: { ':zero': 0 },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    onConditionFailed,
  };
}
