import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError, ValidationError } from '@stormline/domain/errors';
import type { AppError } from '@stormline/domain/errors';
import type { CorrectiveActionKind } from '@stormline/domain/corrective-actions';
import { batchGet } from './batch-get';
import type { Db } from './dynamo';
import { findingLinkItem, padNumber } from './inspections';
import { queryPage } from './paging';
import { keysOfPartition } from './read-partition';
import type { PageOf } from './paging';
import { projectKeys } from './projects';
import { deleteKeys, putNewStep, transact } from './transact';
import type { TransactionStep } from './transact';

/**
 * Findings of a project (docs/data-model.md; docs/decisions/0018): numbered per project, listed
 * open first then closed (byParent `…#PROJECT#<p>#FINDINGS`), carried from inspection to
 * inspection by link rows until completed.
 */

export interface FindingRecord {
  id: string;
  divisionId: string;
  projectId: string;
  number: number;
  typeId: string;
  typeCode: string;
  typeName: string;
  color: string;
  is_required_for_cert: boolean;
  location: string;
  date_initiated: string;
  date_completed: string | null;
  condition: string | null;
  control_measure_id: string | null;
  comments: string | null;
  /**
   * The corrective action a CA finding of a project on the CGP needs (CGP 5.2, 0049), and the
   * local date it is due by; absent on findings of other projects and those saved before.
   */
  corrective_action?: CorrectiveActionKind | null;
  due_by?: string | null;
  initialInspectionId: string;
  imageCount: number;
  createdAt: string;
  createdBy: string | null;
  version: number;
}

export const findingKeys = {
  finding: (divisionId: string, findingId: string) => ({
    pk: `DIVISION#${divisionId}#FINDING#${findingId}`,
    sk: 'FINDING',
  }),
  ofProject: (divisionId: string, projectId: string) =>
    `DIVISION#${divisionId}#PROJECT#${projectId}#FINDINGS`,
  projectOrder: (finding: Pick<FindingRecord, 'date_completed' | 'number'>) =>
    `${finding.date_completed ? 'CLOSED' : 'OPEN'}#${padNumber(finding.number)}`,
  /** Open findings of the division by date initiated (sparse: only while open). */
  openOfDivision: (divisionId: string) => `DIVISION#${divisionId}#FINDINGS#OPEN`,
  /** The inspections a finding is linked to (byRelation). */
  inspectionsOf: (divisionId: string, findingId: string) =>
    `DIVISION#${divisionId}#FINDING#${findingId}#INSPECTIONS`,
};

const STRIP = ['pk', 'sk', 'type', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'lookup'];
export function toFinding(item: Record<string, unknown>): FindingRecord {
  const out = { ...item };
  for (const key of STRIP) delete out[key];
  return out as unknown as FindingRecord;
}

/**
 * The project's open findings, by number (a new inspection carries them over). Bounded by the
 * project's `openFindingCount`; read whole, consistently, since the create links every one.
 */
export async function listOpenFindingsOfProject(
  db: Db,
  divisionId: string,
  projectId: string,
): Promise<FindingRecord[]> {
  const findings: FindingRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        IndexName: 'byParent',
        KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :open)',
        ExpressionAttributeValues: { ':pk': findingKeys.ofProject(divisionId, projectId), ':open': 'OPEN#' },
        ExclusiveStartKey: startKey,
      }),
    );
    findings.push(...(page.Items ?? []).map(toFinding));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return findings;
}

/** Findings of the division by id, in the order asked; ids not found are left out. */
export async function getFindings(
  db: Db,
  divisionId: string,
  ids: readonly string[],
  consistent = true,
): Promise<FindingRecord[]> {
  const keys = [...new Set(ids)].map((id) => findingKeys.finding(divisionId, id));
  const items = await batchGet(db, keys, consistent);
  const byId = new Map(items.map((i) => [i.id as string, toFinding(i)]));
  return ids.flatMap((id) => {
    const finding = byId.get(id);
    return finding ? [finding] : [];
  });
}

const MAX_NUMBER = 999_999;

