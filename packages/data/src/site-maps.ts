import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError } from '@stormline/domain/errors';
import { CONVERSION_MESSAGES } from '@stormline/domain/site-maps';
import type { ConversionStatus } from '@stormline/domain/site-maps';
import type { Db } from './dynamo';
import { documentAt, documentKeys } from './documents';
import type { DocumentOwner, DocumentRecord } from './documents';
import { queryPage } from './paging';
import type { PageOf } from './paging';
import { queryAll } from './read-partition';
import { transact } from './transact';
import type { TransactionStep } from './transact';

/**
 * The conversion of an Active Site Map document into page images (docs/decisions/0038), in the
 * partition of the document's upload item (DIVISION#d#UPLOAD#u):
 * - CONVERSION: the current conversion (its id, status, completed/total, message) and the id of
 *   the last one that finished (`pagesConversionId`), whose pages are the document's pages;
 * - PAGE#{conversionId}#{nnnn}: a page image and its thumbnail, found by its GUID (/dl);
 * - THUMB#{conversionId}#{nnnn}: the thumbnail's own GUID, for /dl.
 * Pages are written under their conversion's id and read only through `pagesConversionId`, which
 * moves when a conversion is done: a page of a running or failed conversion is never listed. Once
 * listed, a page joins its project's site-map history (byParent, by the time it was listed), which
 * an inspection reads its site maps from; removing or replacing the document marks pages deleted,
 * never deletes them (their files stay for the inspections that used them).
 */

export interface ConversionRecord {
  divisionId: string;
  projectId: string;
  docTypeId: string;
  uploadId: string;
  conversionId: string;
  status: ConversionStatus;
  completed: number;
  total: number;
  message: string | null;
  /** The document's file when the conversion began: what the tasks render. */
  sourceKey: string;
  sourceMimeType: string;
  /** The conversion whose pages the document shows: the last one that was done. */
  pagesConversionId: string | null;
  /**
   * The most pages any finished conversion of the document had: its maps are pages 1 to this
   * (a map route's page check, one GetItem). Null for a document last converted before it was kept.
   */
  maxPagesEver: number | null;
  startedAt: string;
  updatedAt: string;
  startedBy: string | null;
}

export interface SiteMapPageRecord {
  id: string;
  /** /dl/{GUID} opens the page image. */
  guid: string;
  /** /dl/{GUID} opens the thumbnail. */
  thumbnailGuid: string;
  divisionId: string;
  projectId: string;
  uploadId: string;
  conversionId: string;
  /** 1 first. */
  page: number;
  width: number;
  height: number;
  thumbnailWidth: number;
  thumbnailHeight: number;
  imageKey: string;
  thumbnailKey: string;
  createdAt: string;
  /** When its conversion was done and it became the document's page (null before). */
  listedAt: string | null;
  /** The document's name then, kept for the inspections that show it after a rename or removal. */
  documentName: string | null;
  documentGuid: string | null;
  /** When the document was removed or its pages superseded by a newer conversion. */
  deletedAt: string | null;
}

const conversionKey = (divisionId: string, uploadId: string) => ({
  pk: `DIVISION#${divisionId}#UPLOAD#${uploadId}`,
  sk: 'CONVERSION',
});
const pad = (page: number) => String(page).padStart(4, '0');
export const siteMapKeys = {
  conversion: conversionKey,
  page: (divisionId: string, uploadId: string, conversionId: string, page: number) => ({
    pk: `DIVISION#${divisionId}#UPLOAD#${uploadId}`,
    sk: `PAGE#${conversionId}#${pad(page)}`,
  }),
  thumbnail: (divisionId: string, uploadId: string, conversionId: string, page: number) => ({
    pk: `DIVISION#${divisionId}#UPLOAD#${uploadId}`,
    sk: `THUMB#${conversionId}#${pad(page)}`,
  }),
  /** A project's listed site-map pages, by when they were listed (byParent). */
  projectPages: (divisionId: string, projectId: string) =>
    `DIVISION#${divisionId}#PROJECT#${projectId}#SITEMAPPAGES`,
};

