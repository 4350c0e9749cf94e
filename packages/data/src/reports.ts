import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, TooManyRequestsError } from '@stormline/domain/errors';
import {
  PRINTS_PER_USER_PER_MINUTE,
  REPORT_FILE_DAYS,
  REPORT_MESSAGES,
  type ReportJob,
  type ReportStatus,
} from '@stormline/domain/reports';
import type { Db } from './dynamo';
import { reportChannelKey } from './report-channels';
import { INDEXES, TTL_ATTRIBUTE } from './table';
import { transact } from './transact';

/**
 * Print jobs (docs/decisions/0042; docs/data-model.md "Files, maps and jobs"). Two items a job,
 * and the user's count of jobs begun this minute:
 * the REPORT item in the division's partition (what GET /api/reports/{id}, the state machine's
 * tasks and the download read by GetItem), and a claim of its channel key (`status:report:{job}:
 * {key}`), which makes the key unique and answers the channel check by GetItem. Both expire
 * REPORT_FILE_DAYS after the job began, with the file.
 */

export interface ReportRecord {
  id: string;
  job: ReportJob;
  key: string;
  userId: string;
  divisionId: string;
  projectId: string;
  status: ReportStatus;
  completed: number;
  total: number;
  message: string | null;
  title: string;
  /** The begin's body as validated (the planner reads it). */
  body: Record<string, unknown>;
  /** The merged PDF's key once done. */
  fileKey: string | null;
  createdAt: string;
  updatedAt: string;
}

export const reportKeys = {
  report: (divisionId: string, reportId: string) => ({
    pk: `DIVISION#${divisionId}#REPORT#${reportId}`,
    sk: 'REPORT',
  }),
  /** The download link names no division (a plain navigation): the byLookup index finds the job by id. */
  lookup: (reportId: string) => `REPORT#${reportId}`,
  /** The channel's claim: one job per channel key, whoever's (report-channels.ts). */
  channel: (job: ReportJob, key: string) => reportChannelKey(job, key),
  /** A user's count of jobs begun in one clock minute ('2026-11-30T03:41'). */
  beganInMinute: (userId: string, minute: string) => ({ pk: `USER#${userId}#PRINTS`, sk: minute }),
};

/** Where a report's files are: its plan, its printed parts, the merged file. */
export const reportFileKeys = {
  plan: (divisionId: string, reportId: string) => `reports/${divisionId}/${reportId}/plan.json`,
  part: (divisionId: string, reportId: string, index: number) =>
    `reports/${divisionId}/${reportId}/part-${index}.pdf`,
  file: (divisionId: string, reportId: string) => `reports/${divisionId}/${reportId}.pdf`,
};

const expiry = (now: Date) => Math.floor(now.getTime() / 1000) + REPORT_FILE_DAYS * 24 * 60 * 60;

const STRIP = ['pk', 'sk', 'type', 'lookup', 'partsDone', TTL_ATTRIBUTE];
function toReport(item: Record<string, unknown>): ReportRecord {
  const out = { ...item };
  for (const key of STRIP) delete out[key];
  return out as unknown as ReportRecord;
}

/** The message a reused channel key answers (409). */
export const KEY_IN_USE = 'This print key is already in use: press Print again';

/**
 * Records a job as requested (0 of 0) with its channel claim, both or neither. A key already
 * claimed (by anyone: the channel's name is global) answers ConflictError KEY_IN_USE.
 */
