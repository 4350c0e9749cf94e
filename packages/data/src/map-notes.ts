import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError } from '@stormline/domain/errors';
import { batchGet } from './batch-get';
import type { Db } from './dynamo';
import { queryPage } from './paging';
import type { PageOf } from './paging';
import { projectKeys } from './projects';
import { putNewStep, transact, versionedUpdateStep } from './transact';
import type { TransactionStep } from './transact';

/**
 * Map notes (spec 002 §3 "Note on a map item", §5): a project's notes, the map's Notes source model,
 * in the project partition (`MAPNOTE#<n>`), listed newest first through byParent
 * `DIVISION#<d>#PROJECT#<p>#MAPNOTES` / `createdAt#n`.
 */
export interface MapNoteRecord {
  id: string;
  divisionId: string;
  projectId: string;
  title: string;
  content: string;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
  version: number;
}

export const mapNoteKeys = {
  note: (divisionId: string, projectId: string, noteId: string) => ({
    pk: projectKeys.project(divisionId, projectId).pk,
    sk: `MAPNOTE#${noteId}`,
  }),
  ofProject: (divisionId: string, projectId: string) =>
    `DIVISION#${divisionId}#PROJECT#${projectId}#MAPNOTES`,
};

const notFound = () => new NotFoundError('Note not found');

function toNote(item: Record<string, unknown>): MapNoteRecord {
  return {
    id: item.id as string,
    divisionId: item.divisionId as string,
    projectId: item.projectId as string,
    title: item.title as string,
    content: item.content as string,
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
    createdBy: (item.createdBy as string | null | undefined) ?? null,
    version: item.version as number,
  };
}

export async function createMapNote(
  db: Db,
  at: { divisionId: string; projectId: string; createdBy: string | null },
  input: { title: string; content: string },
  also: readonly TransactionStep[],
  now: Date,
): Promise<MapNoteRecord> {
  const when = now.toISOString();
  const note: MapNoteRecord = {
    id: randomUUID(),
    divisionId: at.divisionId,
    projectId: at.projectId,
    title: input.title,
    content: input.content,
    createdAt: when,
    updatedAt: when,
    createdBy: at.createdBy,
    version: 0,
  };
  await transact(db, [
    ...also,
    putNewStep(db, {
      ...mapNoteKeys.note(note.divisionId, note.projectId, note.id),
      itemType: 'MapNote',
      gsi1pk: mapNoteKeys.ofProject(note.divisionId, note.projectId),
      gsi1sk: `${note.createdAt}#${note.id}`,
      ...note,
    }),
  ]);
  return note;
}

export async function getMapNote(
  db: Db,
  divisionId: string,
  projectId: string,
  noteId: string,
): Promise<MapNoteRecord> {
  const { Item } = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: mapNoteKeys.note(divisionId, projectId, noteId),
      ConsistentRead: true,
    }),
  );
  if (!Item) throw notFound();
  return toNote(Item);
}

/** Notes of a project by id (one BatchGet); ids not found are left out. */
export async function getMapNotes(
  db: Db,
  divisionId: string,
  projectId: string,
  ids: readonly string[],
): Promise<MapNoteRecord[]> {
  const items = await batchGet(
    db,
    ids.map((id) => mapNoteKeys.note(divisionId, projectId, id)),
  );
  return items.map(toNote);
}

export async function updateMapNote(
  db: Db,
  note: MapNoteRecord,
  input: { title: string; content: string },
  version: number,
  also: readonly TransactionStep[],
  now: Date,
): Promise<MapNoteRecord> {
  if (note.version !== version) throw new ConflictError();
  const after = { ...note, ...input, updatedAt: now.toISOString(), version: version + 1 };
  await transact(db, [
    ...also,
    versionedUpdateStep(
      db,
      mapNoteKeys.note(note.divisionId, note.projectId, note.id),
      { title: after.title, content: after.content, updatedAt: after.updatedAt },
      version,
      notFound,
    ),
  ]);
  return after;
}

export async function deleteMapNote(
  db: Db,
  note: MapNoteRecord,
  version: number | null,
  also: readonly TransactionStep[],
): Promise<void> {
  await transact(db, [
    ...also,
    {
      write: {
        Delete: {
          TableName: db.tableName,
          Key: mapNoteKeys.note(note.divisionId, note.projectId, note.id),
          ConditionExpression:
            version === null ? 'attribute_exists(pk)' : 'attribute_exists(pk) AND #version = :version',
          ...(version === null
            ? {}
            : {
                ExpressionAttributeNames: { '#version': 'version' },
                ExpressionAttributeValues: { ':version': version },
              }),
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      onConditionFailed: (stored) => (stored ? new ConflictError() : notFound()),
    },
  ]);
}

/** A page of a project's notes, newest first. */
export async function listMapNotes(
  db: Db,
  divisionId: string,
  projectId: string,
  page: { pageSize: number; cursor?: string },
): Promise<PageOf<MapNoteRecord>> {
  return queryPage(
    db,
    { index: 'byParent', partition: mapNoteKeys.ofProject(divisionId, projectId), descending: true },
    { ...page, resolve: async (rows) => rows.map(toNote) },
  );
}

export function mapNoteView(note: MapNoteRecord) {
  return {
    id: note.id,
    title: note.title,
    content: note.content,
    createdAt: note.createdAt,
    updatedAt: note.updatedAt,
    createdBy: note.createdBy,
    version: note.version,
  };
}
