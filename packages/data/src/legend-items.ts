import { randomUUID } from 'node:crypto';
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError } from '@stormline/domain/errors';
import type { LegendType, MapSymbol } from '@stormline/domain/map-symbol';
import { batchGet } from './batch-get';
import type { Db } from './dynamo';
import { nameOrder } from './keys';
import { queryPage } from './paging';
import type { PageOf } from './paging';
import { readPartition } from './read-partition';
import { groupsHeldByDivision } from './regulations';
import type { GroupRecord } from './regulations';
import { deleteStep, putNewStep, putStep, transact, versionedUpdateStep } from './transact';
import type { TransactionStep } from './transact';

/**
 * Map legend items (spec 001 §3): one division's control measures and pollutants, each with the
 * regulation groups it lists (its BMP tab there) and a map symbol stored as data. The item holds
 * the group ids as sent; a link row per group serves the group's list of legend items.
 */
export interface LegendItemRecord {
  id: string;
  divisionId: string;
  name: string;
  type: LegendType;
  groupIds: string[];
  mapSymbol: MapSymbol;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export const legendKeys = {
  item: (divisionId: string, legendItemId: string) => ({
    pk: `DIVISION#${divisionId}#LEGEND#${legendItemId}`,
    sk: 'LEGEND',
  }),
  groupLink: (divisionId: string, legendItemId: string, groupId: string) => ({
    pk: `DIVISION#${divisionId}#LEGEND#${legendItemId}`,
    sk: `GROUP#${groupId}`,
  }),
  /** byParent: one type's items, by name. */
  ofType: (divisionId: string, type: LegendType) => `DIVISION#${divisionId}#LEGENDS#${type}`,
  /** byRelation: all of the division's items, by name. */
  all: (divisionId: string) => `DIVISION#${divisionId}#LEGENDS`,
  /** byParent: the items listing one group (its BMP tab), by name. */
  ofGroup: (divisionId: string, groupId: string) => `DIVISION#${divisionId}#GROUP#${groupId}#LEGENDS`,
};

const notFound = () => new NotFoundError('Legend item not found');

const listOrder = (item: Pick<LegendItemRecord, 'id' | 'name'>) => nameOrder(item.name, item.id);

function toLegendItem(item: Record<string, unknown>): LegendItemRecord {
  return {
    id: item.id as string,
    divisionId: item.divisionId as string,
    name: item.name as string,
    type: item.type as LegendType,
    groupIds: (item.groupIds as string[] | undefined) ?? [],
    mapSymbol: item.mapSymbol as MapSymbol,
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
    version: item.version as number,
  };
}

function itemFields(item: LegendItemRecord) {
  return {
    id: item.id,
    divisionId: item.divisionId,
    name: item.name,
    type: item.type,
    groupIds: item.groupIds,
    mapSymbol: item.mapSymbol,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    version: item.version,
  };
}

function indexKeys(item: LegendItemRecord) {
  return {
    gsi1pk: legendKeys.ofType(item.divisionId, item.type),
    gsi1sk: listOrder(item),
    gsi2pk: legendKeys.all(item.divisionId),
    gsi2sk: listOrder(item),
  };
}

function groupLinkItem(item: LegendItemRecord, groupId: string) {
  return {
    ...legendKeys.groupLink(item.divisionId, item.id, groupId),
    itemType: 'LegendGroup',
    gsi1pk: legendKeys.ofGroup(item.divisionId, groupId),
    gsi1sk: listOrder(item),
    legendItemId: item.id,
    groupId,
  };
}

/**
 * The groups of `ids` the division holds: another division's group, or one that is gone, is not
 * found (the request is refused, nothing written).
 */
async function checkGroups(db: Db, divisionId: string, ids: readonly string[]): Promise<GroupRecord[]> {
  const unique = [...new Set(ids)];
  const groups = await groupsHeldByDivision(db, divisionId, unique);
  if (groups.length !== unique.length) throw new NotFoundError('Regulation group not found');
  return groups;
}

export interface LegendItemInput {
  name: string;
  type: LegendType;
  groupIds: string[];
  mapSymbol: MapSymbol;
}

/** The item and a link per group it lists, in one transaction. */
export async function createLegendItem(
  db: Db,
  divisionId: string,
  input: LegendItemInput,
  now = new Date(),
): Promise<LegendItemRecord> {
  const groups = await checkGroups(db, divisionId, input.groupIds);
  const at = now.toISOString();
  const item: LegendItemRecord = {
    id: randomUUID(),
    divisionId,
    name: input.name,
    type: input.type,
    groupIds: groups.map((g) => g.id),
    mapSymbol: input.mapSymbol,
    createdAt: at,
    updatedAt: at,
    version: 0,
  };
  await transact(db, [
    putNewStep(db, {
      ...legendKeys.item(divisionId, item.id),
      itemType: 'LegendItem',
      ...indexKeys(item),
      ...itemFields(item),
    }),
    ...item.groupIds.map((g) => putNewStep(db, groupLinkItem(item, g))),
  ]);
  return item;
}

export async function getLegendItem(
  db: Db,
  divisionId: string,
  legendItemId: string,
): Promise<LegendItemRecord> {
  const { Item } = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: legendKeys.item(divisionId, legendItemId),
      ConsistentRead: true,
    }),
  );
  if (!Item) throw notFound();
  return toLegendItem(Item);
}

