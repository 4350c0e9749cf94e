import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError } from '@stormline/domain/errors';
import { MAP_MESSAGES, planFeatureEdit, visibleIn } from '@stormline/domain/map-features';
import type { Lifetime, PositionableType, TargetType, VersionStep } from '@stormline/domain/map-features';
import type { Db } from './dynamo';
import { padNumber } from './inspections';
import { queryPage } from './paging';
import type { PageOf } from './paging';
import { queryAll } from './read-partition';
import { MAX_TRANSACTION_ITEMS, transact } from './transact';
import type { TransactionStep } from './transact';

/**
 * The features placed on site maps (spec 002 §3 map feature; docs/decisions/0041), one item per
 * version in the map's partition `DIVISION#<d>#MAP#<siteMapId>`, keyed
 * `FEATURE#<end>#<id>#<start>` (inspection numbers, 6 digits; `end` 999999 while it stands), so an
 * inspection's read is one key range (every version that ended after it) and the standing ones are
 * a prefix. Beside them the map's own item (`MAP`): its project, the last save (at, by) and a save
 * counter. The standing version of a feature carries the lookup `DIVISION#<d>#FEATURE#<id>` (DELETE
 * /api/positionables/{id}) and a row of its source's placements (byRelation
 * `DIVISION#<d>#SOURCE#<sourceId>#PLACED`), which refuses deleting a note or legend item on a map.
 */

type Point = [x: number, y: number];
/** A shape as stored and answered: the domain's Geometry (packages/domain/src/map-features.ts), as the contract parses it. */
export type Geometry =
  | { type: 'point' }
  | { type: 'line' | 'polygon'; points: Point[] }
  | { type: 'rectangle' | 'square' | 'oval'; bounds: [Point, Point] }
  | { type: 'circle'; radius: number }
  | { type: 'text'; text: string };

/** Where a feature's legend item lives: the division's Map Legend or the project's own. */
export type SourceScope = 'division' | 'project';

export interface FeatureRecord {
  /** positionables_id: the feature, the same across its versions. */
  id: string;
  divisionId: string;
  projectId: string;
  siteMapId: string;
  targetType: TargetType;
  type: PositionableType;
  /** positionable_id: the finding, legend item or note it shows. */
  sourceId: string;
  /** Legend items only: the Map Legend's, or the project's own. */
  sourceScope: SourceScope | null;
  position_x: number;
  position_y: number;
  geometry: Geometry;
  config: { showLabel?: boolean } | null;
  start: number;
  end: number | null;
  startInspectionId: string | null;
  endInspectionId: string | null;
  version: number;
  updatedAt: string;
  updatedBy: string | null;
}

const STANDING = '999999';

export const mapFeatureKeys = {
  partition: (divisionId: string, siteMapId: string) => `DIVISION#${divisionId}#MAP#${siteMapId}`,
  map: (divisionId: string, siteMapId: string) => ({
    pk: mapFeatureKeys.partition(divisionId, siteMapId),
    sk: 'MAP',
  }),
  version: (f: Pick<FeatureRecord, 'divisionId' | 'siteMapId' | 'id'> & Lifetime) => ({
    pk: mapFeatureKeys.partition(f.divisionId, f.siteMapId),
    sk: `FEATURE#${f.end === null ? STANDING : padNumber(f.end)}#${f.id}#${padNumber(f.start)}`,
  }),
  /** The standing versions' sort keys: `FEATURE#999999#`. */
  standingPrefix: `FEATURE#${STANDING}#`,
  lookup: (divisionId: string, featureId: string) => `DIVISION#${divisionId}#FEATURE#${featureId}`,
  placedOf: (divisionId: string, sourceId: string) => `DIVISION#${divisionId}#SOURCE#${sourceId}#PLACED`,
};

const STRIP = ['pk', 'sk', 'itemType', 'gsi2pk', 'gsi2sk', 'lookup'];

function toFeature(item: Record<string, unknown>): FeatureRecord {
  const out = { ...item };
  for (const key of STRIP) delete out[key];
  return out as unknown as FeatureRecord;
}

function featureItem(f: FeatureRecord): Record<string, unknown> {
  return {
    ...mapFeatureKeys.version(f),
    itemType: 'MapFeature',
    ...(f.end === null
      ? {
          lookup: mapFeatureKeys.lookup(f.divisionId, f.id),
          gsi2pk: mapFeatureKeys.placedOf(f.divisionId, f.sourceId),
          gsi2sk: `${f.siteMapId}#${f.id}`,
        }
      : {}),
    ...f,
  };
}