/** The files of a conversion's page: fixed keys, so a failed one's files are found without a list. */
export const pageFileKeys = (uploadId: string, conversionId: string, page: number) => ({
  image: `site-maps/${uploadId}/${conversionId}/page-${pad(page)}.png`,
  thumbnail: `site-maps/${uploadId}/${conversionId}/page-${pad(page)}-thumbnail.png`,
});

/** A GUID item of a site-map page (sk PAGE#) or its thumbnail (sk THUMB#), as findGuidKey answers it. */
export const isSiteMapFileKey = (key: { sk: string }) =>
  key.sk.startsWith('PAGE#') || key.sk.startsWith('THUMB#');

function toConversion(item: Record<string, unknown>): ConversionRecord {
  return {
    divisionId: item.divisionId as string,
    projectId: item.projectId as string,
    docTypeId: item.docTypeId as string,
    uploadId: item.uploadId as string,
    conversionId: item.conversionId as string,
    status: item.status as ConversionStatus,
    completed: (item.completed as number | undefined) ?? 0,
    total: (item.total as number | undefined) ?? 0,
    message: (item.message as string | null | undefined) ?? null,
    sourceKey: item.sourceKey as string,
    sourceMimeType: item.sourceMimeType as string,
    pagesConversionId: (item.pagesConversionId as string | null | undefined) ?? null,
    maxPagesEver: (item.maxPagesEver as number | undefined) ?? null,
    startedAt: item.startedAt as string,
    updatedAt: item.updatedAt as string,
    startedBy: (item.startedBy as string | null | undefined) ?? null,
  };
}

function toPage(item: Record<string, unknown>): SiteMapPageRecord {
  return {
    id: item.id as string,
    guid: item.guid as string,
    thumbnailGuid: item.thumbnailGuid as string,
    divisionId: item.divisionId as string,
    projectId: item.projectId as string,
    uploadId: item.uploadId as string,
    conversionId: item.conversionId as string,
    page: item.page as number,
    width: item.width as number,
    height: item.height as number,
    thumbnailWidth: item.thumbnailWidth as number,
    thumbnailHeight: item.thumbnailHeight as number,
    imageKey: item.imageKey as string,
    thumbnailKey: item.thumbnailKey as string,
    createdAt: item.createdAt as string,
    listedAt: (item.listedAt as string | null | undefined) ?? null,
    documentName: (item.documentName as string | null | undefined) ?? null,
    documentGuid: (item.documentGuid as string | null | undefined) ?? null,
    deletedAt: (item.deletedAt as string | null | undefined) ?? null,
  };
}

/** The document's conversion, or null when it was never converted. */
export async function getConversion(
  db: Db,
  divisionId: string,
  uploadId: string,
): Promise<ConversionRecord | null> {
  const { Item } = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: conversionKey(divisionId, uploadId),
      ConsistentRead: true,
    }),
  );
  return Item ? toConversion(Item) : null;
}

/** The conversions of several documents of one division (one GetItem each, in parallel). */
export async function getConversions(
  db: Db,
  divisionId: string,
  uploadIds: readonly string[],
): Promise<Map<string, ConversionRecord>> {
  const found = await Promise.all(uploadIds.map((id) => getConversion(db, divisionId, id)));
  return new Map(found.filter((c) => c !== null).map((c) => [c.uploadId, c]));
}

/**
 * A conversion that has not moved for this long is taken as lost (its execution was stopped by
 * hand, say): a new one may start over it. The job's own timeout is well under it.
 */
export const STALE_CONVERSION_MS = 20 * 60 * 1000;

/**
 * Records a new conversion of a project document as queued (completed 0 of 0): refused (409)
 * while another one is queued or converting, unless that one is stale, and when the last one is
 * done from this very file (nothing would change but more page files: review 20 #8); only while
 * the document still has the file it is given (a replacement meanwhile starts its own).
 */
