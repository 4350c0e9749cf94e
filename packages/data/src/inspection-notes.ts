import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError } from '@stormline/domain/errors';
import type { Db } from './dynamo';
import { inspectionKeys } from './inspections';
import { queryPage } from './paging';
import type { PageOf } from './paging';
import { transact } from './transact';
import type { TransactionStep } from './transact';

/**
 * Inspection notes (spec 002 §3 Inspection note): `NOTE#<iso>#<n>` under the inspection, so they
 * sort by time; the lookup row `NOTE#<n>` finds one by id within the inspection.
 */

export interface InspectionNoteRecord {
  id: string;
  inspectionId: string;
  content: string;
  authorId: string;
  createdAt: string;
  updatedAt: string | null;
  version: number;
}

const notePk = (divisionId: string, inspectionId: string) =>
  inspectionKeys.inspection(divisionId, inspectionId).pk;
const noteSk = (note: Pick<InspectionNoteRecord, 'createdAt' | 'id'>) => `NOTE#${note.createdAt}#${note.id}`;

function toNote(item: Record<string, unknown>): InspectionNoteRecord {
  const { pk: _pk, sk: _sk, type: _type, divisionId: _d, ...rest } = item;
  return rest as unknown as InspectionNoteRecord;
}

export async function listInspectionNotes(
  db: Db,
  divisionId: string,
  inspectionId: string,
  page: { pageSize: number; cursor?: string },
): Promise<PageOf<InspectionNoteRecord>> {
  const result = await queryPage(
    db,
    { partition: notePk(divisionId, inspectionId), prefix: 'NOTE#', descending: true },
    page,
  );
  return { items: result.items.map(toNote), nextCursor: result.nextCursor };
}

/** One note of the inspection, by id (the pointer row holds its sort key). */
export async function getInspectionNote(
  db: Db,
  divisionId: string,
  inspectionId: string,
  noteId: string,
): Promise<InspectionNoteRecord> {
  const pointer = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: { pk: notePk(divisionId, inspectionId), sk: `NOTEID#${noteId}` },
      ConsistentRead: true,
    }),
  );
  if (!pointer.Item) throw new NotFoundError('Note not found');
  const { Item } = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: { pk: notePk(divisionId, inspectionId), sk: pointer.Item.noteSk as string },
      ConsistentRead: true,
    }),
  );
  if (!Item) throw new NotFoundError('Note not found');
  return toNote(Item);
}

export async function createInspectionNote(
  db: Db,
  divisionId: string,
  input: { inspectionId: string; content: string; authorId: string },
  also: TransactionStep[],
  now: Date,
): Promise<InspectionNoteRecord> {
  const note: InspectionNoteRecord = {
    id: randomUUID(),
    inspectionId: input.inspectionId,
    content: input.content,
    authorId: input.authorId,
    createdAt: now.toISOString(),
    updatedAt: null,
    version: 0,
  };
  const pk = notePk(divisionId, input.inspectionId);
  await transact(db, [
    {
      write: {
        Put: {
          TableName: db.tableName,
          Item: { pk, sk: noteSk(note), type: 'InspectionNote', divisionId, ...note },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    {
      write: {
        Put: {
          TableName: db.tableName,
          Item: { pk, sk: `NOTEID#${note.id}`, type: 'InspectionNotePointer', noteSk: noteSk(note) },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    // The inspection must still be there.
    {
      write: {
        ConditionCheck: {
          TableName: db.tableName,
          Key: inspectionKeys.inspection(divisionId, input.inspectionId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      onConditionFailed: () => new NotFoundError('Inspection not found'),
    },
    ...also,
  ]);
  return note;
}

export async function updateInspectionNote(
  db: Db,
  divisionId: string,
  note: InspectionNoteRecord,
  content: string,
  also: TransactionStep[],
  now: Date,
): Promise<InspectionNoteRecord> {
  const updated = { ...note, content, updatedAt: now.toISOString(), version: note.version + 1 };
  await transact(db, [
    {
      write: {
        Update: {
          TableName: db.tableName,
          Key: { pk: notePk(divisionId, note.inspectionId), sk: noteSk(note) },
          UpdateExpression: 'SET content = :content, updatedAt = :at, version = :next',
          ConditionExpression: 'version = :expected',
          ExpressionAttributeValues: {
            ':content': content,
            ':at': updated.updatedAt,
            ':next': updated.version,
            ':expected': note.version,
          },
        },
      },
      onConditionFailed: () => new ConflictError('The note was changed meanwhile. Reload it and try again.'),
    },
    ...also,
  ]);
  return updated;
}

export async function deleteInspectionNote(
  db: Db,
  divisionId: string,
  note: InspectionNoteRecord,
  also: TransactionStep[],
): Promise<void> {
  const pk = notePk(divisionId, note.inspectionId);
  await transact(db, [
    {
      write: {
        Delete: {
          TableName: db.tableName,
          Key: { pk, sk: noteSk(note) },
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      onConditionFailed: () => new NotFoundError('Note not found'),
    },
    { write: { Delete: { TableName: db.tableName, Key: { pk, sk: `NOTEID#${note.id}` } } } },
    ...also,
  ]);
}

/** Whether an inspection holds rows of a kind (used by checks that must not scan). */
export async function hasRows(db: Db, pk: string, prefix: string): Promise<boolean> {
  const result = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
      Limit: 1,
      ConsistentRead: true,
    }),
  );
  return (result.Items?.length ?? 0) > 0;
}