/** The item of a finding with its list keys: open findings also in the division's open list. */
export function findingItem(finding: FindingRecord): Record<string, unknown> {
  const d = finding.divisionId;
  return {
    ...findingKeys.finding(d, finding.id),
    type: 'Finding',
    gsi1pk: findingKeys.ofProject(d, finding.projectId),
    gsi1sk: findingKeys.projectOrder(finding),
    ...(finding.date_completed
      ? {}
      : { gsi2pk: findingKeys.openOfDivision(d), gsi2sk: `${finding.date_initiated}#${finding.id}` }),
    ...finding,
  };
}

export type NewFinding = Omit<FindingRecord, 'id' | 'number' | 'imageCount' | 'createdAt' | 'version'>;

/** An observation (note) of a finding: sorted by time under the finding, found by id through byLookup. */
export interface FindingNoteRecord {
  id: string;
  findingId: string;
  content: string;
  authorId: string;
  createdAt: string;
  updatedAt: string | null;
  version: number;
}

export const findingNoteKeys = {
  note: (divisionId: string, note: Pick<FindingNoteRecord, 'findingId' | 'createdAt' | 'id'>) => ({
    pk: findingKeys.finding(divisionId, note.findingId).pk,
    sk: `NOTE#${note.createdAt}#${note.id}`,
  }),
  lookup: (divisionId: string, noteId: string) => `DIVISION#${divisionId}#FINDINGNOTE#${noteId}`,
};

export function findingNoteStep(db: Db, divisionId: string, note: FindingNoteRecord): TransactionStep {
  return putNewStep(db, {
    ...findingNoteKeys.note(divisionId, note),
    type: 'FindingNote',
    lookup: findingNoteKeys.lookup(divisionId, note.id),
    divisionId,
    ...note,
  });
}

/**
 * Raises a finding in an inspection (0018): the project's `findingSeq` moves from the number read
 * (a concurrent raise makes the condition fail and the writer reads again; numbers are never
 * reused), the counts move, the finding and its link in the inspection are put, with `also` (the
 * first observation, the change log).
 */
export async function createFinding(
  db: Db,
  input: NewFinding,
  inspection: { id: string; number: number },
  also: (finding: FindingRecord) => TransactionStep[],
  now: Date,
): Promise<FindingRecord> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const { Item } = await db.doc.send(
      new GetCommand({
        TableName: db.tableName,
        Key: projectKeys.project(input.divisionId, input.projectId),
        ConsistentRead: true,
        ProjectionExpression: 'findingSeq',
      }),
    );
    if (!Item) throw new NotFoundError('Project not found');
    const seq = (Item.findingSeq as number | undefined) ?? 0;
    if (seq + 1 > MAX_NUMBER) throw new ValidationError('This project cannot hold more findings');
    const finding: FindingRecord = {
      ...input,
      id: randomUUID(),
      number: seq + 1,
      imageCount: 0,
      createdAt: now.toISOString(),
      version: 0,
    };
    const open = finding.date_completed ? 0 : 1;
    try {
      await transact(db, [
        {
          write: {
            Update: {
              TableName: db.tableName,
              Key: projectKeys.project(input.divisionId, input.projectId),
              UpdateExpression: 'SET findingSeq = :next ADD findingCount :one, openFindingCount :open',
              ConditionExpression: `attribute_exists(pk) AND ${seq === 0 ? '(attribute_not_exists(findingSeq) OR findingSeq = :seq)' : 'findingSeq = :seq'}`,
              ExpressionAttributeValues: { ':seq': seq, ':next': seq + 1, ':one': 1, ':open': open },
            },
          },
          onConditionFailed: () => new FindingRaceError(),
        },
        putNewStep(db, findingItem(finding)),
        putNewStep(
          db,
          findingLinkItem(
            {
              divisionId: input.divisionId,
              projectId: input.projectId,
              id: inspection.id,
              number: inspection.number,
            },
            { findingId: finding.id, number: finding.number, typeCode: finding.typeCode },
            false,
          ),
        ),
        ...also(finding),
      ]);
      return finding;
    } catch (error) {
      if (error instanceof FindingRaceError) continue;
      throw error;
    }
  }
  throw new ConflictError('The project is busy; please try again');
}

class FindingRaceError extends ConflictError {}

/** A finding of the division; another division's id, existing or not, is not found. */
export async function getFinding(db: Db, divisionId: string, findingId: string): Promise<FindingRecord> {
  const { Item } = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: findingKeys.finding(divisionId, findingId),
      ConsistentRead: true,
    }),
  );
  if (!Item) throw new NotFoundError('Finding not found');
  return toFinding(Item);
}