export async function beginConversion(
  db: Db,
  input: {
    owner: Extract<DocumentOwner, { kind: 'project' }>;
    uploadId: string;
    conversionId: string;
    sourceKey: string;
    sourceMimeType: string;
    startedBy: string | null;
    now: Date;
    /** A replaced file: a conversion of the old one still running is superseded, not waited for. */
    supersede?: boolean;
  },
): Promise<ConversionRecord> {
  const { owner, now } = input;
  const at = now.toISOString();
  const staleBefore = new Date(now.getTime() - STALE_CONVERSION_MS).toISOString();
  const fields = {
    type: 'Conversion',
    divisionId: owner.divisionId,
    projectId: owner.projectId,
    docTypeId: owner.docTypeId,
    uploadId: input.uploadId,
    conversionId: input.conversionId,
    status: 'queued',
    completed: 0,
    total: 0,
    message: null,
    sourceKey: input.sourceKey,
    sourceMimeType: input.sourceMimeType,
    startedAt: at,
    updatedAt: at,
    startedBy: input.startedBy,
  };
  if (!input.supersede) {
    const current = await getConversion(db, owner.divisionId, input.uploadId);
    if (current?.status === 'done' && current.sourceKey === input.sourceKey)
      throw new ConflictError(CONVERSION_MESSAGES.alreadyConverted);
  }
  const names = Object.fromEntries(Object.keys(fields).map((f, i) => [`#f${i}`, f]));
  const values = Object.fromEntries(Object.values(fields).map((v, i) => [`:f${i}`, v]));
  const steps: TransactionStep[] = [
    {
      write: {
        ConditionCheck: {
          TableName: db.tableName,
          Key: documentKeys.upload(owner, input.uploadId),
          ConditionExpression: 'objectKey = :key',
          ExpressionAttributeValues: { ':key': input.sourceKey },
        },
      },
      onConditionFailed: () => new NotFoundError('Document not found'),
    },
    {
      write: {
        Update: {
          TableName: db.tableName,
          Key: conversionKey(owner.divisionId, input.uploadId),
          UpdateExpression: `SET ${Object.keys(names)
            .map((n, i) => `${n} = :f${i}`)
            .join(', ')}`,
          ...(input.supersede
            ? { ExpressionAttributeNames: names, ExpressionAttributeValues: values }
            : {
                // The same two refusals as one condition, for a request racing this one.
                ConditionExpression:
                  'attribute_not_exists(pk) OR ((NOT (#status IN (:queued, :converting)) OR #updated < :stale) AND NOT (#status = :done AND #source = :source))',
                ExpressionAttributeNames: {
                  ...names,
                  '#status': 'status',
                  '#updated': 'updatedAt',
                  '#source': 'sourceKey',
                },
                ExpressionAttributeValues: {
                  ...values,
                  ':done': 'done',
                  ':source': input.sourceKey,
                  ':queued': 'queued',
                  ':converting': 'converting',
                  ':stale': staleBefore,
                },
              }),
        },
      },
      onConditionFailed: () => new ConflictError(CONVERSION_MESSAGES.running),
    },
  ];
  await transact(db, steps);
  return (await getConversion(db, owner.divisionId, input.uploadId))!;
}

/**
 * Sets fields of the conversion only while it is still `conversionId` (a newer one supersedes
 * it): answers the conversion as it now is, or null when it was superseded.
 */
