import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { generateKeyBetween } from 'fractional-indexing';
import { ConflictError, NotFoundError, ValidationError } from '@stormline/domain/errors';
import { removeAllAnnotations } from './annotations';
import type { Db } from './dynamo';
import { keys } from './keys';
import { queryPage } from './paging';
import type { PageOf } from './paging';
import { projectKeys } from './projects';
import { readPartition } from './read-partition';
import { getGroupInDivision, groupKeys, groupTouchedStep } from './regulations';
import { deleteStep, putNewStep, transact, versionedUpdateStep } from './transact';
import type { TransactionStep } from './transact';

/**
 * The documents of regulation groups (their Regulations tab) and of legend items (the BMP tab of
 * each group the legend item lists): one upload item per file, found by its GUID through the
 * lookup index, and one document row in its owner's partition that the owner's list reads in
 * the dragged order. An upload has exactly one owner; its writer rewrites that one row with it.
 */

/**
 * Who holds a document: a regulation group (shared by divisions), a legend item (one division's),
 * or one of a project's document types (Project Documents, Active Site Maps: spec 002 §2), each
 * type its own ordered list.
 */
export type DocumentOwner =
  | { kind: 'group'; groupId: string }
  | { kind: 'legend'; divisionId: string; legendItemId: string }
  | { kind: 'project'; divisionId: string; projectId: string; docTypeId: string };

/** The division a document belongs to; a group's documents belong to the group, shared by divisions. */
const ownerDivision = (owner: DocumentOwner) => (owner.kind === 'group' ? null : owner.divisionId);

/** A stored file as its item holds it: a document's, or a template logo's (template-logos.ts). */
export interface StoredFile {
  /** What downloads, renames and replaces name it by (/dl/{GUID}). */
  guid: string;
  /** The file's name as the user chose it (the download's file name). */
  name: string;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
  /** The file in the uploads bucket; a replacement gets a new one. */
  objectKey: string;
}

export function storedFileOf(item: Record<string, unknown>): StoredFile {
  return {
    guid: item.guid as string,
    name: item.name as string,
    mimeType: item.mimeType as string,
    size: item.size as number,
    width: (item.width as number | null | undefined) ?? null,
    height: (item.height as number | null | undefined) ?? null,
    objectKey: item.objectKey as string,
  };
}

export interface DocumentRecord extends StoredFile {
  id: string;
  owner: DocumentOwner;
  /** Where it sorts in its owner's list (fractional index: a move rewrites only its own row). */
  rank: string;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
  version: number;
}

/** A group or legend item holds at most this many documents, so a move reads its whole list. */
export const MAX_DOCUMENTS_PER_OWNER = 200;

export const documentKeys = {
  /** Group documents belong to a shared record, so their upload items carry no division. */
  upload: (owner: DocumentOwner, uploadId: string) =>
    owner.kind === 'group'
      ? { pk: `UPLOAD#${uploadId}`, sk: 'UPLOAD' }
      : documentKeys.divisionUpload(owner.divisionId, uploadId),
  /** A division's own document (a legend item's, a project's): its key needs no more than the division. */
  divisionUpload: (divisionId: string, uploadId: string) => ({
    pk: `DIVISION#${divisionId}#UPLOAD#${uploadId}`,
    sk: 'UPLOAD',
  }),
  ownerPartition: (owner: DocumentOwner) =>
    owner.kind === 'group'
      ? `GROUP#${owner.groupId}`
      : owner.kind === 'legend'
        ? `DIVISION#${owner.divisionId}#LEGEND#${owner.legendItemId}`
        : `DIVISION#${owner.divisionId}#PROJECT#${owner.projectId}#DOCTYPE#${owner.docTypeId}`,
  row: (owner: DocumentOwner, uploadId: string) => ({
    pk: documentKeys.ownerPartition(owner),
    sk: `DOC#${uploadId}`,
  }),
  /** The owner's list, in the dragged order. */
  list: (owner: DocumentOwner) => `${documentKeys.ownerPartition(owner)}#DOCS`,
  guid: (guid: string) => `GUID#${guid}`,
};

