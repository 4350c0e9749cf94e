import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError } from '@stormline/domain/errors';
import {
  DATA_SOURCES,
  MAP_MESSAGES,
  parseSiteMapId,
  planFeatureEdit,
  visibleIn,
} from '@stormline/domain/map-features';
import type { Lifetime, PositionableType, TargetType, VersionStep } from '@stormline/domain/map-features';
import type { MapSymbol } from '@stormline/domain/map-symbol';
import { batchGet } from './batch-get';
import type { Db } from './dynamo';
import { findingKeys } from './findings';
import { inspectionKeys, padNumber } from './inspections';
import { legendKeys, projectLegendKeys } from './legend-items';
import { mapNoteKeys } from './map-notes';
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
 * a prefix. Beside them the map's own item (`MAP`): its project, the last save (at, by), a save
 * counter, the standing features and notes it holds (counts kept by every save's transactions), and a
 * byParent row listing it under its project (`DIVISION#<d>#PROJECT#<p>#MAPS`); and per standing
 * feature a pointer `STANDING#<id>` (its start and version), so a save reads the features it names
 * by key. The standing version of a feature carries the lookup `DIVISION#<d>#FEATURE#<id>` (DELETE
 * /api/positionables/{id}) and a row of its source's placements (byRelation
 * `DIVISION#<d>#SOURCE#<sourceId>#PLACED`); a note or legend item also counts its placements
 * (`placed`, kept by the saves' transactions), and its delete is conditioned on that count.
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
  /** A standing feature's pointer: its start and version, so a save reads it by key. */
  pointer: (divisionId: string, siteMapId: string, featureId: string) => ({
    pk: mapFeatureKeys.partition(divisionId, siteMapId),
    sk: `STANDING#${featureId}`,
  }),
  lookup: (divisionId: string, featureId: string) => `DIVISION#${divisionId}#FEATURE#${featureId}`,
  placedOf: (divisionId: string, sourceId: string) => `DIVISION#${divisionId}#SOURCE#${sourceId}#PLACED`,
  /**
   * The features standing on every page of a site map document (`standing`, moved by every save's
   * transactions), in the document's upload partition: its delete is conditioned on it being 0.
   */
  document: (divisionId: string, uploadId: string) => ({
    pk: `DIVISION#${divisionId}#UPLOAD#${uploadId}`,
    sk: 'MAPS',
  }),
  /** byParent: the maps of a project that were ever saved (the MAP items). */
  ofProject: (divisionId: string, projectId: string) => `DIVISION#${divisionId}#PROJECT#${projectId}#MAPS`,
  /** What a source showed when the inspection was certified (its maps frozen then). */
  snapshot: (divisionId: string, inspectionId: string, sourceId: string) => ({
    pk: inspectionKeys.inspection(divisionId, inspectionId).pk,
    sk: `MAPSOURCE#${sourceId}`,
  }),
};

/** The item a legend item, note or finding a feature shows is stored as (its placements counted on it). */
export function sourceKey(
  divisionId: string,
  projectId: string,
  f: { type: PositionableType; sourceId: string; sourceScope: SourceScope | null },
): { pk: string; sk: string } {
  switch (f.type) {
    case 'findings':
      return findingKeys.finding(divisionId, f.sourceId);
    case 'commentables':
      return mapNoteKeys.note(divisionId, projectId, f.sourceId);
    default:
      return f.sourceScope === 'project'
        ? projectLegendKeys.item(divisionId, projectId, f.sourceId)
        : legendKeys.item(divisionId, f.sourceId);
  }
}

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
  /** Standing features and standing notes (the features the latest inspection shows). */
  standing: number;
  notes: number;
}

function toMapState(Item: Record<string, unknown>): MapState {
  return {
    projectId: Item.projectId as string,
    lastSavedAt: (Item.lastSavedAt as string | undefined) ?? null,
    lastSavedBy: (Item.lastSavedBy as string | undefined) ?? null,
    saveSeq: (Item.saveSeq as number | undefined) ?? 0,
    standing: (Item.standing as number | undefined) ?? 0,
    notes: (Item.notes as number | undefined) ?? 0,
  };
}

export async function getMapState(db: Db, divisionId: string, siteMapId: string): Promise<MapState | null> {
  const { Item } = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: mapFeatureKeys.map(divisionId, siteMapId),
      ConsistentRead: true,
    }),
  );
  return Item ? toMapState(Item) : null;
}

