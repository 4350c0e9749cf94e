import { randomUUID } from 'node:crypto';
import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, MissingParentError, NotFoundError } from '@stormline/domain/errors';
import type { Db } from './dynamo';
import { keys, nameOrder } from './keys';
import { queryPage } from './paging';
import type { PageOf } from './paging';
import { readPartition } from './read-partition';
import { isFirstMatch, searchPartition, searchQuery, searchTerms, termRowSteps } from './search-terms';
import type { SearchEntry } from './search-terms';
import {
  anchoredUpdateStep,
  counterStep,
  deleteStep,
  putNewStep,
  transact,
  transactWithCopies,
  versionedUpdateStep,
} from './transact';
import type { TransactionStep } from './transact';

/**
 * Regulation groups (spec 001 §3, document groups) are shared by the divisions that include them
 * (the Divisions screen adds and removes them), like clients: one item with a link row per
 * division holding it, and search rows in each of those divisions.
 */
export interface GroupRecord {
  id: string;
  name: string;
  /** A counter moved in the same transaction as each document added or removed. */
  documentCount: number;
  createdAt: string;
  /** Date Modified: the group's name or any of its documents last changed. */
  updatedAt: string;
  version: number;
}

export const groupKeys = {
  group: (groupId: string) => ({ pk: `GROUP#${groupId}`, sk: 'GROUP' }),
  /** The group's link to a division, in the group's own partition (one consistent Query tells them all). */
  divisionLink: (divisionId: string, groupId: string) => ({
    pk: `GROUP#${groupId}`,
    sk: `DIVISION#${divisionId}`,
  }),
  groupsOfDivision: (divisionId: string) => `DIVISION#${divisionId}#GROUPS`,
  allGroups: () => 'GROUPS',
};

const notFound = () => new NotFoundError('Regulation group not found');

const listOrder = (group: Pick<GroupRecord, 'id' | 'name'>) => nameOrder(group.name, group.id);

const groupSearch = (group: Pick<GroupRecord, 'id' | 'name'>): SearchEntry => ({
  terms: searchTerms(group.name),
  order: listOrder(group),
});

function toGroup(item: Record<string, unknown>): GroupRecord {
  return {
    id: item.id as string,
    name: item.name as string,
    documentCount: (item.documentCount as number | undefined) ?? 0,
    createdAt: item.createdAt as string,
    updatedAt: (item.updatedAt as string | undefined) ?? (item.createdAt as string),
    version: item.version as number,
  };
}

function divisionLinkItem(divisionId: string, group: Pick<GroupRecord, 'id' | 'name'>) {
  return {
    ...groupKeys.divisionLink(divisionId, group.id),
    type: 'DivisionGroup',
    gsi1pk: groupKeys.groupsOfDivision(divisionId),
    gsi1sk: listOrder(group),
    divisionId,
    groupId: group.id,
    name: group.name,
  };
}

const searchCopies = (
  db: Db,
  divisionId: string,
  before: Pick<GroupRecord, 'id' | 'name'> | null,
  after: Pick<GroupRecord, 'id' | 'name'> | null,
) =>
  termRowSteps(
    db,
    groupKeys.groupsOfDivision(divisionId),
    (after ?? before)!.id,
    before ? groupSearch(before) : null,
    after ? groupSearch(after) : null,
  );

/** Joining or leaving a division moves its group count; joining needs the division to exist. */
const divisionCountStep = (db: Db, divisionId: string, by: 1 | -1) =>
  counterStep(
    db,
    keys.division(divisionId),
    'groupCount',
    by,
    by > 0 ? () => new MissingParentError('Division not found') : undefined,
  );

/** The number of divisions holding the group, moved with each link; the group must exist. */
const groupDivisionsStep = (db: Db, groupId: string, by: 1 | -1) =>
  counterStep(db, groupKeys.group(groupId), 'divisionCount', by, notFound);

