import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '@stormline/domain/errors';
import { awaitsComplianceCertification } from '@stormline/domain/inspection-rules';
import type { InspectionStatus } from '@stormline/domain/inspection-rules';
import { applyStreamRecord, counterDay } from '@stormline/domain/statistics';
import type { AppliedSource, Counters, StatisticsSource } from '@stormline/domain/statistics';
import { batchGet, itemAt } from './batch-get';
import type { Db } from './dynamo';
import { projectKeys } from './projects';
import { transact } from './transact';
import type { TransactionStep } from './transact';

/**
 * The dashboard's and the report's statistics (docs/decisions/0019): per project one item of
 * project-wide counters and one item a month of daily counters, moved by the stream handler
 * through a ledger row per source record that makes applying a stream record idempotent.
 */

export const statisticsKeys = {
  project: (divisionId: string, projectId: string) => ({
    pk: projectKeys.project(divisionId, projectId).pk,
    sk: 'STATS',
  }),
  month: (divisionId: string, projectId: string, month: string) => ({
    pk: projectKeys.project(divisionId, projectId).pk,
    sk: `STATS#${month}`,
  }),
  /** The ledger of the records applied to a project's statistics, by the record's own key. */
  ledger: (divisionId: string, projectId: string, sourceKey: string) => ({
    pk: `${projectKeys.project(divisionId, projectId).pk}#STATSRC`,
    sk: sourceKey,
  }),
  /** The byParent partition of a project's inspections waiting for compliance certification. */
  certificationDue: (divisionId: string, projectId: string) =>
    `${projectKeys.project(divisionId, projectId).pk}#CERTDUE`,
};

/**
 * A ledger row: the record as applied and its stream position. An inspection waiting for its
 * compliance signature also carries the Certifications Due index key, so the list moves in the
 * same ordered, idempotent write as the counters and needs no writes of its own.
 */
export function ledgerItem(
  divisionId: string,
  projectId: string,
  sourceKey: string,
  sequence: bigint,
  source: StatisticsSource | null,
): Record<string, unknown> {
  const due = source?.kind === 'inspection' && source.certificationDue && source.inspectionId;
  return {
    ...statisticsKeys.ledger(divisionId, projectId, sourceKey),
    type: 'StatisticsLedger',
    sequence: position(sequence),
    source,
    ...(due
      ? {
          gsi1pk: statisticsKeys.certificationDue(divisionId, projectId),
          gsi1sk: `${source.created_date}#${source.inspectionId}`,
          inspectionId: source.inspectionId,
          created_date: source.created_date,
        }
      : {}),
  };
}

/** The kinds of item that count, and what of each the statistics read. */
export function statisticsSourceOf(item: Record<string, unknown> | undefined): StatisticsSource | null {
  if (!item) return null;
  if (item.type === 'Inspection') {
    const inspection = {
      status: item.status as InspectionStatus,
      certification_date: (item.certification_date as string | null) ?? null,
      compliance_date: (item.compliance_date as string | null) ?? null,
    };
    return {
      kind: 'inspection',
      projectId: item.projectId as string,
      inspectionId: item.id as string,
      created_date: item.created_date as string,
      acknowledgement_date: (item.acknowledgement_date as string | null) ?? null,
      compliance_date: inspection.compliance_date,
      certificationDue: awaitsComplianceCertification(inspection, {
        has_compliance_cert: item.has_compliance_cert === true,
      }),
    };
  }
  if (item.type === 'Finding')
    return {
      kind: 'finding',
      projectId: item.projectId as string,
      typeCode: item.typeCode as string,
      date_initiated: item.date_initiated as string,
      date_completed: (item.date_completed as string | null) ?? null,
      due_by: typeof item.due_by === 'string' ? item.due_by : null,
    };
  if (item.type === 'FindingInInspection' && item.carriedOver === true && typeof item.projectId === 'string')
    return { kind: 'carry-over', projectId: item.projectId, typeCode: item.typeCode as string };
  if (item.type === 'MissedInspection')
    return { kind: 'missed', projectId: item.projectId as string, dueDate: item.dueDate as string };
  // A post-storm due counts once settled (docs/decisions/0048); open, it counts nothing.
  if (
    item.type === 'PostStormDue' &&
    typeof item.stormDay === 'string' &&
    (item.status === 'done' || item.status === 'late' || item.status === 'missed')
  )
    return {
      kind: 'post-storm',
      projectId: item.projectId as string,
      stormDay: item.stormDay,
      status: item.status,
    };
  return null;
}

/** Stream positions are decimal strings of up to 40 digits: padded, they compare as text. */
const position = (sequence: bigint) => sequence.toString().padStart(40, '0');

class AlreadyApplied extends ConflictError {}

/**
 * Applies one stream record (the item at `sourceKey` as it now is, `source` null when deleted or
 * no longer counting) to its project's statistics: the change from the ledger's copy, with the
 * ledger row, in one transaction. A position applied already, or passed, changes nothing.
 */
