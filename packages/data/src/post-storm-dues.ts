import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { PostStormSettlement } from '@stormline/domain/post-storm-dues';
import type { InspectionType } from '@stormline/domain/template-model';
import type { Db } from './dynamo';
import { inspectionKeys } from './inspections';
import { queryPage } from './paging';
import type { PageOf } from './paging';
import { projectKeys } from './projects';
import { queryAll } from './read-partition';
import { INDEXES } from './table';

/**
 * A post-storm inspection due on a project (issue 23, docs/decisions/0046-0048): rain at the site
 * reached its permit's threshold, so a post-storm inspection is due by `dueBy`. The rainfall job
 * records it once per project and storm (the storm's counted hour is in the key, and the Put is
 * conditional), in the project's partition; the notifications stream announces its arrival; a
 * post-storm inspection started in the window marks it done, the post-storm job marks it missed
 * after `dueBy`, and one done after that marks it late. The division's open dues are listed by
 * deadline from byParent `DIVISION#<d>#POSTSTORM#DUE` (Inspections Due), so no read grows with
 * the dues already settled.
 */

/** 'due' until settled; then 'done' (in time), 'missed' (past the deadline) or 'late' (done after it). */
export const POST_STORM_STATUSES = ['due', 'done', 'missed', 'late'] as const;
export type PostStormStatus = (typeof POST_STORM_STATUSES)[number];

/** Where the rainfall came from: the provider, or the local runtime's recorded weather. */
export type RainfallSource = 'open-meteo' | 'recorded';

export interface PostStormDueRecord {
  divisionId: string;
  projectId: string;
  /** The UTC hour ('YYYY-MM-DDTHH:00:00.000Z', its end) at which the storm was counted. */
  countedAt: string;
  /** When the post-storm inspection is due by, a UTC instant. */
  dueBy: string;
  /** 'rain' or 'snowmelt' (CGP 4.2.2(b)). */
  kind: 'rain' | 'snowmelt';
  /** The evidence: inches in the window, the window's UTC start and end, the source and the grid cell. */
  amountInches: number;
  windowStart: string;
  windowEnd: string;
  source: RainfallSource;
  cell: string;
  /** The permit rule's citation when it was counted (printed on the post-storm inspection). */
  citation: string;
  status: PostStormStatus;
  /** The post-storm inspection that settled it (done or late). */
  inspectionId: string | null;
  recordedAt: string;
  /** Set when it is settled (done, late or missed): the storm's day in the project's zone, which the compliance report counts it on. */
  stormDay?: string;
  settledAt?: string;
}

export const POST_STORM_PREFIX = 'POSTSTORM#';

export const postStormKeys = {
  due: (divisionId: string, projectId: string, countedAt: string) => ({
    pk: projectKeys.project(divisionId, projectId).pk,
    sk: `${POST_STORM_PREFIX}${countedAt}`,
  }),
  /** The division's open dues, by deadline (byParent). */
  openOfDivision: (divisionId: string) => `DIVISION#${divisionId}#POSTSTORM#DUE`,
};

const STRIP = ['pk', 'sk', 'type', 'gsi1pk', 'gsi1sk'];

export function toPostStormDue(item: Record<string, unknown>): PostStormDueRecord {
  const record = { ...item };
  for (const key of STRIP) delete record[key];
  return record as unknown as PostStormDueRecord;
}

/** The index attributes of a due that is still open; a settled one drops them (REMOVE gsi1pk, gsi1sk). */
export function openDueIndex(due: Pick<PostStormDueRecord, 'divisionId' | 'projectId' | 'dueBy'>) {
  return { gsi1pk: postStormKeys.openOfDivision(due.divisionId), gsi1sk: `${due.dueBy}#${due.projectId}` };
}

/**
 * Records a storm's post-storm due on its project, once: a second run that sees the same storm
 * (same counted hour) writes nothing. Answers whether it recorded it.
 */