/** The group, its link to the division and its search rows, in one transaction. */
export async function createGroup(
  db: Db,
  divisionId: string,
  input: { name: string; id?: string },
  now = new Date(),
): Promise<GroupRecord> {
  const at = now.toISOString();
  const group: GroupRecord = {
    id: input.id ?? randomUUID(),
    name: input.name,
    documentCount: 0,
    createdAt: at,
    updatedAt: at,
    version: 0,
  };
  await transact(db, [
    divisionCountStep(db, divisionId, 1),
    putNewStep(
      db,
      {
        ...groupKeys.group(group.id),
        type: 'Group',
        gsi1pk: groupKeys.allGroups(),
        gsi1sk: listOrder(group),
        ...group,
        divisionCount: 1,
      },
      () => new ConflictError('This regulation group already exists'),
    ),
    putNewStep(db, divisionLinkItem(divisionId, group)),
    ...searchCopies(db, divisionId, null, group),
  ]);
  return group;
}

/**
 * A group as seen from one division: found only if the division holds its link, so another
 * division's group is not found even by its id. One consistent BatchGet: the group and the link.
 */
export async function getGroupInDivision(db: Db, divisionId: string, groupId: string): Promise<GroupRecord> {
  const result = await db.doc.send(
    new BatchGetCommand({
      RequestItems: {
        [db.tableName]: {
          Keys: [groupKeys.group(groupId), groupKeys.divisionLink(divisionId, groupId)],
          ConsistentRead: true,
        },
      },
    }),
  );
  const items = result.Responses?.[db.tableName] ?? [];
  const group = items.find((i) => i.sk === 'GROUP');
  if (!group || !items.some((i) => i.sk === `DIVISION#${divisionId}`)) throw notFound();
  return toGroup(group);
}

/** Groups by id, in the order asked; ids with no group are left out. */
async function getGroups(db: Db, ids: readonly string[]): Promise<GroupRecord[]> {
  const unique = [...new Set(ids)];
  const found = new Map<string, GroupRecord>();
  for (let i = 0; i < unique.length; i += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
      [db.tableName]: { Keys: unique.slice(i, i + 100).map((id) => groupKeys.group(id)) },
    };
    while (request && Object.keys(request).length > 0) {
      const result = await db.doc.send(new BatchGetCommand({ RequestItems: request }));
      for (const item of result.Responses?.[db.tableName] ?? []) found.set(item.id as string, toGroup(item));
      request = result.UnprocessedKeys as typeof request;
    }
  }
  return unique.flatMap((id) => found.get(id) ?? []);
}

/**
 * Which of `ids` are groups the division holds (a legend item's regulations): one BatchGet of
 * the links. Answers the ids that are, in the order asked.
 */
export async function groupsHeldByDivision(
  db: Db,
  divisionId: string,
  ids: readonly string[],
): Promise<GroupRecord[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const held = new Set<string>();
  for (let i = 0; i < unique.length; i += 100) {
    const result = await db.doc.send(
      new BatchGetCommand({
        RequestItems: {
          [db.tableName]: {
            Keys: unique.slice(i, i + 100).map((id) => groupKeys.divisionLink(divisionId, id)),
            ProjectionExpression: 'groupId',
          },
        },
      }),
    );
    for (const item of result.Responses?.[db.tableName] ?? []) held.add(item.groupId as string);
  }
  return getGroups(
    db,
    unique.filter((id) => held.has(id)),
  );
}

/** The division's groups by name, a page at a time (the link rows, then the groups' counts and dates). */
export async function listGroups(
  db: Db,
  divisionId: string,
  page: { pageSize: number; cursor?: string },
): Promise<PageOf<GroupRecord>> {
  return queryPage(
    db,
    { index: 'byParent', partition: groupKeys.groupsOfDivision(divisionId) },
    {
      ...page,
      resolve: async (rows) =>
        getGroups(
          db,
          rows.map((r) => r.groupId as string),
        ),
    },
  );
}