/**
 * Rewrites a finding at the version read (stale: 409): its list keys follow date_completed, and
 * the project's open count moves when it opens or closes.
 */
export function findingUpdateSteps(db: Db, before: FindingRecord, after: FindingRecord): TransactionStep[] {
  const wasOpen = !before.date_completed;
  const isOpen = !after.date_completed;
  const next = { ...after, version: before.version + 1 };
  return [
    {
      write: {
        Put: {
          TableName: db.tableName,
          Item: findingItem(next),
          ConditionExpression: 'attribute_exists(pk) AND version = :expected',
          ExpressionAttributeValues: { ':expected': before.version },
        },
      },
      onConditionFailed: () =>
        new ConflictError('The finding was changed by someone else meanwhile. Reload it and try again.'),
    },
    ...(wasOpen === isOpen
      ? []
      : [
          {
            write: {
              Update: {
                TableName: db.tableName,
                Key: projectKeys.project(before.divisionId, before.projectId),
                UpdateExpression: 'ADD openFindingCount :by',
                ExpressionAttributeValues: { ':by': isOpen ? 1 : -1 },
              },
            },
          },
        ]),
  ];
}

/** The inspections a finding is linked to (raised in, carried into), by inspection number. */
export async function inspectionsOfFinding(
  db: Db,
  divisionId: string,
  findingId: string,
): Promise<
  { inspectionId: string; inspectionNumber: number; carriedOver: boolean; key: { pk: string; sk: string } }[]
> {
  const rows: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        IndexName: 'byRelation',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': findingKeys.inspectionsOf(divisionId, findingId) },
        ExclusiveStartKey: startKey,
      }),
    );
    rows.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return rows.map((r) => ({
    inspectionId: r.inspectionId as string,
    inspectionNumber: r.inspectionNumber as number,
    carriedOver: r.carriedOver === true,
    key: { pk: r.pk as string, sk: r.sk as string },
  }));
}

/**
 * Deletes a finding with its links, observations and image rows; the project's counts move. Rows
 * go first in transactions of 100, the finding last with the counts and `also`, so a failure
 * leaves the finding readable and the delete can be retried. The images' files are the caller's
 * to remove (it knows the store).
 */
export async function deleteFinding(db: Db, finding: FindingRecord, also: TransactionStep[]): Promise<void> {
  const d = finding.divisionId;
  const links = await inspectionsOfFinding(db, d, finding.id);
  const under = await keysOfPartition(db, findingKeys.finding(d, finding.id).pk);
  await deleteKeys(db, [...links.map((l) => l.key), ...under.filter((key) => key.sk !== 'FINDING')]);
  await transact(db, [
    {
      write: {
        Delete: {
          TableName: db.tableName,
          Key: findingKeys.finding(d, finding.id),
          ConditionExpression: 'version = :expected',
          ExpressionAttributeValues: { ':expected': finding.version },
        },
      },
      onConditionFailed: () =>
        new ConflictError('The finding was changed meanwhile. Reload it and try again.'),
    },
    {
      write: {
        Update: {
          TableName: db.tableName,
          Key: projectKeys.project(d, finding.projectId),
          UpdateExpression: 'ADD findingCount :minus, openFindingCount :open',
          ExpressionAttributeValues: { ':minus': -1, ':open': finding.date_completed ? 0 : -1 },
        },
      },
    },
    ...also,
  ]);
}

/** A finding's observations, newest first (spec 002 §2), read whole: a finding holds a handful. */
export async function listFindingNotes(
  db: Db,
  divisionId: string,
  findingId: string,
): Promise<FindingNoteRecord[]> {
  const result = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': findingKeys.finding(divisionId, findingId).pk, ':prefix': 'NOTE#' },
      ScanIndexForward: false,
      ConsistentRead: true,
    }),
  );
  return (result.Items ?? []).map(toNote);
}

function toNote(item: Record<string, unknown>): FindingNoteRecord {
  const { pk: _pk, sk: _sk, type: _type, lookup: _lookup, divisionId: _d, ...rest } = item;
  return rest as unknown as FindingNoteRecord;
}

