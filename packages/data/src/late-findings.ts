import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { batchGet } from './batch-get';
import type { Db } from './dynamo';
import { findingKeys, toFinding } from './findings';
import type { FindingRecord } from './findings';
import { projectKeys } from './projects';
import { queryAll } from './read-partition';
import { INDEXES, TTL_ATTRIBUTE } from './table';

/**
 * A finding gone past its 7 days (spec 001 §9), recorded once by the late-findings job: the record
 * is what the notifications stream handler announces (Findings Past Due). It is only a trigger,
 * so it expires after 90 days.
 */
const lateKey = (finding: Pick<FindingRecord, 'divisionId' | 'projectId' | 'id'>) => ({
  pk: projectKeys.project(finding.divisionId, finding.projectId).pk,
  sk: `LATE#${finding.id}`,
});

/**
 * The division's open findings initiated from `from` to `to` ('YYYY-MM-DD', both kept), from the
 * division's open-findings index (byRelation, by date initiated): the window a run looks at.
 */
export async function listOpenFindingsInitiatedBetween(
  db: Db,
  divisionId: string,
  from: string,
  to: string,
): Promise<FindingRecord[]> {
  const items = await queryAll(db, {
    TableName: db.tableName,
    IndexName: INDEXES.byRelation.indexName,
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': findingKeys.openOfDivision(divisionId),
      ':from': from,
      // The sort key is `<date>#<id>`; '~' sorts after '#', so findings initiated on `to` are kept.
      ':to': `${to}~`,
    },
  });
  return items.map(toFinding);
}

/** Which of these findings were recorded late already (one BatchGet): a run skips them. */
export async function recordedLate(db: Db, findings: readonly FindingRecord[]): Promise<Set<string>> {
  const items = await batchGet(db, findings.map(lateKey), false);
  return new Set(items.map((item) => (item.sk as string).slice('LATE#'.length)));
}

/** Records a finding as late, once: true the first time, false when it was recorded before. */
export async function recordLateFinding(db: Db, finding: FindingRecord, now: Date): Promise<boolean> {
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          ...lateKey(finding),
          type: 'LateFinding',
          divisionId: finding.divisionId,
          projectId: finding.projectId,
          findingId: finding.id,
          number: finding.number,
          typeCode: finding.typeCode,
          date_initiated: finding.date_initiated,
          due_by: finding.due_by ?? null,
          recordedAt: now.toISOString(),
          [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + 90 * 86_400,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