/** The map's own item: which project it belongs to, and the last save. */
export interface MapState {
  projectId: string;
  lastSavedAt: string | null;
  lastSavedBy: string | null;
  saveSeq: number;
}

export async function getMapState(db: Db, divisionId: string, siteMapId: string): Promise<MapState | null> {
  const { Item } = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: mapFeatureKeys.map(divisionId, siteMapId),
      ConsistentRead: true,
    }),
  );
  if (!Item) return null;
  return {
    projectId: Item.projectId as string,
    lastSavedAt: (Item.lastSavedAt as string | undefined) ?? null,
    lastSavedBy: (Item.lastSavedBy as string | undefined) ?? null,
    saveSeq: (Item.saveSeq as number | undefined) ?? 0,
  };
}

/**
 * A page of the features a map shows for inspection `n` (0: the baseline): the versions that
 * ended after `n` (one key range from `FEATURE#<n+1>`), kept when they started at or before `n`
 * and are of `types`. For the latest inspection the range holds only the standing versions; an
 * older one's also holds those that ended after it, some of which started later (short pages).
 */
export function listMapFeatures(
  db: Db,
  divisionId: string,
  siteMapId: string,
  n: number,
  types: readonly PositionableType[],
  page: { pageSize: number; cursor?: string },
): Promise<PageOf<FeatureRecord>> {
  return queryPage(
    db,
    {
      partition: mapFeatureKeys.partition(divisionId, siteMapId),
      prefix: 'FEATURE#',
      from: `FEATURE#${padNumber(n + 1)}`,
    },
    {
      ...page,
      resolve: async (rows) => rows.map(toFeature).filter((f) => visibleIn(f, n) && types.includes(f.type)),
    },
  );
}

/** Every feature of `type` a map shows for inspection `n`, read whole (a note per map: a handful). */
export async function featuresShownOfType(
  db: Db,
  divisionId: string,
  siteMapId: string,
  n: number,
  type: PositionableType,
): Promise<FeatureRecord[]> {
  const items = await queryAll(db, {
    TableName: db.tableName,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    FilterExpression: '#type = :type',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: {
      ':pk': mapFeatureKeys.partition(divisionId, siteMapId),
      ':from': `FEATURE#${padNumber(n + 1)}`,
      ':to': `FEATURE#${STANDING}#\u{10FFFF}`,
      ':type': type,
    },
    ConsistentRead: true,
  });
  return items.map(toFeature).filter((f) => visibleIn(f, n));
}

/** Above this many named features a save reads the map's standing range once instead of one Query each. */
const PER_FEATURE_READS = 25;

/**
 * The standing versions of the named features of a map, read consistently: one Query per id
 * (`FEATURE#999999#<id>#`) for a few, else the map's standing range once. Either way the read
 * grows with the rows returned, not with the map's history. Ids not standing are left out.
 */
export async function standingFeatures(
  db: Db,
  divisionId: string,
  siteMapId: string,
  ids: readonly string[],
): Promise<Map<string, FeatureRecord>> {
  const wanted = new Set(ids);
  const pk = mapFeatureKeys.partition(divisionId, siteMapId);
  // A key range, not begins_with: the same rows and units, but DynamoDB Local answers begins_with
  // in a time that grows with the rows sorting before the prefix (bench/README.md).
  const query = (prefix: string) =>
    queryAll(db, {
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :prefix AND :end',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix, ':end': `${prefix}\u{10FFFF}` },
      ConsistentRead: true,
    });
  const items =
    wanted.size <= PER_FEATURE_READS
      ? (await Promise.all([...wanted].map((id) => query(`${mapFeatureKeys.standingPrefix}${id}#`)))).flat()
      : await query(mapFeatureKeys.standingPrefix);
  const found = new Map<string, FeatureRecord>();
  for (const item of items) {
    const feature = toFeature(item);
    if (wanted.has(feature.id)) found.set(feature.id, feature);
  }
  return found;
}