export async function createReport(
  db: Db,
  report: Omit<
    ReportRecord,
    'status' | 'completed' | 'total' | 'message' | 'fileKey' | 'createdAt' | 'updatedAt'
  >,
  now: Date,
): Promise<ReportRecord> {
  const record: ReportRecord = {
    ...report,
    status: 'requested',
    completed: 0,
    total: 0,
    message: null,
    fileKey: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  const ttl = { [TTL_ATTRIBUTE]: expiry(now) };
  await transact(db, [
    {
      // At most PRINTS_PER_USER_PER_MINUTE a minute, counted in the same transaction as the job.
      write: {
        Update: {
          TableName: db.tableName,
          Key: reportKeys.beganInMinute(report.userId, now.toISOString().slice(0, 16)),
          UpdateExpression: 'ADD #began :one SET #expires = :expires',
          ConditionExpression: 'attribute_not_exists(#began) OR #began < :most',
          ExpressionAttributeNames: { '#began': 'began', '#expires': TTL_ATTRIBUTE },
          ExpressionAttributeValues: {
            ':one': 1,
            ':most': PRINTS_PER_USER_PER_MINUTE,
            ':expires': Math.floor(now.getTime() / 1000) + 120,
          },
        },
      },
      onConditionFailed: () => new TooManyRequestsError(REPORT_MESSAGES.tooManyPrints),
    },
    {
      write: {
        Put: {
          TableName: db.tableName,
          Item: {
            ...reportKeys.channel(report.job, report.key),
            type: 'ReportChannel',
            reportId: report.id,
            userId: report.userId,
            divisionId: report.divisionId,
            ...ttl,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      onConditionFailed: () => new ConflictError(KEY_IN_USE),
    },
    {
      write: {
        Put: {
          TableName: db.tableName,
          Item: {
            ...reportKeys.report(report.divisionId, report.id),
            type: 'Report',
            lookup: reportKeys.lookup(report.id),
            ...record,
            ...ttl,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
  ]);
  return record;
}

export async function getReport(db: Db, divisionId: string, reportId: string): Promise<ReportRecord | null> {
  const { Item } = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: reportKeys.report(divisionId, reportId),
      ConsistentRead: true,
    }),
  );
  return Item ? toReport(Item) : null;
}

/**
 * A job by its id alone (the download link): the byLookup index names its item, read again
 * consistently. Null when there is none.
 */
export async function findReport(db: Db, reportId: string): Promise<ReportRecord | null> {
  const { Items } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: INDEXES.byLookup.indexName,
      KeyConditionExpression: 'lookup = :lookup',
      ExpressionAttributeValues: { ':lookup': reportKeys.lookup(reportId) },
      Limit: 1,
    }),
  );
  const found = Items?.[0];
  return found ? getReport(db, found.divisionId as string, reportId) : null;
}

type ReportRef = Pick<ReportRecord, 'divisionId' | 'id'>;

/** An update of a running job; null when the job is no longer running (ended meanwhile). */
async function updateRunning(
  db: Db,
  report: ReportRef,
  update: string,
  values: Record<string, unknown>,
  extraCondition = '',
): Promise<ReportRecord | null> {
  try {
    const { Attributes } = await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: reportKeys.report(report.divisionId, report.id),
        UpdateExpression: update,
        ConditionExpression: `attribute_exists(pk) AND #status IN (:requested, :progress)${extraCondition}`,
        // Several of the job's attribute names are DynamoDB reserved words: all are named.
        ExpressionAttributeNames: Object.fromEntries(
          ['status', 'total', 'completed', 'message']
            .filter((n) => update.includes(`#${n}`))
            .map((n) => [`#${n}`, n])
            .concat([['#status', 'status']]),
        ),
        ExpressionAttributeValues: { ':requested': 'requested', ':progress': 'progress', ...values },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? toReport(Attributes) : null;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return null;
    throw error;
  }
}

/** The plan is made: progress, 0 of its parts. */
export function setReportPlanned(db: Db, report: ReportRef, total: number, now: Date) {
  return updateRunning(
    db,
    report,
    'SET #status = :progress, #total = :total, #completed = :zero, updatedAt = :now',
    { ':total': total, ':zero': 0, ':now': now.toISOString() },
  );
}

/**
 * One part printed: counted atomically (ADD), once per part even when a task is retried (the
 * part's index joins a number set in the same update, on the condition it is not in it yet).
 * Answers the job as it now stands, or null when that part was counted already or the job ended.
 */
export function countReportPart(db: Db, report: ReportRef, index: number, now: Date) {
  return updateRunning(
    db,
    report,
    'SET updatedAt = :now ADD #completed :one, partsDone :part',
    { ':now': now.toISOString(), ':one': 1, ':part': new Set([index]), ':index': index },
    ' AND (attribute_not_exists(partsDone) OR NOT contains(partsDone, :index))',
  );
}

/** Done: the merged file's key. */
export function finishReport(db: Db, report: ReportRef, fileKey: string, now: Date) {
  return updateRunning(db, report, 'SET #status = :done, fileKey = :file, updatedAt = :now', {
    ':done': 'done',
    ':file': fileKey,
    ':now': now.toISOString(),
  });
}

/** Error, with the reason the user reads. A job already ended keeps its end (null). */
export function failReport(db: Db, report: ReportRef, message: string, now: Date) {
  return updateRunning(db, report, 'SET #status = :error, #message = :message, updatedAt = :now', {
    ':error': 'error',
    ':message': message,
    ':now': now.toISOString(),
  });
}