/** The map items of site maps by id (one BatchGet): maps never saved are left out. */
export async function getMapStates(
  db: Db,
  divisionId: string,
  siteMapIds: readonly string[],
): Promise<Map<string, MapState>> {
  const items = await batchGet(
    db,
    siteMapIds.map((id) => mapFeatureKeys.map(divisionId, id)),
  );
  return new Map(items.map((item) => [item.siteMapId as string, toMapState(item)]));
}

/** The ids of a project's maps that were ever saved (byParent; read whole: a project's site map pages). */
export async function mapsOfProject(db: Db, divisionId: string, projectId: string): Promise<string[]> {
  return [...(await standingOfProjectMaps(db, divisionId, projectId)).keys()];
}

/**
 * How many features stand on each of a project's maps that were ever saved (byParent, which
 * projects the whole MAP item; eventually consistent: it feeds a notice, never a rule).
 */
export async function standingOfProjectMaps(
  db: Db,
  divisionId: string,
  projectId: string,
): Promise<Map<string, number>> {
  const items = await queryAll(db, {
    TableName: db.tableName,
    IndexName: 'byParent',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': mapFeatureKeys.ofProject(divisionId, projectId) },
    ProjectionExpression: 'siteMapId, standing',
  });
  return new Map(items.map((i) => [i.siteMapId as string, (i.standing as number | undefined) ?? 0]));
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

/**
 * Every feature a map shows for inspection `n`, read whole (certifying an inspection freezes what
 * its maps show): the versions that ended after `n`, kept when they started at or before it.
 */
export async function featuresShownIn(
  db: Db,
  divisionId: string,
  siteMapId: string,
  n: number,
): Promise<FeatureRecord[]> {
  const versions = await featureVersionsBetween(
    db,
    divisionId,
    siteMapId,
    `FEATURE#${padNumber(n + 1)}`,
    `FEATURE#${STANDING}#\u{10FFFF}`,
  );
  return versions.filter((f) => visibleIn(f, n));
}

/** Every feature version of a map whose sort key lies in [from, to], read whole and consistently. */
async function featureVersionsBetween(
  db: Db,
  divisionId: string,
  siteMapId: string,
  from: string,
  to: string,
): Promise<FeatureRecord[]> {
  const items = await queryAll(db, {
    TableName: db.tableName,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': mapFeatureKeys.partition(divisionId, siteMapId),
      ':from': from,
      ':to': to,
    },
    ConsistentRead: true,
  });
  return items.map(toFeature);
}

/**
 * The standing versions of the named features of a map, read consistently by key: their pointers
 * (`STANDING#<id>`: start and version) in one BatchGet, then the versions they point at in another.
 * The read grows with the features named, not with the map. Ids not standing on the map are left out.
 */
export async function standingFeatures(
  db: Db,
  divisionId: string,
  siteMapId: string,
  ids: readonly string[],
): Promise<Map<string, FeatureRecord>> {
  const pointers = await batchGet(
    db,
    ids.map((id) => mapFeatureKeys.pointer(divisionId, siteMapId, id)),
  );
  const items = await batchGet(
    db,
    pointers.map((p) =>
      mapFeatureKeys.version({
        divisionId,
        siteMapId,
        id: p.id as string,
        start: p.start as number,
        end: null,
      }),
    ),
  );
  const found = new Map<string, FeatureRecord>();
  for (const item of items) {
    const feature = toFeature(item);
    found.set(feature.id, feature);
  }
  return found;
}

/** Where a feature stands now, by its id alone (byLookup): its map, or null when it stands nowhere. */
export async function mapOfStandingFeature(
  db: Db,
  divisionId: string,
  featureId: string,
): Promise<string | null> {
  const { Items } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: 'byLookup',
      KeyConditionExpression: 'lookup = :lookup',
      ExpressionAttributeValues: { ':lookup': mapFeatureKeys.lookup(divisionId, featureId) },
      ProjectionExpression: 'siteMapId',
      Limit: 1,
    }),
  );
  return (Items?.[0]?.siteMapId as string | undefined) ?? null;
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
  /** `sourceGone`: its source no longer exists (a finding deleted meanwhile): no count to move. */
  | { kind: 'remove'; current: FeatureRecord; sourceGone?: boolean };

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
  // The pointer a save reads the feature by: moved with the standing version, gone with it.
  const pointer = mapFeatureKeys.pointer(save.divisionId, save.siteMapId, base.id);
  steps.push(
    standing
      ? {
          write: {
            Put: {
              TableName: db.tableName,
              Item: {
                ...pointer,
                itemType: 'MapFeaturePointer',
                id: base.id,
                start: standing.start,
                version: standing.version,
              },
              ...(edit.kind === 'create' ? { ConditionExpression: 'attribute_not_exists(pk)' } : {}),
            },
          },
          onConditionFailed: staleError(base),
        }
      : { write: { Delete: { TableName: db.tableName, Key: pointer } } },
  );
  return {
    steps,
    saved: {
      clientId: edit.kind === 'create' ? edit.clientId : null,
      removed,
      feature: removed ? (ended ?? { ...base, end: save.n, endInspectionId: save.inspectionId }) : standing!,
    },
  };
}

