import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, ValidationError } from '@stormline/domain/errors';
import type { Db } from './dynamo';
import { readPartition } from './read-partition';
import { deleteKeys, transact } from './transact';
import type { TransactionStep } from './transact';

/**
 * The PDF annotations of a document (docs/decisions/0039): one item per annotation in the
 * document's own partition (its owner's: a group's, a legend item's, a project document type's),
 * keyed by the annotation's name, holding its canonical XFDF element; and one counter item per
 * document that bounds how many there are and how large they are together, so the whole set is
 * one bounded Query and fits one answer. Callers pass the partition (documentKeys.ownerPartition).
 */

/** A document holds at most this many annotations, and this many characters of XFDF in all. */
export const MAX_ANNOTATIONS_PER_DOCUMENT = 500;
export const MAX_ANNOTATION_CHARS_PER_DOCUMENT = 2 * 1024 * 1024;

export const ANNOTATIONS_FULL = `A document holds at most ${MAX_ANNOTATIONS_PER_DOCUMENT} annotations`;
export const ANNOTATIONS_TOO_LARGE = 'The annotations of this document are too large to save';
const CHANGED_MEANWHILE =
  'These annotations were changed by someone else. Reload the document and try again.';

export const annotationKeys = {
  /** Not under `DOC#`: a document list's reads of `DOC#` rows never see annotations. */
  annotation: (partition: string, uploadId: string, name: string) => ({
    pk: partition,
    sk: `XFDF#${uploadId}#${name}`,
  }),
  prefix: (uploadId: string) => `XFDF#${uploadId}#`,
  counter: (partition: string, uploadId: string) => ({ pk: partition, sk: `XFDFCOUNT#${uploadId}` }),
};

export interface StoredAnnotation {
  name: string;
  /** The canonical XFDF element (packages/contract/src/xfdf.ts writes it). */
  element: string;
  page: number;
  /** The author's name (XFDF title). */
  title: string;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
}