/** An observation by id within the division (byLookup), or not found. */
export async function getFindingNote(db: Db, divisionId: string, noteId: string): Promise<FindingNoteRecord> {
  const result = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: 'byLookup',
      KeyConditionExpression: 'lookup = :lookup',
      ExpressionAttributeValues: { ':lookup': findingNoteKeys.lookup(divisionId, noteId) },
      Limit: 1,
    }),
  );
  const item = result.Items?.[0];
  if (!item) throw new NotFoundError('Note not found');
  return toNote(item);
}

export function findingNoteUpdateStep(
  db: Db,
  divisionId: string,
  note: FindingNoteRecord,
  content: string,
  now: Date,
): TransactionStep {
  return {
    write: {
      Update: {
        TableName: db.tableName,
        Key: findingNoteKeys.note(divisionId, note),
        UpdateExpression: 'SET content = :content, updatedAt = :at, version = :next',
        ConditionExpression: 'version = :expected',
        ExpressionAttributeValues: {
          ':content': content,
          ':at': now.toISOString(),
          ':next': note.version + 1,
          ':expected': note.version,
        },
      },
    },
    onConditionFailed: () => new ConflictError('The note was changed meanwhile. Reload it and try again.'),
  };
}

export function findingNoteDeleteStep(db: Db, divisionId: string, note: FindingNoteRecord): TransactionStep {
  return {
    write: {
      Delete: {
        TableName: db.tableName,
        Key: findingNoteKeys.note(divisionId, note),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    onConditionFailed: () => new NotFoundError('Note not found'),
  };
}

/**
 * A page of an inspection's findings by number (its link rows, then one BatchGet of the
 * findings); the type filter and `excludeCompleted` keep rows of the page (short pages, see
 * docs/data-model.md Paging).
 */
export async function listInspectionFindings(
  db: Db,
  divisionId: string,
  inspectionId: string,
  page: { pageSize: number; cursor?: string; typeCode?: string; excludeCompleted?: boolean },
): Promise<PageOf<FindingRecord>> {
  return queryPage(
    db,
    { partition: `DIVISION#${divisionId}#INSPECTION#${inspectionId}`, prefix: 'FINDING#' },
    {
      pageSize: page.pageSize,
      cursor: page.cursor,
      resolve: async (rows) => {
        const kept = rows.filter((r) => !page.typeCode || r.typeCode === page.typeCode);
        const findings = await getFindings(
          db,
          divisionId,
          kept.map((r) => r.findingId as string),
        );
        return findings.filter((f) => !page.excludeCompleted || !f.date_completed);
      },
    },
  );
}

/** The finding before or after `number` in an inspection (finding detail's Previous and Next). */
export async function neighbourFinding(
  db: Db,
  divisionId: string,
  inspectionId: string,
  number: number,
  direction: 'previous' | 'next',
): Promise<string | null> {
  const previous = direction === 'previous';
  const result = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': `DIVISION#${divisionId}#INSPECTION#${inspectionId}`,
        ':from': previous ? 'FINDING#000000' : `FINDING#${padNumber(number + 1)}`,
        ':to': previous ? `FINDING#${padNumber(Math.max(number - 1, 0))}` : 'FINDING#999999',
      },
      ScanIndexForward: !previous,
      Limit: 1,
    }),
  );
  const row = result.Items?.[0];
  return (row?.findingId as string | undefined) ?? null;
}

/** A photo of a finding: its file and thumbnail in storage, turned and drawn on. */
export interface FindingImageRecord {
  id: string;
  findingId: string;
  name: string;
  mime_type: string;
  objectKey: string;
  thumbnailKey: string;
  /**
   * The copy reports print (issue 22, docs/decisions/0045): upright, at most PRINT_PHOTO_MAX_SIDE on
   * its long side, made once from the original after the photo is stored. Absent until then, and
   * for good when the original could not be decoded: reports print `printKey ?? objectKey`.
   */
  printKey?: string;
  width: number;
  height: number;
  rotation: number;
  annotations: {
    kind: string;
    x: number;
    y: number;
    width?: number;
    height?: number;
    text?: string;
    color: string;
  }[];
  uploadedAt: string;
  uploadedBy: string;
  version: number;
}

export const findingImageKey = (divisionId: string, findingId: string, imageId: string) => ({
  pk: findingKeys.finding(divisionId, findingId).pk,
  sk: `IMAGE#${imageId}`,
});