/** The most notes a map shows (spec 002 §3 data source config, §9). */
const NOTE_LIMIT = DATA_SOURCES.find((source) => source.type === 'commentables')!.maxInstances!;

/** What the edits of one transaction do to a source: features placed and removed. */
interface SourceMove {
  key: { pk: string; sk: string };
  type: PositionableType;
  scope: SourceScope | null;
  placed: number;
  removed: number;
  gone: boolean;
}

/**
 * The steps a transaction holds for the sources its edits place or remove (0041): a finding placed
 * must still exist (a ConditionCheck); a note or legend item placed must still exist and be of the
 * feature's type, and counts its placements (`placed`, which its delete is conditioned on).
 */
function sourceSteps(db: Db, moves: readonly SourceMove[]): TransactionStep[] {
  const steps: TransactionStep[] = [];
  for (const move of moves) {
    const notFound = () =>
      new NotFoundError(
        move.type === 'findings'
          ? 'Finding not found'
          : move.type === 'commentables'
            ? 'Note not found'
            : 'Legend item not found',
      );
    if (move.type === 'findings') {
      if (move.placed > 0)
        steps.push({
          write: {
            ConditionCheck: {
              TableName: db.tableName,
              Key: move.key,
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          onConditionFailed: notFound,
        });
      continue;
    }
    const delta = move.placed - move.removed;
    if (move.placed === 0 && (delta === 0 || move.gone)) continue;
    const legend = move.type !== 'commentables';
    steps.push({
      write: {
        Update: {
          TableName: db.tableName,
          Key: move.key,
          UpdateExpression: 'ADD placed :delta',
          ConditionExpression: `attribute_exists(pk)${legend && move.placed > 0 ? ' AND #type = :type' : ''}`,
          ...(legend && move.placed > 0 ? { ExpressionAttributeNames: { '#type': 'type' } } : {}),
          ExpressionAttributeValues: {
            ':delta': delta,
            ...(legend && move.placed > 0 ? { ':type': move.type } : {}),
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      onConditionFailed: (stored) =>
        stored ? new ConflictError(MAP_MESSAGES.wrongLegendType(move.type)) : notFound(),
    });
  }
  return steps;
}

/**
 * Writes a map save (0041): each edit's versions by the edit rule and its pointer, in transactions of
 * at most 100 items, each also holding the caller's guards, the map item's update (last saved, save
 * counter, standing features and notes), the document's standing count, and the sources its edits place or remove (each placed one
 * still there, placements counted). A transaction adding a note holds only while the map's note
 * count leaves room for it. The versions were read and checked by the caller; each write is
 * conditioned on them again, so a save that loses a race writes nothing of that transaction. When a
 * later transaction loses, the earlier ones stand: the 409 says how many were saved.
 */
export async function saveMapEdits(db: Db, save: MapSave): Promise<SavedEdit[]> {
  const uploadId = parseSiteMapId(save.siteMapId)?.uploadId ?? save.siteMapId;
  const planned = save.edits.map((edit) => ({ edit, ...editSteps(db, save, edit) }));
  const sourceOf = (edit: MapEdit) =>
    edit.kind === 'create'
      ? { type: edit.type, sourceId: edit.sourceId, sourceScope: edit.sourceScope }
      : edit.current;
  // Each transaction also holds the guards, the map item and the document's count.
  const room = MAX_TRANSACTION_ITEMS - save.guards.length - 2;
  // Removals first, then changes, then creates (review 21 X5): a save the caller's checks accept
  // (a note swapped for another, say) never fails on its own order across transactions; each
  // transaction's note count only falls before it rises.
  const order = { remove: 0, change: 1, create: 2 } as const;
  const ordered = [...planned].sort((a, b) => order[a.edit.kind] - order[b.edit.kind]);
  const batches: (typeof planned)[] = [];
  let batch: typeof planned = [];
  let sources = new Set<string>();
  let size = 0;
  for (const entry of ordered) {
    const source = sourceOf(entry.edit).sourceId;
    const extra = entry.edit.kind !== 'change' && !sources.has(source) ? 1 : 0;
    if (size + entry.steps.length + extra > room) {
      batches.push(batch);
      batch = [];
      sources = new Set();
      size = 0;
    }
    const add = entry.edit.kind !== 'change' && !sources.has(source) ? 1 : 0;
    if (entry.edit.kind !== 'change') sources.add(source);
    batch.push(entry);
    size += entry.steps.length + add;
  }
  if (batch.length > 0) batches.push(batch);
  const at = save.now.toISOString();
  let written = 0;
  for (const entries of batches) {
    const moves = new Map<string, SourceMove>();
    let standing = 0;
    let notesPlaced = 0;
    let notesRemoved = 0;
    for (const { edit } of entries) {
      if (edit.kind === 'change') continue;
      const source = sourceOf(edit);
      const move = moves.get(source.sourceId) ?? {
        key: sourceKey(save.divisionId, save.projectId, source),
        type: source.type,
        scope: source.sourceScope,
        placed: 0,
        removed: 0,
        gone: false,
      };
      if (edit.kind === 'create') move.placed++;
      else {
        move.removed++;
        move.gone ||= edit.sourceGone === true;
      }
      moves.set(source.sourceId, move);
      standing += edit.kind === 'create' ? 1 : -1;
      if (source.type === 'commentables') {
        if (edit.kind === 'create') notesPlaced++;
        else notesRemoved++;
      }
    }
    // A transaction adding notes holds only while the map leaves room for them (a count, not a read).
    const noteRoom = NOTE_LIMIT - (notesPlaced - notesRemoved);
    if (notesPlaced > 0 && noteRoom < 0) throw new ConflictError(MAP_MESSAGES.oneNote);
    const mapStep: TransactionStep = {
      write: {
        Update: {
          TableName: db.tableName,
          Key: mapFeatureKeys.map(save.divisionId, save.siteMapId),
          UpdateExpression:
            'SET projectId = :project, divisionId = :division, siteMapId = :map, lastSavedAt = :at, lastSavedBy = :by, itemType = :type, gsi1pk = :maps, gsi1sk = :map ADD saveSeq :one, standing :standing, notes :notes',
          ...(notesPlaced > 0
            ? { ConditionExpression: 'attribute_not_exists(notes) OR notes <= :noteRoom' }
            : {}),
          ExpressionAttributeValues: {
            ':project': save.projectId,
            ':division': save.divisionId,
            ':map': save.siteMapId,
            ':maps': mapFeatureKeys.ofProject(save.divisionId, save.projectId),
            ':at': at,
            ':by': save.by,
            ':type': 'SiteMap',
            ':one': 1,
            ':standing': standing,
            ':notes': notesPlaced - notesRemoved,
            ...(notesPlaced > 0 ? { ':noteRoom': noteRoom } : {}),
          },
        },
      },
      onConditionFailed: () => new ConflictError(MAP_MESSAGES.oneNote),
    };
    // The document's count of what stands on any of its pages (its delete waits for 0).
    const documentStep: TransactionStep[] =
      standing === 0
        ? []
        : [
            {
              write: {
                Update: {
                  TableName: db.tableName,
                  Key: mapFeatureKeys.document(save.divisionId, uploadId),
                  UpdateExpression: 'SET itemType = :type ADD standing :standing',
                  ExpressionAttributeValues: { ':type': 'SiteMapDocumentMaps', ':standing': standing },
                },
              },
            },
          ];
    try {
      await transact(db, [
        ...save.guards,
        mapStep,
        ...documentStep,
        ...sourceSteps(db, [...moves.values()]),
        ...entries.flatMap((e) => e.steps),
      ]);
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

/** A source's display as an inspection's certified maps show it (spec 002 §3 source, frozen). */
export interface SourceSnapshot {
  id: string;
  name: string;
  color: string | null;
  map_symbol: MapSymbol | null;
  scope: SourceScope | null;
  detail: string | null;
  deleted: boolean;
}

/**
 * Writes what each source showed when the inspection was certified (0041: freeze at certification),
 * one item per source under the inspection (`MAPSOURCE#<sourceId>`), replacing any earlier ones.
 */
export async function putSourceSnapshots(
  db: Db,
  divisionId: string,
  inspectionId: string,
  snapshots: readonly SourceSnapshot[],
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const puts = snapshots.map((source) => ({
    PutRequest: {
      Item: {
        ...mapFeatureKeys.snapshot(divisionId, inspectionId, source.id),
        itemType: 'MapSourceSnapshot',
        source,
        frozenAt: at,
      },
    },
  }));
  for (let i = 0; i < puts.length; i += 25) {
    let request: Record<string, unknown[]> | undefined = { [db.tableName]: puts.slice(i, i + 25) };
    while (request && Object.keys(request).length > 0) {
      const result = await db.doc.send(new BatchWriteCommand({ RequestItems: request as never }));
      request = result.UnprocessedItems as typeof request;
    }
  }
}

/** The frozen displays of sources for an inspection, by source id (one BatchGet); missing ones left out. */
export async function getSourceSnapshots(
  db: Db,
  divisionId: string,
  inspectionId: string,
  sourceIds: readonly string[],
): Promise<Map<string, SourceSnapshot>> {
  const items = await batchGet(
    db,
    sourceIds.map((id) => mapFeatureKeys.snapshot(divisionId, inspectionId, id)),
  );
  return new Map(items.map((item) => [(item.source as SourceSnapshot).id, item.source as SourceSnapshot]));
}

/** The features a map save reads back by id (a bench, the seed): every standing one of the map. */
export async function standingFeaturesOfMap(
  db: Db,
  divisionId: string,
  siteMapId: string,
): Promise<FeatureRecord[]> {
  return featureVersionsBetween(
    db,
    divisionId,
    siteMapId,
    mapFeatureKeys.standingPrefix,
    `${mapFeatureKeys.standingPrefix}\u{10FFFF}`,
  );
}

/**
 * Under an inspection (`MAPSAVED`): the maps its saves touched, read consistently when a signature
 * freezes its maps (a map first saved a moment before may not be in the byParent list yet), and
 * `freezingAt`, the mark of a freeze under way, which refuses every save of the inspection's maps
 * until the signature is written (docs/decisions/0041). A mark left by a crash lapses.
 */
const savedMapsKey = (divisionId: string, inspectionId: string) => ({
  pk: inspectionKeys.inspection(divisionId, inspectionId).pk,
  sk: 'MAPSAVED',
});
export const FREEZE_MARK_LAPSES_MS = 2 * 60_000;

/** A save's step: it touched `siteMapId`, unless the inspection's maps are being frozen. */
export function mapSavedInStep(
  db: Db,
  divisionId: string,
  inspectionId: string,
  siteMapId: string,
  now: Date,
): TransactionStep {
  return {
    write: {
      Update: {
        TableName: db.tableName,
        Key: savedMapsKey(divisionId, inspectionId),
        UpdateExpression: 'ADD mapIds :map',
        ConditionExpression: 'attribute_not_exists(freezingAt) OR freezingAt < :lapsed',
        ExpressionAttributeValues: {
          ':map': new Set([siteMapId]),
          ':lapsed': new Date(now.getTime() - FREEZE_MARK_LAPSES_MS).toISOString(),
        },
      },
    },
    onConditionFailed: () => new ConflictError(MAP_MESSAGES.beingSigned),
  };
}

/** Marks the inspection's maps as being frozen (`frozen` false clears the mark). */
export async function markMapsFreezing(
  db: Db,
  divisionId: string,
  inspectionId: string,
  freezing: { at: Date } | false,
): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: savedMapsKey(divisionId, inspectionId),
      ...(freezing
        ? {
            UpdateExpression: 'SET freezingAt = :at',
            ExpressionAttributeValues: { ':at': freezing.at.toISOString() },
          }
        : { UpdateExpression: 'REMOVE freezingAt' }),
    }),
  );
}

/** The maps an inspection's saves touched, read consistently. */
export async function mapsSavedIn(db: Db, divisionId: string, inspectionId: string): Promise<string[]> {
  const { Item } = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: savedMapsKey(divisionId, inspectionId),
      ConsistentRead: true,
    }),
  );
  return [...((Item?.mapIds as Set<string> | undefined) ?? [])];
}