/** The shape lists and answers show (spec 001 §3, Document/upload). */
export function documentView(doc: DocumentRecord) {
  return {
    id: doc.id,
    GUID: doc.guid,
    name: doc.name,
    mime_type: doc.mimeType,
    size: doc.size,
    width: doc.width,
    height: doc.height,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    version: doc.version,
  };
}

export type DocumentView = ReturnType<typeof documentView>;

function toDocument(item: Record<string, unknown>): DocumentRecord {
  return {
    id: item.id as string,
    ...storedFileOf(item),
    owner: item.owner as DocumentOwner,
    rank: item.rank as string,
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
    createdBy: item.createdBy as string,
    version: item.version as number,
  };
}

function fieldsOf(doc: DocumentRecord) {
  return {
    id: doc.id,
    guid: doc.guid,
    name: doc.name,
    mimeType: doc.mimeType,
    size: doc.size,
    width: doc.width,
    height: doc.height,
    objectKey: doc.objectKey,
    owner: doc.owner,
    rank: doc.rank,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    createdBy: doc.createdBy,
    version: doc.version,
  };
}

const rowOrder = (doc: Pick<DocumentRecord, 'rank' | 'id'>) => `${doc.rank}#${doc.id}`;

function uploadItem(doc: DocumentRecord) {
  return {
    ...documentKeys.upload(doc.owner, doc.id),
    type: 'Upload',
    lookup: documentKeys.guid(doc.guid),
    ...fieldsOf(doc),
  };
}

function rowItem(doc: DocumentRecord) {
  return {
    ...documentKeys.row(doc.owner, doc.id),
    type: 'Document',
    gsi1pk: documentKeys.list(doc.owner),
    gsi1sk: rowOrder(doc),
    ...fieldsOf(doc),
  };
}

const notFound = () => new NotFoundError('Document not found');

/**
 * What the owner's own item says when a document comes or goes: a group moves its count and Date
 * Modified (and must exist); a legend item must exist (steps from legend-items.ts are passed in).
 */
export type OwnerStep = (change: -1 | 0 | 1) => TransactionStep[];

export function groupOwnerStep(db: Db, groupId: string, now: Date): OwnerStep {
  return (change) => [groupTouchedStep(db, groupId, now, change)];
}