/** The division's groups whose name, from one of its words on, starts with `text` (search rows). */
export async function searchGroups(
  db: Db,
  divisionId: string,
  text: string,
  page: { pageSize: number; cursor?: string },
): Promise<PageOf<GroupRecord>> {
  const query = searchQuery(text);
  if (!query) return listGroups(db, divisionId, page);
  return queryPage(
    db,
    { partition: searchPartition(groupKeys.groupsOfDivision(divisionId)), prefix: query },
    {
      ...page,
      resolve: async (rows) => {
        const found = new Map(
          (
            await getGroups(
              db,
              rows.map((r) => r.recordId as string),
            )
          ).map((g) => [g.id, g]),
        );
        return rows.flatMap((row) => {
          const group = found.get(row.recordId as string);
          return group && isFirstMatch(row, searchTerms(group.name), query) ? [group] : [];
        });
      },
    },
  );
}

/** How many groups the division holds: its counter, moved with each link. */
export async function countGroups(db: Db, divisionId: string): Promise<number> {
  const { Item } = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: keys.division(divisionId),
      ProjectionExpression: 'groupCount',
      ConsistentRead: true,
    }),
  );
  return (Item?.groupCount as number | undefined) ?? 0;
}

/** The group item and the divisions holding it (its link rows), read consistently. */
async function readGroup(
  db: Db,
  groupId: string,
): Promise<{ group: GroupRecord | undefined; divisionIds: string[]; links: Record<string, unknown>[] }> {
  const [{ Item }, links] = await Promise.all([
    db.doc.send(
      new GetCommand({ TableName: db.tableName, Key: groupKeys.group(groupId), ConsistentRead: true }),
    ),
    readPartition(db, groupKeys.group(groupId).pk, 'DIVISION#', 'divisionId, projectCount'),
  ]);
  return {
    group: Item ? toGroup(Item) : undefined,
    divisionIds: links.map((i) => i.divisionId as string),
    links,
  };
}

/**
 * Refused while projects of the division use the group (its link counts them; docs/decisions/0016):
 * they would lose their regulations.
 */
const groupInUse = (group: Pick<GroupRecord, 'name'>, count: number) =>
  new ConflictError(
    `${group.name} is used by ${count} ${count === 1 ? 'project' : 'projects'} of this division (archived ones included), so it cannot leave the division.`,
  );

/**
 * The one writer of a group's name: the group item and, with it, its link row and search rows in
 * every division that holds it.
 */
export async function renameGroup(
  db: Db,
  divisionId: string,
  groupId: string,
  name: string,
  version: number,
  now = new Date(),
): Promise<GroupRecord> {
  const { group: before, divisionIds } = await readGroup(db, groupId);
  if (!before || !divisionIds.includes(divisionId)) throw notFound();
  if (before.version !== version) throw new ConflictError();
  const after: GroupRecord = { ...before, name, updatedAt: now.toISOString(), version: version + 1 };
  await transactWithCopies(
    db,
    [
      versionedUpdateStep(
        db,
        groupKeys.group(groupId),
        { name, gsi1sk: listOrder(after), updatedAt: after.updatedAt },
        version,
        notFound,
      ),
    ],
    divisionIds.map((d) => [
      anchoredUpdateStep(db, groupKeys.divisionLink(d, groupId), {
        name,
        gsi1sk: listOrder(after),
      }),
      ...searchCopies(db, d, before, after),
    ]),
  );
  return after;
}

/** Adds an existing group to another division (the Divisions screen's Regulations tab). */
export async function addGroupToDivision(db: Db, divisionId: string, groupId: string): Promise<void> {
  const { group, divisionIds } = await readGroup(db, groupId);
  if (!group) throw notFound();
  if (divisionIds.includes(divisionId)) return;
  await transact(db, [
    divisionCountStep(db, divisionId, 1),
    // The group must still be there (one destroyed meanwhile is not brought back as a bare link),
    // and it counts the divisions holding it, so it is destroyed only when that reaches 0.
    groupDivisionsStep(db, groupId, 1),
    putNewStep(
      db,
      divisionLinkItem(divisionId, group),
      () => new ConflictError('The regulation group is already in this division'),
    ),
    ...searchCopies(db, divisionId, null, group),
  ]);
}

/**
 * The legend items of the division that list the group among their regulations: their link rows
 * (byParent, ids only). Used to let go of them when the group leaves the division; readers check
 * the group's link anyway, so a row the index has not shown yet misleads no one.
 */