/**
 * The one writer of a legend item: the item (versioned), its group links added, removed and, on a
 * rename, rewritten (their name order), in one transaction.
 */
export async function updateLegendItem(
  db: Db,
  divisionId: string,
  legendItemId: string,
  input: LegendItemInput,
  version: number,
  now = new Date(),
): Promise<LegendItemRecord> {
  const before = await getLegendItem(db, divisionId, legendItemId);
  if (before.version !== version) throw new ConflictError();
  const groups = await checkGroups(db, divisionId, input.groupIds);
  const after: LegendItemRecord = {
    ...before,
    name: input.name,
    type: input.type,
    groupIds: groups.map((g) => g.id),
    mapSymbol: input.mapSymbol,
    updatedAt: now.toISOString(),
    version: version + 1,
  };
  const links = await readPartition(db, legendKeys.item(divisionId, legendItemId).pk, 'GROUP#', 'groupId');
  const linked = new Set(links.map((l) => l.groupId as string));
  const keep = new Set(after.groupIds);
  const renamed = listOrder(before) !== listOrder(after);
  const steps: TransactionStep[] = [
    versionedUpdateStep(
      db,
      legendKeys.item(divisionId, legendItemId),
      {
        name: after.name,
        type: after.type,
        groupIds: after.groupIds,
        mapSymbol: after.mapSymbol,
        updatedAt: after.updatedAt,
        ...indexKeys(after),
      },
      version,
      notFound,
    ),
    ...[...linked]
      .filter((g) => !keep.has(g))
      .map((g) => deleteStep(db, legendKeys.groupLink(divisionId, legendItemId, g))),
    ...after.groupIds
      .filter((g) => renamed || !linked.has(g))
      .map((g) => putStep(db, groupLinkItem(after, g))),
  ];
  await transact(db, steps);
  return after;
}