/** A legend item must still exist for its documents to change (its item: legend-items.ts). */
export function legendOwnerStep(db: Db, divisionId: string, legendItemId: string): OwnerStep {
  return () => [
    {
      write: {
        ConditionCheck: {
          TableName: db.tableName,
          Key: { pk: `DIVISION#${divisionId}#LEGEND#${legendItemId}`, sk: 'LEGEND' },
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      onConditionFailed: () => new NotFoundError('Legend item not found'),
    },
  ];
}

/** A project must still exist for its documents to change. */
export function projectOwnerStep(db: Db, divisionId: string, projectId: string): OwnerStep {
  return () => [
    {
      write: {
        ConditionCheck: {
          TableName: db.tableName,
          Key: projectKeys.project(divisionId, projectId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      onConditionFailed: () => new NotFoundError('Project not found'),
    },
  ];
}

/** The owner step for whichever owner a document has. */
export function ownerStepOf(db: Db, owner: DocumentOwner, now: Date): OwnerStep {
  if (owner.kind === 'group') return groupOwnerStep(db, owner.groupId, now);
  if (owner.kind === 'legend') return legendOwnerStep(db, owner.divisionId, owner.legendItemId);
  return projectOwnerStep(db, owner.divisionId, owner.projectId);
}

/** Every document row of an owner, read consistently (bounded by MAX_DOCUMENTS_PER_OWNER). */
async function allRows(db: Db, owner: DocumentOwner): Promise<DocumentRecord[]> {
  const rows = await readPartition(db, documentKeys.ownerPartition(owner), 'DOC#');
  return rows.map(toDocument).sort((a, b) => (rowOrder(a) < rowOrder(b) ? -1 : 1));
}

/**
 * Records a checked file as a new document at the end of its owner's list: the upload item, the
 * row and the owner's own change in one transaction.
 */
export async function addDocument(
  db: Db,
  input: Omit<DocumentRecord, 'rank' | 'version' | 'updatedAt'>,
  ownerStep: OwnerStep,
  extra: readonly TransactionStep[] = [],
): Promise<DocumentRecord> {
  const rows = await allRows(db, input.owner);
  if (rows.length >= MAX_DOCUMENTS_PER_OWNER)
    throw new ValidationError(`A list holds at most ${MAX_DOCUMENTS_PER_OWNER} documents`);
  const last = rows.at(-1)?.rank ?? null;
  const doc: DocumentRecord = {
    ...input,
    rank: generateKeyBetween(last, null),
    updatedAt: input.createdAt,
    version: 0,
  };
  await transact(db, [
    ...ownerStep(1),
    putNewStep(db, uploadItem(doc)),
    putNewStep(db, rowItem(doc)),
    ...extra,
  ]);
  return doc;
}

/** What the loser of a double submit is told: its twin is recording the same file. */
export const UPLOAD_TAKEN_MESSAGE = 'This file has already been added. Refresh to see it.';

const uploadClaimKey = (pendingKey: string) => ({ pk: `UPLOADED#${pendingKey}`, sk: 'UPLOADED' });

/**
 * How long a request holds its claim before it records: well past the longest a route's Lambda
 * may run (15 s, infra's StormlineFunction; an infra test keeps every upload route under it), so
 * a claim left by a request that crashed or timed out frees the upload within minutes, not a day.
 */
export const UPLOAD_CLAIM_LEASE_SECONDS = 120;
const RECORDED_CLAIM_SECONDS = 24 * 60 * 60;
const epochSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** A request's claim on an upload: its token tells its claim from a later request's. */
export interface UploadClaim {
  pendingKey: string;
  token: string;
}

/**
 * Claims an upload for one request before its file is read or moved: of two requests recording
 * the same upload (a double submit, or the same one again), one goes on and the others answer 409
 * at once, never touching the file the first one is moving (a read of a file moved meanwhile was
 * a 500). The claim is a lease (UPLOAD_CLAIM_LEASE_SECONDS); the record's own transaction keeps
 * it for the day (uploadRecordedStep), and the request releases it if it records nothing.
 */
export async function claimUpload(db: Db, pendingKey: string, now: Date): Promise<UploadClaim> {
  const claim = { pendingKey, token: randomUUID() };
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          ...uploadClaimKey(pendingKey),
          type: 'UploadRecorded',
          claimToken: claim.token,
          heldUntil: epochSeconds(now) + UPLOAD_CLAIM_LEASE_SECONDS,
          expiresAt: epochSeconds(now) + RECORDED_CLAIM_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR heldUntil < :now',
        ExpressionAttributeValues: { ':now': epochSeconds(now) },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new ConflictError(UPLOAD_TAKEN_MESSAGE);
    throw error;
  }
  return claim;
}

/**
 * The step that records the upload as added, in the same transaction as the record itself: the
 * claim is kept for the day, so a resubmit is told the file is added. Refused when the claim is no
 * longer this request's (its lease ran out and another request took it): nothing is recorded twice.
 */
export function uploadRecordedStep(db: Db, claim: UploadClaim): TransactionStep {
  return {
    write: {
      Update: {
        TableName: db.tableName,
        Key: uploadClaimKey(claim.pendingKey),
        UpdateExpression: 'SET heldUntil = expiresAt',
        ConditionExpression: 'claimToken = :token',
        ExpressionAttributeValues: { ':token': claim.token },
      },
    },
    onConditionFailed: () => new ConflictError(UPLOAD_TAKEN_MESSAGE),
  };
}

/** Gives a claim back when its request recorded nothing; a claim another request holds stays. */
export async function releaseUpload(db: Db, claim: UploadClaim): Promise<void> {
  try {
    await db.doc.send(
      new DeleteCommand({
        TableName: db.tableName,
        Key: uploadClaimKey(claim.pendingKey),
        ConditionExpression: 'claimToken = :token',
        ExpressionAttributeValues: { ':token': claim.token },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** One page of an owner's documents in their dragged order. */
export async function listDocuments(
  db: Db,
  owner: DocumentOwner,
  page: { pageSize: number; cursor?: string },
): Promise<PageOf<DocumentRecord>> {
  return queryPage(
    db,
    { index: 'byParent', partition: documentKeys.list(owner) },
    { ...page, resolve: async (rows) => rows.map(toDocument) },
  );
}

/** The first documents of each group (GET /api/groups?includeUploads): one Query per group. */
export async function firstDocumentsOfGroups(
  db: Db,
  groupIds: readonly string[],
  limit = 15,
): Promise<Map<string, DocumentView[]>> {
  const entries = await Promise.all(
    groupIds.map(async (groupId) => {
      const { Items } = await db.doc.send(
        new QueryCommand({
          TableName: db.tableName,
          IndexName: 'byParent',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': documentKeys.list({ kind: 'group', groupId }) },
          Limit: limit,
        }),
      );
      return [groupId, (Items ?? []).map((i) => documentView(toDocument(i)))] as const;
    }),
  );
  return new Map(entries);
}

/** An owner's document by its id, read consistently; not found outside that owner. */
export async function getDocument(db: Db, owner: DocumentOwner, uploadId: string): Promise<DocumentRecord> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: documentKeys.row(owner, uploadId), ConsistentRead: true }),
  );
  if (!Item) throw notFound();
  return toDocument(Item);
}

/**
 * A project's document by its id (DELETE /api/projects/{id}/uploads/{uploadId} names no type):
 * its upload item in the division, read consistently; not found unless it is that project's.
 */
export async function getProjectDocument(
  db: Db,
  divisionId: string,
  projectId: string,
  uploadId: string,
): Promise<DocumentRecord & { owner: Extract<DocumentOwner, { kind: 'project' }> }> {
  const { Item } = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: documentKeys.divisionUpload(divisionId, uploadId),
      ConsistentRead: true,
    }),
  );
  if (!Item) throw notFound();
  const doc = toDocument(Item);
  if (doc.owner.kind !== 'project' || doc.owner.projectId !== projectId) throw notFound();
  return doc as DocumentRecord & { owner: Extract<DocumentOwner, { kind: 'project' }> };
}

/**
 * A document by its GUID: the lookup index names the upload item, which is then read
 * consistently. Who may see it is the caller's to check against `owner`.
 */
export async function findDocumentByGuid(db: Db, guid: string): Promise<DocumentRecord> {
  const key = await findGuidKey(db, guid);
  if (!key || key.sk !== 'UPLOAD') throw notFound();
  return documentAt(db, key);
}

/**
 * The key of the item a GUID names (byLookup): a document's upload item (sk `UPLOAD`), or a
 * template logo (template-logos.ts), which only the download route opens; null when none.
 */
export async function findGuidKey(db: Db, guid: string): Promise<{ pk: string; sk: string } | null> {
  const { Items } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: 'byLookup',
      KeyConditionExpression: 'lookup = :guid',
      ExpressionAttributeValues: { ':guid': documentKeys.guid(guid) },
      ProjectionExpression: 'pk, sk',
      Limit: 1,
    }),
  );
  return (Items?.[0] as { pk: string; sk: string } | undefined) ?? null;
}