async function updateCurrent(
  db: Db,
  divisionId: string,
  uploadId: string,
  conversionId: string,
  update: { set: Record<string, unknown>; add?: Record<string, number>; notDone?: boolean },
): Promise<ConversionRecord | null> {
  const names: Record<string, string> = { '#cid': 'conversionId' };
  const values: Record<string, unknown> = { ':cid': conversionId };
  if (update.notDone) {
    names['#st'] = 'status';
    values[':done'] = 'done';
  }
  const sets = Object.entries(update.set).map(([field, value], i) => {
    names[`#s${i}`] = field;
    values[`:s${i}`] = value;
    return `#s${i} = :s${i}`;
  });
  const adds = Object.entries(update.add ?? {}).map(([field, by], i) => {
    names[`#a${i}`] = field;
    values[`:a${i}`] = by;
    return `#a${i} :a${i}`;
  });
  try {
    const { Attributes } = await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: conversionKey(divisionId, uploadId),
        UpdateExpression: [
          sets.length > 0 ? `SET ${sets.join(', ')}` : '',
          adds.length > 0 ? `ADD ${adds.join(', ')}` : '',
        ].join(' '),
        ConditionExpression: `#cid = :cid${update.notDone ? ' AND #st <> :done' : ''}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toConversion(Attributes!);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
}

/** The pages are counted: converting, 0 of `total`. Null when superseded. */
export function setConverting(
  db: Db,
  c: Pick<ConversionRecord, 'divisionId' | 'uploadId' | 'conversionId'>,
  total: number,
  now: Date,
): Promise<ConversionRecord | null> {
  return updateCurrent(db, c.divisionId, c.uploadId, c.conversionId, {
    set: { status: 'converting', total, completed: 0, updatedAt: now.toISOString() },
  });
}

/**
 * Records one rendered page (its image and thumbnail already stored) and counts it: answers the
 * conversion with its new `completed`, or null when the conversion was superseded. A page
 * recorded twice (a retried task) is counted once.
 */
export async function recordPage(
  db: Db,
  page: Omit<SiteMapPageRecord, 'listedAt' | 'documentName' | 'documentGuid' | 'deletedAt'>,
  now: Date,
): Promise<ConversionRecord | null> {
  const key = siteMapKeys.page(page.divisionId, page.uploadId, page.conversionId, page.page);
  try {
    await transact(db, [
      {
        write: {
          ConditionCheck: {
            TableName: db.tableName,
            Key: conversionKey(page.divisionId, page.uploadId),
            ConditionExpression: 'conversionId = :cid',
            ExpressionAttributeValues: { ':cid': page.conversionId },
          },
        },
        onConditionFailed: () => new ConflictError(CONVERSION_MESSAGES.gone),
      },
      {
        write: {
          Put: {
            TableName: db.tableName,
            Item: {
              ...key,
              type: 'SiteMapPage',
              lookup: `GUID#${page.guid}`,
              ...page,
              listedAt: null,
              documentName: null,
              documentGuid: null,
              deletedAt: null,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        onConditionFailed: () => new ConflictError('already recorded'),
      },
      {
        write: {
          Put: {
            TableName: db.tableName,
            Item: {
              ...siteMapKeys.thumbnail(page.divisionId, page.uploadId, page.conversionId, page.page),
              type: 'SiteMapThumbnail',
              lookup: `GUID#${page.thumbnailGuid}`,
              divisionId: page.divisionId,
              projectId: page.projectId,
              uploadId: page.uploadId,
              page: page.page,
              objectKey: page.thumbnailKey,
            },
          },
        },
      },
    ]);
  } catch (error) {
    if (error instanceof ConflictError && error.message === 'already recorded')
      return getConversion(db, page.divisionId, page.uploadId);
    if (error instanceof ConflictError) return null;
    throw error;
  }
  return updateCurrent(db, page.divisionId, page.uploadId, page.conversionId, {
    set: { updatedAt: now.toISOString() },
    add: { completed: 1 },
  });
}

/** The pages of one conversion of a document, in page order (bounded by MAX_SITE_MAP_PAGES). */
export async function pagesOf(
  db: Db,
  divisionId: string,
  uploadId: string,
  conversionId: string,
): Promise<SiteMapPageRecord[]> {
  const items = await queryAll(db, {
    TableName: db.tableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': conversionKey(divisionId, uploadId).pk,
      ':prefix': `PAGE#${conversionId}#`,
    },
    ConsistentRead: true,
  });
  return items.map(toPage);
}

/** The pages a document shows: those of its last finished conversion, none before one. */
export async function currentPages(
  db: Db,
  conversion: ConversionRecord | null,
): Promise<SiteMapPageRecord[]> {
  if (!conversion?.pagesConversionId) return [];
  return pagesOf(db, conversion.divisionId, conversion.uploadId, conversion.pagesConversionId);
}

/**
 * The conversion is done: its pages become the document's (and join the project's site-map
 * history, with the document's name then), and the pages they supersede are marked deleted.
 * Only while the conversion is current and the document still has the file it rendered; answers
 * the conversion, or null when it was superseded or the document went.
 */