async function legendLinksOfGroup(db: Db, divisionId: string, groupId: string) {
  const rows: { pk: string; sk: string }[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        IndexName: 'byParent',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': `DIVISION#${divisionId}#GROUP#${groupId}#LEGENDS` },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: startKey,
      }),
    );
    rows.push(...((page.Items ?? []) as { pk: string; sk: string }[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return rows;
}

/**
 * Takes the group out of one division: its link, its search rows and the division's count, and
 * the division's legend items let go of it. Answers whether that was the last division holding
 * it (then the caller destroys the group and its documents: see destroyGroup).
 */
export async function removeGroupFromDivision(
  db: Db,
  divisionId: string,
  groupId: string,
): Promise<{ lastDivision: boolean; group: GroupRecord }> {
  const { group, divisionIds, links } = await readGroup(db, groupId);
  if (!group || !divisionIds.includes(divisionId)) throw notFound();
  const inUse = Number(links.find((l) => l.divisionId === divisionId)?.projectCount ?? 0);
  if (inUse > 0) throw groupInUse(group, inUse);
  const legendLinks = await legendLinksOfGroup(db, divisionId, groupId);
  await transactWithCopies(
    db,
    [
      {
        write: {
          Delete: {
            TableName: db.tableName,
            Key: groupKeys.divisionLink(divisionId, groupId),
            // No project of the division took the group up meanwhile.
            ConditionExpression:
              'attribute_exists(pk) AND (attribute_not_exists(projectCount) OR projectCount <= :zero)',
            ExpressionAttributeValues: { ':zero': 0 },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        onConditionFailed: (stored) =>
          stored ? groupInUse(group, Number(stored.projectCount ?? 0)) : notFound(),
      },
      divisionCountStep(db, divisionId, -1),
      groupDivisionsStep(db, groupId, -1),
      ...searchCopies(db, divisionId, group, null),
    ],
    chunk(
      legendLinks.map((key) => deleteStep(db, key)),
      25,
    ),
  );
  const { Item } = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: groupKeys.group(groupId),
      ProjectionExpression: 'divisionCount',
      ConsistentRead: true,
    }),
  );
  return { lastDivision: ((Item?.divisionCount as number | undefined) ?? 0) <= 0, group };
}

/**
 * Deletes the group item if no division holds it: the condition is its division count, which a
 * division adding the group meanwhile moves in the same transaction as its link, so one of the
 * two fails. Answers whether it was deleted; its documents are then the caller's to remove.
 */
export async function deleteGroupItem(db: Db, groupId: string): Promise<boolean> {
  try {
    await transact(db, [
      {
        write: {
          Delete: {
            TableName: db.tableName,
            Key: groupKeys.group(groupId),
            ConditionExpression: 'attribute_exists(pk) AND divisionCount <= :none',
            ExpressionAttributeValues: { ':none': 0 },
          },
        },
      },
    ]);
    return true;
  } catch (error) {
    if (error instanceof ConflictError) return false;
    throw error;
  }
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/**
 * A document of the group was added, removed or changed: the group's Date Modified moves, and
 * its document count with additions and removals. A step of the document's own transaction; the
 * group must exist, so a document never lands in a group deleted meanwhile.
 */
export function groupTouchedStep(
  db: Db,
  groupId: string,
  now: Date,
  documentCountBy: -1 | 0 | 1 = 0,
): TransactionStep {
  return {
    write: {
      Update: {
        TableName: db.tableName,
        Key: groupKeys.group(groupId),
        UpdateExpression: `SET updatedAt = :at${documentCountBy !== 0 ? ' ADD documentCount :by' : ''}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: {
          ':at': now.toISOString(),
          ...(documentCountBy !== 0 ? { ':by': documentCountBy } : {}),
        },
      },
    },
    onConditionFailed: notFound,
  };
}

/** The shape spec 001 §3 names (num_documents). */
export function groupView(group: GroupRecord) {
  return {
    id: group.id,
    name: group.name,
    num_documents: group.documentCount,
    createdAt: group.createdAt,
    updatedAt: group.updatedAt,
    version: group.version,
  };
}