/** The document whose upload item is at `key` (from findGuidKey), read consistently. */
export async function documentAt(db: Db, key: { pk: string; sk: string }): Promise<DocumentRecord> {
  if (key.sk !== 'UPLOAD') throw notFound();
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }),
  );
  if (!Item) throw notFound();
  return toDocument(Item);
}

/**
 * A document by its GUID as seen from the request's division: a group's document only while the
 * division holds the group, a legend item's only in the legend item's own division. Another
 * division's document is not found.
 */
export async function getDocumentByGuidInDivision(
  db: Db,
  guid: string,
  divisionId: string,
): Promise<DocumentRecord> {
  const doc = await findDocumentByGuid(db, guid);
  if (doc.owner.kind !== 'group') {
    if (ownerDivision(doc.owner) !== divisionId) throw notFound();
    return doc;
  }
  await getGroupInDivision(db, divisionId, doc.owner.groupId).catch(() => {
    throw notFound();
  });
  return doc;
}

/**
 * A document by its id as the request's division may name it (the spec's uploadId: realtime
 * channels, annotations): the division's own (a legend item's or a project's), else a regulation
 * group's, which the caller's access check then ties to a division holding the group. Null if none.
 */
export async function findDocumentById(
  db: Db,
  divisionId: string,
  uploadId: string,
): Promise<DocumentRecord | null> {
  for (const pk of [`DIVISION#${divisionId}#UPLOAD#${uploadId}`, `UPLOAD#${uploadId}`]) {
    const { Item } = await db.doc.send(
      new GetCommand({ TableName: db.tableName, Key: { pk, sk: 'UPLOAD' }, ConsistentRead: true }),
    );
    if (Item) return toDocument(Item);
  }
  return null;
}