export async function finishConversion(
  db: Db,
  c: Pick<ConversionRecord, 'divisionId' | 'projectId' | 'docTypeId' | 'uploadId' | 'conversionId'>,
  document: { name: string; guid: string },
  now: Date,
): Promise<ConversionRecord | null> {
  const at = now.toISOString();
  const before = await getConversion(db, c.divisionId, c.uploadId);
  if (!before || before.conversionId !== c.conversionId) return null;
  const owner = {
    kind: 'project' as const,
    divisionId: c.divisionId,
    projectId: c.projectId,
    docTypeId: c.docTypeId,
  };
  const pages = await pagesOf(db, c.divisionId, c.uploadId, c.conversionId);
  // The most pages the document ever had; one converted before the count was kept counts its page
  // rows once, here in the conversion job.
  const earlier =
    before.maxPagesEver ??
    (before.pagesConversionId ? await mostPagesRecorded(db, c.divisionId, c.uploadId) : 0);
  const maxPagesEver = Math.max(earlier, ...pages.map((p) => p.page));
  try {
    await transact(db, [
      {
        write: {
          ConditionCheck: {
            TableName: db.tableName,
            Key: documentKeys.upload(owner, c.uploadId),
            ConditionExpression: 'objectKey = :key',
            ExpressionAttributeValues: { ':key': before.sourceKey },
          },
        },
        onConditionFailed: () => new NotFoundError(CONVERSION_MESSAGES.gone),
      },
      {
        write: {
          Update: {
            TableName: db.tableName,
            Key: conversionKey(c.divisionId, c.uploadId),
            UpdateExpression:
              'SET #status = :done, pagesConversionId = :cid, completed = #total, message = :null, updatedAt = :at, maxPagesEver = :max',
            ConditionExpression: 'conversionId = :cid',
            ExpressionAttributeNames: { '#status': 'status', '#total': 'total' },
            ExpressionAttributeValues: {
              ':done': 'done',
              ':cid': c.conversionId,
              ':null': null,
              ':at': at,
              ':max': maxPagesEver,
            },
          },
        },
        onConditionFailed: () => new ConflictError(CONVERSION_MESSAGES.gone),
      },
    ]);
  } catch (error) {
    if (error instanceof NotFoundError || error instanceof ConflictError) return null;
    throw error;
  }
  // Listed after the switch, so the project's history never holds a page of a conversion that
  // did not finish; a retried task lists them again with the same values.
  const partition = siteMapKeys.projectPages(c.divisionId, c.projectId);
  for (const page of pages) {
    const listedAt = page.listedAt ?? at;
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: siteMapKeys.page(page.divisionId, page.uploadId, page.conversionId, page.page),
        UpdateExpression:
          'SET listedAt = :at, documentName = :name, documentGuid = :guid, gsi1pk = :gpk, gsi1sk = :gsk',
        ExpressionAttributeValues: {
          ':at': listedAt,
          ':name': document.name,
          ':guid': document.guid,
          ':gpk': partition,
          ':gsk': `${listedAt}#${page.uploadId}#${pad(page.page)}`,
        },
      }),
    );
  }
  if (before.pagesConversionId && before.pagesConversionId !== c.conversionId)
    await markDeleted(db, await pagesOf(db, c.divisionId, c.uploadId, before.pagesConversionId), now);
  return getConversion(db, c.divisionId, c.uploadId);
}

/**
 * Dates a listed page's listing (and its place in the project's site-map history) at `listedAt`:
 * for the demo seed only, whose site maps are converted after its inspections were written and
 * stand for them as if uploaded before the first (local/src/seed/project-documents.ts).
 */
export async function relistPage(db: Db, page: SiteMapPageRecord, listedAt: string): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: siteMapKeys.page(page.divisionId, page.uploadId, page.conversionId, page.page),
      UpdateExpression: 'SET listedAt = :at, gsi1sk = :gsk',
      ConditionExpression: 'attribute_exists(gsi1pk)',
      ExpressionAttributeValues: {
        ':at': listedAt,
        ':gsk': `${listedAt}#${page.uploadId}#${pad(page.page)}`,
      },
    }),
  );
}

/** The highest page number of every page row a document has (read whole: a document last converted before maxPagesEver was kept). */
async function mostPagesRecorded(db: Db, divisionId: string, uploadId: string): Promise<number> {
  const items = await queryAll(db, {
    TableName: db.tableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': conversionKey(divisionId, uploadId).pk, ':prefix': 'PAGE#' },
    ProjectionExpression: 'page, listedAt',
    ConsistentRead: true,
  });
  return Math.max(0, ...items.filter((i) => i.listedAt).map((i) => i.page as number));
}