/** The standing version of a feature of the division, by its id alone (byLookup). */
export async function findStandingFeature(
  db: Db,
  divisionId: string,
  featureId: string,
): Promise<FeatureRecord> {
  const { Items } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: 'byLookup',
      KeyConditionExpression: 'lookup = :lookup',
      ExpressionAttributeValues: { ':lookup': mapFeatureKeys.lookup(divisionId, featureId) },
      ProjectionExpression: 'pk, sk',
      Limit: 1,
    }),
  );
  const key = Items?.[0] as { pk: string; sk: string } | undefined;
  const notFound = () => new NotFoundError('Feature not found');
  if (!key || !key.pk.startsWith(`DIVISION#${divisionId}#MAP#`)) throw notFound();
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }),
  );
  if (!Item || Item.end !== null) throw notFound();
  return toFeature(Item);
}

/** Whether a finding, legend item or note stands on any map now (its placement rows; an index). */
export async function isSourcePlaced(db: Db, divisionId: string, sourceId: string): Promise<boolean> {
  const { Items } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: 'byRelation',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': mapFeatureKeys.placedOf(divisionId, sourceId) },
      ProjectionExpression: 'pk',
      Limit: 1,
    }),
  );
  return (Items?.length ?? 0) > 0;
}

/** What a feature looks like after an edit (its source stays). */
export interface FeatureShape {
  position_x: number;
  position_y: number;
  geometry: Geometry;
  config: { showLabel?: boolean } | null;
}

export type MapEdit =
  | {
      kind: 'create';
      clientId: string | null;
      type: PositionableType;
      sourceId: string;
      sourceScope: SourceScope | null;
      shape: FeatureShape;
    }
  | { kind: 'change'; current: FeatureRecord; shape: FeatureShape }
  | { kind: 'remove'; current: FeatureRecord };

export interface SavedEdit {
  clientId: string | null;
  removed: boolean;
  /** The version now standing; for a removal, the one that stood (with its new end). */
  feature: FeatureRecord;
}

export interface MapSave {
  divisionId: string;
  projectId: string;
  siteMapId: string;
  targetType: TargetType;
  /** The inspection's number (0: the baseline) and id (null: the baseline). */
  n: number;
  inspectionId: string | null;
  edits: readonly MapEdit[];
  /** Checks held in every transaction of the save (the project still open, the inspection not signed). */
  guards: readonly TransactionStep[];
  /** Hold the first transaction only while the map's save counter is still this (a note added). */
  expectSaveSeq?: number;
  by: string | null;
  now: Date;
  /** How a 409 names a feature (its source's name); its id without. */
  labelOf?: (feature: FeatureRecord) => string;
}

/** One edit as transaction steps, by the pure plan (planFeatureEdit), and what it leaves standing. */
function editSteps(db: Db, save: MapSave, edit: MapEdit): { steps: TransactionStep[]; saved: SavedEdit } {
  const staleError = (feature: FeatureRecord) => () =>
    new ConflictError(MAP_MESSAGES.stale([save.labelOf?.(feature) ?? feature.id]));
  const at = save.now.toISOString();
  const base =
    edit.kind === 'create'
      ? ({
          id: randomUUID(),
          divisionId: save.divisionId,
          projectId: save.projectId,
          siteMapId: save.siteMapId,
          targetType: save.targetType,
          type: edit.type,
          sourceId: edit.sourceId,
          sourceScope: edit.sourceScope,
          ...edit.shape,
          start: save.n,
          end: null,
          startInspectionId: save.inspectionId,
          endInspectionId: null,
          version: -1,
          updatedAt: at,
          updatedBy: save.by,
        } satisfies FeatureRecord)
      : edit.current;
  const plan: VersionStep[] = planFeatureEdit(
    edit.kind === 'create' ? { kind: 'create' } : { kind: edit.kind, current: base },
    save.n,
  );
  const steps: TransactionStep[] = [];
  let standing: FeatureRecord | null = null;
  let ended: FeatureRecord | null = null;
  for (const step of plan) {
    if (step.op === 'delete') {
      steps.push({
        write: {
          Delete: {
            TableName: db.tableName,
            Key: mapFeatureKeys.version({ ...base, ...step.lifetime }),
            ConditionExpression: '#version = :version',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':version': base.version },
          },
        },
        onConditionFailed: staleError(base),
      });
      continue;
    }
    const isNewStanding = step.lifetime.end === null;
    const record: FeatureRecord = {
      ...base,
      ...(isNewStanding && edit.kind !== 'remove' && edit.kind !== 'create' ? edit.shape : {}),
      start: step.lifetime.start,
      end: step.lifetime.end,
      startInspectionId: step.lifetime.start === save.n ? save.inspectionId : base.startInspectionId,
      endInspectionId: step.lifetime.end === null ? null : save.inspectionId,
      version: isNewStanding ? base.version + 1 : base.version,
      ...(isNewStanding ? { updatedAt: at, updatedBy: save.by } : {}),
    };
    if (isNewStanding) standing = record;
    else ended = record;
    const inPlace = step.replaces && step.lifetime.start === base.start && edit.kind !== 'create';
    steps.push({
      write: {
        Put: {
          TableName: db.tableName,
          Item: featureItem(record),
          ConditionExpression: inPlace ? '#version = :version' : 'attribute_not_exists(pk)',
          ...(inPlace
            ? {
                ExpressionAttributeNames: { '#version': 'version' },
                ExpressionAttributeValues: { ':version': base.version },
              }
            : {}),
        },
      },
      onConditionFailed: staleError(base),
    });
  }
  const removed = edit.kind === 'remove';
  return {
    steps,
    saved: {
      clientId: edit.kind === 'create' ? edit.clientId : null,
      removed,
      feature: removed ? (ended ?? { ...base, end: save.n, endInspectionId: save.inspectionId }) : standing!,
    },
  };
}