/**
 * Whether a user may reach a document through one of their divisions (a download link carries no
 * division): the legend item's division, or any division holding the group, must be one of the
 * user's. With `divisionId` (the request named one, and the guard checked the membership) that
 * division must be such a one.
 */
export async function userReachesDocument(
  db: Db,
  doc: DocumentRecord,
  userId: string,
  divisionId: string | null,
): Promise<boolean> {
  const holding =
    doc.owner.kind !== 'group'
      ? [doc.owner.divisionId]
      : (await readPartition(db, groupKeys.group(doc.owner.groupId).pk, 'DIVISION#', 'divisionId')).map(
          (i) => i.divisionId as string,
        );
  return userInOneOf(db, holding, userId, divisionId);
}

/**
 * Whether a user belongs to one of `holding` (the divisions holding a shared record): with
 * `divisionId` (the request named one, and the guard checked the membership) that division must
 * be one of them; without (a download link carries no division), any membership will do.
 */
export async function userInOneOf(
  db: Db,
  holding: readonly string[],
  userId: string,
  divisionId: string | null,
): Promise<boolean> {
  if (divisionId !== null) return holding.includes(divisionId);
  if (holding.length === 0) return false;
  for (let i = 0; i < holding.length; i += 100) {
    const result = await db.doc.send(
      new BatchGetCommand({
        RequestItems: {
          [db.tableName]: {
            Keys: holding.slice(i, i + 100).map((d) => keys.membership(userId, d)),
            ProjectionExpression: 'pk',
            ConsistentRead: true,
          },
        },
      }),
    );
    if ((result.Responses?.[db.tableName] ?? []).length > 0) return true;
  }
  return false;
}

/** The one writer of a document's fields: its upload item (versioned) and its row together. */
async function updateDocument(
  db: Db,
  before: DocumentRecord,
  changes: Partial<
    Pick<DocumentRecord, 'name' | 'mimeType' | 'size' | 'width' | 'height' | 'objectKey' | 'rank'>
  >,
  version: number,
  now: Date,
  ownerStep: OwnerStep,
  extra: readonly TransactionStep[] = [],
): Promise<DocumentRecord> {
  const after: DocumentRecord = { ...before, ...changes, updatedAt: now.toISOString(), version: version + 1 };
  const fields = { ...changes, updatedAt: after.updatedAt };
  await transact(db, [
    versionedUpdateStep(db, documentKeys.upload(before.owner, before.id), fields, version, notFound),
    versionedUpdateStep(
      db,
      documentKeys.row(before.owner, before.id),
      { ...fields, gsi1sk: rowOrder(after) },
      version,
      notFound,
    ),
    ...ownerStep(0),
    ...extra,
  ]);
  return after;
}