export async function recordPostStormDue(
  db: Db,
  due: Omit<PostStormDueRecord, 'status' | 'inspectionId'>,
): Promise<boolean> {
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          ...postStormKeys.due(due.divisionId, due.projectId, due.countedAt),
          type: 'PostStormDue',
          ...due,
          status: 'due',
          inspectionId: null,
          ...openDueIndex(due),
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

/**
 * A project's post-storm dues counted from `fromCountedAt` on, up to `toCountedAt` when given
 * (both ends kept), oldest first.
 */
export async function listPostStormDuesOfProject(
  db: Db,
  divisionId: string,
  projectId: string,
  fromCountedAt = '',
  toCountedAt?: string,
): Promise<PostStormDueRecord[]> {
  const items = await queryAll(db, {
    TableName: db.tableName,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': projectKeys.project(divisionId, projectId).pk,
      ':from': `${POST_STORM_PREFIX}${fromCountedAt}`,
      ':to': `${POST_STORM_PREFIX}${toCountedAt ?? ''}~`,
    },
  });
  return items.map(toPostStormDue);
}

/** The division's open dues whose deadline is at or before `dueByTo` (a UTC instant), by deadline. */
export async function listOpenPostStormDues(
  db: Db,
  divisionId: string,
  dueByTo: string,
): Promise<PostStormDueRecord[]> {
  const items = await queryAll(db, {
    TableName: db.tableName,
    IndexName: INDEXES.byParent.indexName,
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :to',
    ExpressionAttributeValues: { ':pk': postStormKeys.openOfDivision(divisionId), ':to': `${dueByTo}~` },
  });
  return items.map(toPostStormDue);
}

/**
 * Settles a due (done, late or missed, docs/decisions/0048) holding on the status it was read
 * with, so two settlers at once (the inspection's writer and the hourly job) write it once: the
 * loser's condition fails and it answers false. A settled due leaves the open index.
 */
export async function settlePostStormDue(
  db: Db,
  due: Pick<PostStormDueRecord, 'divisionId' | 'projectId' | 'countedAt' | 'status'>,
  settlement: PostStormSettlement & { stormDay: string },
  now: Date,
): Promise<boolean> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: postStormKeys.due(due.divisionId, due.projectId, due.countedAt),
        UpdateExpression:
          'SET #status = :status, inspectionId = :inspection, stormDay = :day, settledAt = :now REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'attribute_exists(pk) AND #status = :was',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': settlement.status,
          ':inspection': settlement.inspectionId,
          ':day': settlement.stormDay,
          ':now': now.toISOString(),
          ':was': due.status,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

const POST_STORM_TYPES: readonly InspectionType[] = ['Post Storm', 'Routine + Post Storm'];

/**
 * A project's post-storm inspections ('Post Storm', 'Routine + Post Storm') dated at or after
 * `fromLocal` ('YYYY-MM-DDTHH:mm' in the project's zone): their ids and dates, from the by-type
 * links in the project's partition (two key ranges, no inspection read).
 */
export async function listPostStormInspectionsOfProject(
  db: Db,
  divisionId: string,
  projectId: string,
  fromLocal: string,
): Promise<{ inspectionId: string; created_date: string }[]> {
  const pk = projectKeys.project(divisionId, projectId).pk;
  const rows = await Promise.all(
    POST_STORM_TYPES.map((type) => {
      const prefix = inspectionKeys.byTypePrefix(type);
      return queryAll(db, {
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': pk, ':from': `${prefix}${fromLocal}`, ':to': `${prefix}~` },
        ConsistentRead: true,
      }).then((items) =>
        items.map((item) => ({
          inspectionId: item.inspectionId as string,
          created_date: (item.sk as string).slice(prefix.length).split('#')[0]!,
        })),
      );
    }),
  );
  return rows.flat();
}

/**
 * A page of the division's open dues by deadline (byParent, Inspections Due): `keep` leaves out
 * those the reader may not see, and the page fills from further rows (queryPage).
 */
export async function listOpenPostStormDuesPage(
  db: Db,
  divisionId: string,
  page: { pageSize: number; cursor?: string },
  keep: (dues: PostStormDueRecord[]) => Promise<PostStormDueRecord[]>,
): Promise<PageOf<PostStormDueRecord>> {
  return queryPage(
    db,
    { index: 'byParent', partition: postStormKeys.openOfDivision(divisionId) },
    { ...page, resolve: async (rows) => keep(rows.map(toPostStormDue)) },
  );
}