export async function applyStatisticsRecord(
  db: Db,
  record: {
    divisionId: string;
    projectId: string;
    sourceKey: string;
    sequence: bigint;
    source: StatisticsSource | null;
  },
): Promise<boolean> {
  const ledgerKey = statisticsKeys.ledger(record.divisionId, record.projectId, record.sourceKey);
  const [stored] = await batchGet(db, [ledgerKey]);
  const last: AppliedSource | undefined = stored
    ? {
        sequence: BigInt(stored.sequence as string),
        source: (stored.source as StatisticsSource | null) ?? null,
      }
    : undefined;
  const result = applyStreamRecord(last, record.sequence, record.source);
  if (!result) return false;
  const steps: TransactionStep[] = [
    {
      write: {
        Put: {
          TableName: db.tableName,
          Item: ledgerItem(
            record.divisionId,
            record.projectId,
            record.sourceKey,
            record.sequence,
            record.source,
          ),
          ConditionExpression: 'attribute_not_exists(pk) OR #sequence < :sequence',
          ExpressionAttributeNames: { '#sequence': 'sequence' },
          ExpressionAttributeValues: { ':sequence': position(record.sequence) },
        },
      },
      onConditionFailed: () => new AlreadyApplied('Applied already'),
    },
    ...counterSteps(db, record.divisionId, record.projectId, result.moved),
  ];
  try {
    await transact(db, steps);
    return true;
  } catch (error) {
    // Another delivery of this record, or a later one, got there first: nothing more to do.
    if (error instanceof AlreadyApplied) return false;
    throw error;
  }
}

/** The ADDs of `moved`, one Update an item: project-wide counters, and each month's days. */
function counterSteps(db: Db, divisionId: string, projectId: string, moved: Counters): TransactionStep[] {
  const byItem = new Map<string, Counters>();
  for (const [name, value] of Object.entries(moved)) {
    const day = counterDay(name);
    const sk = day ? `STATS#${day.slice(0, 7)}` : 'STATS';
    byItem.set(sk, { ...byItem.get(sk), [name]: value });
  }
  return [...byItem].map(([sk, counters]) => {
    const names: Record<string, string> = {};
    const values: Record<string, number> = {};
    const adds = Object.entries(counters).map(([name, value], i) => {
      names[`#c${i}`] = name;
      values[`:c${i}`] = value;
      return `#c${i} :c${i}`;
    });
    return {
      write: {
        Update: {
          TableName: db.tableName,
          Key: { pk: projectKeys.project(divisionId, projectId).pk, sk },
          UpdateExpression: `SET #type = :type, projectId = :projectId ADD ${adds.join(', ')}`,
          ExpressionAttributeNames: { ...names, '#type': 'type' },
          ExpressionAttributeValues: { ...values, ':type': 'Statistics', ':projectId': projectId },
        },
      },
    };
  });
}

const COUNTER_FIELDS = new Set(['pk', 'sk', 'type', 'projectId']);

function countersOf(item: Record<string, unknown> | undefined): Counters {
  if (!item) return {};
  return Object.fromEntries(
    // A counter moved back to zero stays as an attribute: it counts nothing.
    Object.entries(item).filter(
      ([name, value]) => !COUNTER_FIELDS.has(name) && typeof value === 'number' && value !== 0,
    ),
  ) as Counters;
}

/** The project-wide statistics of each project asked for (zeros for one with none yet). */
export async function getProjectStatistics(
  db: Db,
  divisionId: string,
  projectIds: readonly string[],
): Promise<Map<string, Counters>> {
  const items = await batchGet(
    db,
    projectIds.map((p) => statisticsKeys.project(divisionId, p)),
    false,
  );
  return new Map(
    projectIds.map((p) => [p, countersOf(itemAt(items, statisticsKeys.project(divisionId, p)))]),
  );
}

/** A project's daily counters of the months from `fromMonth` to `toMonth` ('YYYY-MM', both kept). */
export async function getMonthlyStatistics(
  db: Db,
  divisionId: string,
  projectIds: readonly string[],
  months: readonly string[],
): Promise<Map<string, Counters>> {
  const keys = projectIds.flatMap((p) => months.map((m) => statisticsKeys.month(divisionId, p, m)));
  const items = await batchGet(db, keys, false);
  return new Map(
    projectIds.map((p) => [
      p,
      Object.assign(
        {},
        ...months.map((m) => countersOf(itemAt(items, statisticsKeys.month(divisionId, p, m)))),
      ) as Counters,
    ]),
  );
}

/**
 * A project's daily counters of the months from `fromMonth` to `toMonth` ('YYYY-MM', both kept):
 * one Query of the project's partition over that key range, so a long range costs the months
 * that hold anything, not the months it spans (the compliance report).
 */
export async function getDailyStatistics(
  db: Db,
  divisionId: string,
  projectId: string,
  fromMonth: string,
  toMonth: string,
): Promise<Counters> {
  const counters: Counters = {};
  if (fromMonth > toMonth) return counters;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': projectKeys.project(divisionId, projectId).pk,
          ':from': statisticsKeys.month(divisionId, projectId, fromMonth).sk,
          ':to': statisticsKeys.month(divisionId, projectId, toMonth).sk,
        },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) Object.assign(counters, countersOf(item));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return counters;
}

/**
 * A project's inspections waiting for their compliance certification, oldest first, at most
 * `limit` (the Certifications Due widget shows a project's first ones; the rest follow when those
 * are certified).
 */
export async function listCertificationDue(
  db: Db,
  divisionId: string,
  projectId: string,
  limit: number,
): Promise<{ inspectionId: string; created_date: string }[]> {
  const result = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: 'byParent',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': statisticsKeys.certificationDue(divisionId, projectId) },
      Limit: limit,
    }),
  );
  return (result.Items ?? []).map((item) => ({
    inspectionId: item.inspectionId as string,
    created_date: item.created_date as string,
  }));
}