/** Removes the item and its group links; its documents are the caller's to remove (documents.ts). */
export async function deleteLegendItem(
  db: Db,
  divisionId: string,
  legendItemId: string,
): Promise<LegendItemRecord> {
  const item = await getLegendItem(db, divisionId, legendItemId);
  const links = await readPartition(db, legendKeys.item(divisionId, legendItemId).pk, 'GROUP#', 'groupId');
  await transact(db, [
    {
      write: {
        Delete: {
          TableName: db.tableName,
          Key: legendKeys.item(divisionId, legendItemId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      onConditionFailed: notFound,
    },
    ...links.map((l) => deleteStep(db, legendKeys.groupLink(divisionId, legendItemId, l.groupId as string))),
  ]);
  return item;
}

/** Legend items by id within one division, in the order asked; ids not found are left out. */
export async function getLegendItems(
  db: Db,
  divisionId: string,
  ids: readonly string[],
): Promise<LegendItemRecord[]> {
  const unique = [...new Set(ids)];
  const found = new Map<string, LegendItemRecord>();
  for (let i = 0; i < unique.length; i += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
      [db.tableName]: { Keys: unique.slice(i, i + 100).map((id) => legendKeys.item(divisionId, id)) },
    };
    while (request && Object.keys(request).length > 0) {
      const result = await db.doc.send(new BatchGetCommand({ RequestItems: request }));
      for (const item of result.Responses?.[db.tableName] ?? [])
        found.set(item.id as string, toLegendItem(item));
      request = result.UnprocessedKeys as typeof request;
    }
  }
  return unique.flatMap((id) => found.get(id) ?? []);
}

/**
 * The division's legend items by name, a page at a time: of one type, or all; `search` keeps
 * those whose name starts with it (a prefix of the sort key, no search rows: a short list).
 */
export async function listLegendItems(
  db: Db,
  divisionId: string,
  filter: { type?: LegendType; search?: string | null },
  page: { pageSize: number; cursor?: string },
): Promise<PageOf<LegendItemRecord>> {
  const prefix = filter.search ? nameOrder(filter.search) : undefined;
  return queryPage(
    db,
    filter.type
      ? { index: 'byParent', partition: legendKeys.ofType(divisionId, filter.type), prefix }
      : { index: 'byRelation', partition: legendKeys.all(divisionId), prefix },
    { ...page, resolve: async (rows) => rows.map(toLegendItem) },
  );
}

/**
 * The legend items listing a group (its BMP tab), by name, a page at a time. A type keeps those of
 * that type (short pages); the items are read, so the list is current.
 */
export async function listLegendItemsOfGroup(
  db: Db,
  divisionId: string,
  groupId: string,
  filter: { type?: LegendType; search?: string | null },
  page: { pageSize: number; cursor?: string },
): Promise<PageOf<LegendItemRecord>> {
  const prefix = filter.search ? nameOrder(filter.search) : undefined;
  return queryPage(
    db,
    { index: 'byParent', partition: legendKeys.ofGroup(divisionId, groupId), prefix },
    {
      ...page,
      resolve: async (rows) =>
        (
          await getLegendItems(
            db,
            divisionId,
            rows.map((r) => r.legendItemId as string),
          )
        ).filter((item) => item.groupIds.includes(groupId) && (!filter.type || item.type === filter.type)),
    },
  );
}

/** The shape spec 001 §3 names: groups as ids, and with their names; only groups the division holds. */
export function legendItemView(item: LegendItemRecord, heldGroups: ReadonlyMap<string, GroupRecord>) {
  const groups = item.groupIds.flatMap((id) => {
    const group = heldGroups.get(id);
    return group ? [group] : [];
  });
  return {
    id: item.id,
    name: item.name,
    type: item.type,
    groups: groups.map((g) => g.id),
    document_groups: groups.map((g) => ({ id: g.id, name: g.name })),
    map_symbol: item.mapSymbol,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    version: item.version,
  };
}

/** The groups the items list that the division still holds, by id: one BatchGet for a page. */
export async function heldGroupsOf(
  db: Db,
  divisionId: string,
  items: readonly LegendItemRecord[],
): Promise<Map<string, GroupRecord>> {
  const groups = await groupsHeldByDivision(
    db,
    divisionId,
    items.flatMap((i) => i.groupIds),
  );
  return new Map(groups.map((g) => [g.id, g]));
}

/**
 * A project's own legend items (spec 002 §3 legend item as used on maps): the map editor's control
 * measures and pollutants beside the division's Map Legend. In the project partition
 * (`LEGEND#<l>`), listed by type and name through byParent `DIVISION#<d>#PROJECT#<p>#LEGENDS` /
 * `type#name#l`. No regulations, no documents.
 */
export interface ProjectLegendItemRecord {
  id: string;
  divisionId: string;
  projectId: string;
  name: string;
  type: LegendType;
  mapSymbol: MapSymbol;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export const projectLegendKeys = {
  item: (divisionId: string, projectId: string, legendItemId: string) => ({
    pk: `DIVISION#${divisionId}#PROJECT#${projectId}`,
    sk: `LEGEND#${legendItemId}`,
  }),
  ofProject: (divisionId: string, projectId: string) => `DIVISION#${divisionId}#PROJECT#${projectId}#LEGENDS`,
  order: (item: Pick<ProjectLegendItemRecord, 'type' | 'name' | 'id'>) =>
    `${item.type}#${nameOrder(item.name, item.id)}`,
};

function toProjectLegendItem(item: Record<string, unknown>): ProjectLegendItemRecord {
  return {
    id: item.id as string,
    divisionId: item.divisionId as string,
    projectId: item.projectId as string,
    name: item.name as string,
    type: item.type as LegendType,
    mapSymbol: item.mapSymbol as MapSymbol,
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
    version: item.version as number,
  };
}

export interface ProjectLegendItemInput {
  name: string;
  type: LegendType;
  mapSymbol: MapSymbol;
}

export async function createProjectLegendItem(
  db: Db,
  at: { divisionId: string; projectId: string },
  input: ProjectLegendItemInput,
  also: readonly TransactionStep[],
  now: Date,
): Promise<ProjectLegendItemRecord> {
  const when = now.toISOString();
  const item: ProjectLegendItemRecord = {
    id: randomUUID(),
    divisionId: at.divisionId,
    projectId: at.projectId,
    ...input,
    createdAt: when,
    updatedAt: when,
    version: 0,
  };
  await transact(db, [
    ...also,
    putNewStep(db, {
      ...projectLegendKeys.item(item.divisionId, item.projectId, item.id),
      itemType: 'ProjectLegendItem',
      gsi1pk: projectLegendKeys.ofProject(item.divisionId, item.projectId),
      gsi1sk: projectLegendKeys.order(item),
      ...item,
    }),
  ]);
  return item;
}

export async function getProjectLegendItem(
  db: Db,
  divisionId: string,
  projectId: string,
  legendItemId: string,
): Promise<ProjectLegendItemRecord> {
  const { Item } = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: projectLegendKeys.item(divisionId, projectId, legendItemId),
      ConsistentRead: true,
    }),
  );
  if (!Item) throw notFound();
  return toProjectLegendItem(Item);
}