export async function listFindingImages(
  db: Db,
  divisionId: string,
  findingId: string,
): Promise<FindingImageRecord[]> {
  const result = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': findingKeys.finding(divisionId, findingId).pk,
        ':prefix': 'IMAGE#',
      },
      ConsistentRead: true,
    }),
  );
  return (result.Items ?? [])
    .map(
      ({ pk: _pk, sk: _sk, type: _type, divisionId: _d, ...rest }) => rest as unknown as FindingImageRecord,
    )
    .sort((a, b) => a.uploadedAt.localeCompare(b.uploadedAt));
}

export function findingImagePutStep(db: Db, divisionId: string, image: FindingImageRecord): TransactionStep {
  return putNewStep(db, {
    ...findingImageKey(divisionId, image.findingId, image.id),
    type: 'FindingImage',
    divisionId,
    ...image,
  });
}

/** Moves the finding's photo count (the list's camera badge), on a finding that must exist. */
/**
 * A finding's photo count, moved with a photo added or removed. `openOnly` refuses it (with
 * `whenCompleted`) if the finding was completed meanwhile: a completed finding keeps its photos.
 */
export function findingImageCountStep(
  db: Db,
  divisionId: string,
  findingId: string,
  by: number,
  whenCompleted?: () => AppError,
): TransactionStep {
  return {
    write: {
      Update: {
        TableName: db.tableName,
        Key: findingKeys.finding(divisionId, findingId),
        UpdateExpression: 'ADD imageCount :by',
        ConditionExpression: whenCompleted
          ? 'attribute_exists(pk) AND (attribute_not_exists(date_completed) OR date_completed = :open)'
          : 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':by': by, ...(whenCompleted ? { ':open': null } : {}) },
      },
    },
    onConditionFailed: () => whenCompleted?.() ?? new NotFoundError('Finding not found'),
  };
}

/** The key of a photo's print copy as stored now: null when it has none, undefined when the photo is gone. */
export async function storedPrintKeyOf(
  db: Db,
  divisionId: string,
  findingId: string,
  imageId: string,
): Promise<string | null | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: findingImageKey(divisionId, findingId, imageId),
      ProjectionExpression: 'pk, printKey',
      ConsistentRead: true,
    }),
  );
  if (!Item) return undefined;
  return typeof Item.printKey === 'string' ? Item.printKey : null;
}

/**
 * Records a photo's print copy. The version stays: the copy changes nothing a person edits, so a
 * turn or an annotation saved meanwhile is not refused as stale. False when the photo is gone.
 */
export async function recordFindingImagePrintKey(
  db: Db,
  divisionId: string,
  findingId: string,
  imageId: string,
  printKey: string,
): Promise<boolean> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: findingImageKey(divisionId, findingId, imageId),
        UpdateExpression: 'SET printKey = :printKey',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':printKey': printKey },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export function findingImageUpdateStep(
  db: Db,
  divisionId: string,
  image: FindingImageRecord,
  fields: Pick<FindingImageRecord, 'rotation' | 'annotations'>,
): TransactionStep {
  return {
    write: {
      Update: {
        TableName: db.tableName,
        Key: findingImageKey(divisionId, image.findingId, image.id),
        UpdateExpression: 'SET rotation = :rotation, annotations = :annotations, version = :next',
        ConditionExpression: 'version = :expected',
        ExpressionAttributeValues: {
          ':rotation': fields.rotation,
          ':annotations': fields.annotations,
          ':next': image.version + 1,
          ':expected': image.version,
        },
      },
    },
    onConditionFailed: () => new ConflictError('The photo was changed meanwhile. Reload it and try again.'),
  };
}

export function findingImageDeleteStep(
  db: Db,
  divisionId: string,
  image: FindingImageRecord,
): TransactionStep {
  return {
    write: {
      Delete: {
        TableName: db.tableName,
        Key: findingImageKey(divisionId, image.findingId, image.id),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    onConditionFailed: () => new NotFoundError('Photo not found'),
  };
}

/** A project's findings, open first then completed, each by number (the project's Findings tab). */
export async function listProjectFindings(
  db: Db,
  divisionId: string,
  projectId: string,
  page: { pageSize: number; cursor?: string },
): Promise<PageOf<FindingRecord>> {
  const result = await queryPage(
    db,
    { index: 'byParent', partition: findingKeys.ofProject(divisionId, projectId) },
    page,
  );
  return { items: result.items.map(toFinding), nextCursor: result.nextCursor };
}