/**
 * Writes a map save (0041): each edit's versions by the edit rule, in transactions of at most 100
 * items, each also holding the caller's guards and the map item's update (last saved, counter).
 * The versions were read and checked by the caller; each write is conditioned on them again, so
 * a save that loses a race writes nothing of that transaction. When a later transaction loses, the
 * earlier ones stand: the 409 says how many were saved.
 */
export async function saveMapEdits(db: Db, save: MapSave): Promise<SavedEdit[]> {
  const planned = save.edits.map((edit) => editSteps(db, save, edit));
  const room = MAX_TRANSACTION_ITEMS - save.guards.length - 1;
  const batches: (typeof planned)[] = [];
  let batch: typeof planned = [];
  let size = 0;
  for (const entry of planned) {
    if (size + entry.steps.length > room) {
      batches.push(batch);
      batch = [];
      size = 0;
    }
    batch.push(entry);
    size += entry.steps.length;
  }
  if (batch.length > 0) batches.push(batch);
  const at = save.now.toISOString();
  let written = 0;
  for (const [index, entries] of batches.entries()) {
    const seq = index === 0 ? save.expectSaveSeq : undefined;
    const mapStep: TransactionStep = {
      write: {
        Update: {
          TableName: db.tableName,
          Key: mapFeatureKeys.map(save.divisionId, save.siteMapId),
          UpdateExpression:
            'SET projectId = :project, divisionId = :division, siteMapId = :map, lastSavedAt = :at, lastSavedBy = :by, itemType = :type ADD saveSeq :one',
          ...(seq !== undefined
            ? {
                ConditionExpression:
                  seq === 0 ? 'attribute_not_exists(saveSeq) OR saveSeq = :seq' : 'saveSeq = :seq',
              }
            : {}),
          ExpressionAttributeValues: {
            ':project': save.projectId,
            ':division': save.divisionId,
            ':map': save.siteMapId,
            ':at': at,
            ':by': save.by,
            ':type': 'SiteMap',
            ':one': 1,
            ...(seq !== undefined ? { ':seq': seq } : {}),
          },
        },
      },
      onConditionFailed: () => new ConflictError(MAP_MESSAGES.stale(['the map'])),
    };
    try {
      await transact(db, [...save.guards, mapStep, ...entries.flatMap((e) => e.steps)]);
    } catch (error) {
      if (written > 0 && error instanceof ConflictError)
        throw new ConflictError(
          `${written} of ${planned.length} changes were saved; the rest were not: ${error.message}`,
        );
      throw error;
    }
    written += entries.length;
  }
  return planned.map((p) => p.saved);
}

/** The features a map save reads back by id (a bench, the seed): every standing one of the map. */
export async function standingFeaturesOfMap(
  db: Db,
  divisionId: string,
  siteMapId: string,
): Promise<FeatureRecord[]> {
  const items = await queryAll(db, {
    TableName: db.tableName,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :prefix AND :end',
    ExpressionAttributeValues: {
      ':pk': mapFeatureKeys.partition(divisionId, siteMapId),
      ':prefix': mapFeatureKeys.standingPrefix,
      ':end': `${mapFeatureKeys.standingPrefix}\u{10FFFF}`,
    },
    ConsistentRead: true,
  });
  return items.map(toFeature);
}