/** A document's annotations in the order they were first drawn (later ones on top). */
export async function listAnnotations(
  db: Db,
  partition: string,
  uploadId: string,
): Promise<StoredAnnotation[]> {
  const items = await readPartition(db, partition, annotationKeys.prefix(uploadId));
  return items
    .map((item) => ({
      name: item.name as string,
      element: item.element as string,
      page: item.page as number,
      title: item.title as string,
      createdAt: item.createdAt as string,
      createdBy: item.createdBy as string,
      updatedAt: item.updatedAt as string,
      updatedBy: item.updatedBy as string,
    }))
    .sort((a, b) =>
      a.createdAt === b.createdAt ? (a.name < b.name ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1,
    );
}

export interface AnnotationChange {
  /** Added or changed: the annotation's canonical element. */
  put: { name: string; element: string; page: number; title: string }[];
  /** Removed, by name. */
  remove: string[];
}

/** What a change did: the puts stored and the names really removed (an unknown name is no change). */
export interface AppliedChange {
  put: { name: string; element: string; added: boolean }[];
  removed: string[];
}

/** What is stored of an annotation, read before changing it: the change is conditioned on `version`. */
export interface AnnotationState {
  chars: number;
  /** Counts the annotation's writes from 1; null for an item stored before versions were kept. */
  version: number | null;
  /** The author's name as stored. */
  title: string;
}

/** The stored state of the named annotations of a document (absent: not stored). */
export async function readAnnotationStates(
  db: Db,
  partition: string,
  uploadId: string,
  names: readonly string[],
): Promise<Map<string, AnnotationState>> {
  const states = new Map<string, AnnotationState>();
  const unique = [...new Set(names)];
  for (let i = 0; i < unique.length; i += 100) {
    const result = await db.doc.send(
      new BatchGetCommand({
        RequestItems: {
          [db.tableName]: {
            Keys: unique
              .slice(i, i + 100)
              .map((name) => annotationKeys.annotation(partition, uploadId, name)),
            ProjectionExpression: '#name, #chars, #version, #title',
            ExpressionAttributeNames: {
              '#name': 'name',
              '#chars': 'chars',
              '#version': 'version',
              '#title': 'title',
            },
            ConsistentRead: true,
          },
        },
      }),
    );
    for (const item of result.Responses?.[db.tableName] ?? [])
      states.set(item.name as string, {
        chars: item.chars as number,
        version: typeof item.version === 'number' ? item.version : null,
        title: (item.title as string | undefined) ?? '',
      });
  }
  return states;
}

/** The condition that the annotation is still the version read (`#version` named in the step). */
function unchangedSince(state: AnnotationState): { condition: string; values: Record<string, number> } {
  return state.version === null
    ? { condition: 'attribute_not_exists(#version)', values: {} }
    : { condition: '#version = :before', values: { ':before': state.version } };
}

/**
 * Stores one annotation command: every put and removal and the document's counter in one
 * transaction, with `guard` (the document still there) in it too. Each write is conditioned on
 * the version read (`states`, read here when not given): two users changing the same annotation
 * at once, even to an element of the same length, cannot overwrite each other or leave the
 * counter wrong: the later one is refused (409) and nothing of it is written.
 */
export async function applyAnnotationChange(
  db: Db,
  partition: string,
  uploadId: string,
  change: AnnotationChange,
  by: { userId: string; now: Date },
  guard: readonly TransactionStep[] = [],
  states?: ReadonlyMap<string, AnnotationState>,
): Promise<AppliedChange> {
  const names = [...change.put.map((p) => p.name), ...change.remove];
  const sizes = states ?? (await readAnnotationStates(db, partition, uploadId, names));
  const at = by.now.toISOString();
  const steps: TransactionStep[] = [];
  const applied: AppliedChange = { put: [], removed: [] };
  let countDelta = 0;
  let charsDelta = 0;
  const changedMeanwhile = () => new ConflictError(CHANGED_MEANWHILE);

  for (const put of change.put) {
    const key = annotationKeys.annotation(partition, uploadId, put.name);
    const before = sizes.get(put.name);
    const chars = put.element.length;
    if (before === undefined) {
      countDelta += 1;
      charsDelta += chars;
      steps.push({
        write: {
          Put: {
            TableName: db.tableName,
            Item: {
              ...key,
              type: 'Annotation',
              uploadId,
              ...put,
              chars,
              version: 1,
              createdAt: at,
              createdBy: by.userId,
              updatedAt: at,
              updatedBy: by.userId,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        onConditionFailed: changedMeanwhile,
      });
    } else {
      charsDelta += chars - before.chars;
      const unchanged = unchangedSince(before);
      steps.push({
        write: {
          Update: {
            TableName: db.tableName,
            Key: key,
            UpdateExpression:
              'SET #element = :element, #page = :page, #title = :title, #chars = :chars, #version = :version, updatedAt = :at, updatedBy = :by',
            ConditionExpression: unchanged.condition,
            ExpressionAttributeNames: {
              '#element': 'element',
              '#page': 'page',
              '#title': 'title',
              '#chars': 'chars',
              '#version': 'version',
            },
            ExpressionAttributeValues: {
              ':element': put.element,
              ':page': put.page,
              ':title': put.title,
              ':chars': chars,
              ':version': (before.version ?? 0) + 1,
              ':at': at,
              ':by': by.userId,
              ...unchanged.values,
            },
          },
        },
        onConditionFailed: changedMeanwhile,
      });
    }
    applied.put.push({ name: put.name, element: put.element, added: before === undefined });
  }
  for (const name of change.remove) {
    const before = sizes.get(name);
    if (before === undefined) continue;
    countDelta -= 1;
    charsDelta -= before.chars;
    const unchanged = unchangedSince(before);
    steps.push({
      write: {
        Delete: {
          TableName: db.tableName,
          Key: annotationKeys.annotation(partition, uploadId, name),
          ConditionExpression: unchanged.condition,
          ExpressionAttributeNames: { '#version': 'version' },
          ...(before.version !== null ? { ExpressionAttributeValues: unchanged.values } : {}),
        },
      },
      onConditionFailed: changedMeanwhile,
    });
    applied.removed.push(name);
  }
  if (steps.length === 0) return applied;

  // The counter grows only within the bounds; shrinking is always allowed.
  const conditions: string[] = [];
  const values: Record<string, number> = { ':count': countDelta, ':chars': charsDelta };
  if (countDelta > 0) {
    conditions.push('(attribute_not_exists(annotationCount) OR annotationCount <= :countRoom)');
    values[':countRoom'] = MAX_ANNOTATIONS_PER_DOCUMENT - countDelta;
  }
  if (charsDelta > 0) {
    conditions.push('(attribute_not_exists(annotationChars) OR annotationChars <= :charsRoom)');
    values[':charsRoom'] = MAX_ANNOTATION_CHARS_PER_DOCUMENT - charsDelta;
  }
  if (countDelta > MAX_ANNOTATIONS_PER_DOCUMENT) throw new ValidationError(ANNOTATIONS_FULL);
  if (charsDelta > MAX_ANNOTATION_CHARS_PER_DOCUMENT) throw new ValidationError(ANNOTATIONS_TOO_LARGE);
  steps.push({
    write: {
      Update: {
        TableName: db.tableName,
        Key: annotationKeys.counter(partition, uploadId),
        UpdateExpression: 'SET #type = :type ADD annotationCount :count, annotationChars :chars',
        ...(conditions.length ? { ConditionExpression: conditions.join(' AND ') } : {}),
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ...values, ':type': 'AnnotationCounter' },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    onConditionFailed: (stored) =>
      new ValidationError(
        ((stored?.annotationCount as number | undefined) ?? 0) + countDelta > MAX_ANNOTATIONS_PER_DOCUMENT
          ? ANNOTATIONS_FULL
          : ANNOTATIONS_TOO_LARGE,
      ),
  });
  await transact(db, [...guard, ...steps]);
  return applied;
}

/**
 * Forgets every annotation of a document that is gone (removed, or its owner destroyed), with its
 * counter, in batches. Nothing reads them once the document is gone: the routes find the
 * document first.
 */
export async function removeAllAnnotations(db: Db, partition: string, uploadId: string): Promise<void> {
  const items = await readPartition(db, partition, annotationKeys.prefix(uploadId), 'pk, sk');
  const keys = [
    ...items.map((item) => ({ pk: item.pk as string, sk: item.sk as string })),
    annotationKeys.counter(partition, uploadId),
  ];
  await deleteKeys(db, keys);
}