export function renameDocument(
  db: Db,
  doc: DocumentRecord,
  name: string,
  version: number,
  now: Date,
  ownerStep: OwnerStep,
): Promise<DocumentRecord> {
  return updateDocument(db, doc, { name }, version, now, ownerStep);
}

/** The checked replacement file: new object, type, size and dimensions; the name stays. */
export function replaceDocumentFile(
  db: Db,
  doc: DocumentRecord,
  file: Pick<DocumentRecord, 'mimeType' | 'size' | 'width' | 'height' | 'objectKey'>,
  version: number,
  now: Date,
  ownerStep: OwnerStep,
  extra: readonly TransactionStep[] = [],
): Promise<DocumentRecord> {
  return updateDocument(db, doc, file, version, now, ownerStep, extra);
}

/**
 * Moves one document to position `order` (0 first) of its owner's list: a new rank between its
 * new neighbours, so only its own row changes. Answers the list in its new order.
 */
export async function moveDocument(
  db: Db,
  owner: DocumentOwner,
  uploadId: string,
  order: number,
  now: Date,
  ownerStep: OwnerStep,
): Promise<DocumentRecord[]> {
  const rows = await allRows(db, owner);
  const moving = rows.find((r) => r.id === uploadId);
  if (!moving) throw notFound();
  const others = rows.filter((r) => r.id !== uploadId);
  const at = Math.min(Math.max(order, 0), others.length);
  const before = others[at - 1]?.rank ?? null;
  const after = others[at]?.rank ?? null;
  // Already there (its rank lies between the neighbours): nothing to write.
  const inPlace = (before === null || moving.rank > before) && (after === null || moving.rank < after);
  const moved = inPlace
    ? moving
    : await updateDocument(
        db,
        moving,
        { rank: generateKeyBetween(before, after === before ? null : after) },
        moving.version,
        now,
        ownerStep,
      );
  others.splice(at, 0, moved);
  return others;
}

/**
 * Removes a document's upload item and row with the owner's change, and `checks` (conditions the
 * caller's rules hold in the same transaction); answers the file to delete.
 */
export async function removeDocument(
  db: Db,
  owner: DocumentOwner,
  uploadId: string,
  ownerStep: OwnerStep,
  checks: readonly TransactionStep[] = [],
): Promise<DocumentRecord> {
  const doc = await getDocument(db, owner, uploadId);
  await transact(db, [
    {
      write: {
        Delete: {
          TableName: db.tableName,
          Key: documentKeys.row(owner, uploadId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      onConditionFailed: notFound,
    },
    deleteStep(db, documentKeys.upload(owner, uploadId)),
    ...ownerStep(-1),
    ...checks,
  ]);
  await removeAllAnnotations(db, documentKeys.ownerPartition(owner), uploadId);
  return doc;
}

/**
 * Every document of an owner that is gone (a destroyed group, a deleted legend item): rows and
 * upload items in batches. Answers the files to delete. Their owner no longer exists, so
 * nothing reads these rows meanwhile.
 */
export async function removeAllDocuments(db: Db, owner: DocumentOwner): Promise<string[]> {
  const rows = await allRows(db, owner);
  const keys = rows.flatMap((doc) => [documentKeys.row(owner, doc.id), documentKeys.upload(owner, doc.id)]);
  for (let i = 0; i < keys.length; i += 25) {
    let request: Record<string, { DeleteRequest: { Key: Record<string, unknown> } }[]> | undefined = {
      [db.tableName]: keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } })),
    };
    while (request && Object.keys(request).length > 0) {
      const result = await db.doc.send(new BatchWriteCommand({ RequestItems: request }));
      request = result.UnprocessedItems as typeof request;
    }
  }
  for (const doc of rows) await removeAllAnnotations(db, documentKeys.ownerPartition(owner), doc.id);
  return rows.map((doc) => doc.objectKey);
}