/** The one writer of a project legend item: the item and its list key (type and name), versioned. */
export async function updateProjectLegendItem(
  db: Db,
  before: ProjectLegendItemRecord,
  input: ProjectLegendItemInput,
  version: number,
  also: readonly TransactionStep[],
  now: Date,
): Promise<ProjectLegendItemRecord> {
  if (before.version !== version) throw new ConflictError();
  const after: ProjectLegendItemRecord = {
    ...before,
    ...input,
    updatedAt: now.toISOString(),
    version: version + 1,
  };
  await transact(db, [
    ...also,
    versionedUpdateStep(
      db,
      projectLegendKeys.item(before.divisionId, before.projectId, before.id),
      {
        name: after.name,
        type: after.type,
        mapSymbol: after.mapSymbol,
        updatedAt: after.updatedAt,
        gsi1sk: projectLegendKeys.order(after),
      },
      version,
      notFound,
    ),
  ]);
  return after;
}

export async function deleteProjectLegendItem(
  db: Db,
  item: ProjectLegendItemRecord,
  also: readonly TransactionStep[],
): Promise<void> {
  await transact(db, [
    ...also,
    {
      write: {
        Delete: {
          TableName: db.tableName,
          Key: projectLegendKeys.item(item.divisionId, item.projectId, item.id),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      onConditionFailed: notFound,
    },
  ]);
}

/**
 * A project's legend items by type and name, a page at a time: of one type (and `search`, the start
 * of the name, as a key prefix), or all (a search then keeps the names that start with it: short
 * pages).
 */
export async function listProjectLegendItems(
  db: Db,
  divisionId: string,
  projectId: string,
  filter: { type?: LegendType; search?: string | null },
  page: { pageSize: number; cursor?: string },
): Promise<PageOf<ProjectLegendItemRecord>> {
  const search = filter.search ? nameOrder(filter.search) : null;
  return queryPage(
    db,
    {
      index: 'byParent',
      partition: projectLegendKeys.ofProject(divisionId, projectId),
      ...(filter.type ? { prefix: `${filter.type}#${search ?? ''}` } : {}),
    },
    {
      ...page,
      resolve: async (rows) =>
        rows
          .map(toProjectLegendItem)
          .filter((i) => filter.type || !search || nameOrder(i.name).startsWith(search)),
    },
  );
}

/** Legend items a map's features name, by scope (one BatchGet): the division's and a project's. */
export async function getMapLegendItems(
  db: Db,
  divisionId: string,
  projectId: string,
  wanted: readonly { id: string; scope: 'division' | 'project' }[],
): Promise<{ division: Map<string, LegendItemRecord>; project: Map<string, ProjectLegendItemRecord> }> {
  const keys = wanted.map((w) =>
    w.scope === 'division'
      ? legendKeys.item(divisionId, w.id)
      : projectLegendKeys.item(divisionId, projectId, w.id),
  );
  const items = await batchGet(db, keys);
  const division = new Map<string, LegendItemRecord>();
  const project = new Map<string, ProjectLegendItemRecord>();
  for (const item of items) {
    if (item.itemType === 'ProjectLegendItem') {
      const record = toProjectLegendItem(item);
      project.set(record.id, record);
    } else {
      const record = toLegendItem(item);
      division.set(record.id, record);
    }
  }
  return { division, project };
}

export function projectLegendItemView(item: ProjectLegendItemRecord) {
  return {
    id: item.id,
    projectId: item.projectId,
    name: item.name,
    type: item.type,
    map_symbol: item.mapSymbol,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    version: item.version,
  };
}