async function markDeleted(db: Db, pages: readonly SiteMapPageRecord[], now: Date): Promise<void> {
  for (const page of pages.filter((p) => p.deletedAt === null)) {
    await db.doc
      .send(
        new UpdateCommand({
          TableName: db.tableName,
          Key: siteMapKeys.page(page.divisionId, page.uploadId, page.conversionId, page.page),
          UpdateExpression: 'SET deletedAt = :at',
          ConditionExpression: 'attribute_exists(pk) AND deletedAt = :null',
          ExpressionAttributeValues: { ':at': now.toISOString(), ':null': null },
        }),
      )
      .catch((error: unknown) => {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      });
  }
}

/**
 * The conversion failed: its status becomes error with the reason, and its page items go (their
 * files are the caller's to delete: pageFileKeys). Answers the conversion as failed, or null when
 * it was superseded meanwhile (its pages are removed all the same).
 */
export async function failConversion(
  db: Db,
  c: Pick<ConversionRecord, 'divisionId' | 'uploadId' | 'conversionId'>,
  message: string,
  now: Date,
): Promise<ConversionRecord | null> {
  const failed = await updateCurrent(db, c.divisionId, c.uploadId, c.conversionId, {
    set: { status: 'error', message, updatedAt: now.toISOString() },
    // A finished conversion stays done: its pages are listed.
    notDone: true,
  });
  const keys = (await pagesOf(db, c.divisionId, c.uploadId, c.conversionId)).flatMap((p) => [
    siteMapKeys.page(c.divisionId, c.uploadId, c.conversionId, p.page),
    siteMapKeys.thumbnail(c.divisionId, c.uploadId, c.conversionId, p.page),
  ]);
  const current = failed ?? (await getConversion(db, c.divisionId, c.uploadId));
  // Never remove the pages a document shows.
  if (current?.pagesConversionId === c.conversionId) return failed;
  for (let i = 0; i < keys.length; i += 100)
    await transact(
      db,
      keys.slice(i, i + 100).map((key) => ({ write: { Delete: { TableName: db.tableName, Key: key } } })),
    );
  return failed;
}

/** The document was removed: its pages are marked deleted (kept for the inspections that used them). */
export async function markDocumentPagesDeleted(
  db: Db,
  divisionId: string,
  uploadId: string,
  now: Date,
): Promise<void> {
  const conversion = await getConversion(db, divisionId, uploadId);
  await markDeleted(db, await currentPages(db, conversion), now);
}

/**
 * One page of a project's listed site-map pages, oldest listing first, kept by `keep` (an
 * inspection's "as they stood" rule): the history of every site map the project has had.
 */
export function listProjectPages(
  db: Db,
  divisionId: string,
  projectId: string,
  page: { pageSize: number; cursor?: string },
  keep: (page: SiteMapPageRecord) => boolean,
): Promise<PageOf<SiteMapPageRecord>> {
  return queryPage(
    db,
    { index: 'byParent', partition: siteMapKeys.projectPages(divisionId, projectId) },
    { ...page, resolve: async (rows) => rows.map(toPage).filter(keep) },
  );
}

/** The page or thumbnail a GUID item names (a key from findGuidKey): its file, project and division. */
export async function siteMapFileAt(
  db: Db,
  key: { pk: string; sk: string },
): Promise<{ divisionId: string; projectId: string; objectKey: string; name: string } | null> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }),
  );
  if (!Item) return null;
  const page = Item.page as number;
  const thumbnail = key.sk.startsWith('THUMB#');
  return {
    divisionId: Item.divisionId as string,
    projectId: Item.projectId as string,
    objectKey: (thumbnail ? Item.objectKey : Item.imageKey) as string,
    name: thumbnail ? `page-${page}-thumbnail.png` : `page-${page}.png`,
  };
}

/** A division's document (a legend item's or a project's) by its upload id; not found elsewhere. */
export function divisionDocument(db: Db, divisionId: string, uploadId: string): Promise<DocumentRecord> {
  return documentAt(db, { pk: `DIVISION#${divisionId}#UPLOAD#${uploadId}`, sk: 'UPLOAD' });
}
