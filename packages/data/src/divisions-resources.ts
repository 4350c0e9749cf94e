import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { CLIENT_MESSAGES } from '@stormline/domain/client-rules';
import { ConflictError, MissingParentError, NotFoundError } from '@stormline/domain/errors';
import { batchGet, itemAt } from './batch-get';
import { addClientToDivision, clientKeys, countClients, listClients, searchClients } from './clients';
import { getDivision } from './divisions';
import type { Division } from './divisions';
import type { Db } from './dynamo';
import { keys, nameOrder } from './keys';
import { queryPage } from './paging';
import type { PageOf } from './paging';
import { addGroupToDivision, countGroups, groupKeys, listGroups, searchGroups } from './regulations';
import { countRelationPartition } from './read-partition';
import { searchQuery } from './search-terms';
import { counterStep, transact } from './transact';
import {
  countDivisionUsers,
  divisionIdsOf,
  getUsers,
  listCompanyUsers,
  listDivisionUsers,
  readUser,
  searchDivisionUsers,
  writeUser,
} from './users';
import type { UserRecord } from './users';

/**
 * The Divisions screen's resource tabs (spec 001 §2): the users, clients, regulation groups and
 * inspection templates a division holds, the company's rows to add from, and deleting a division
 * (docs/decisions/0016). Clients and groups keep their own writers (clients.ts, regulations.ts);
 * what is here is the templates' division links, membership changes through the user's one
 * writer, and the reads that tell which of a page's rows a division holds.
 */

export type NamedKind = 'clients' | 'regulations' | 'inspectionTemplates';
export type ResourceKind = NamedKind | 'users';
export type ResourceScope = 'division' | 'company';

export interface NamedResource {
  id: string;
  name: string;
  inDivision: boolean;
}

export interface UserResource {
  user: UserRecord;
  inDivision: boolean;
}

type Page = { pageSize: number; cursor?: string };

/** The keys of inspection templates (the template editor's issue adds the rest of their items). */
export const templateKeys = {
  template: (templateId: string) => ({ pk: `TEMPLATE#${templateId}`, sk: 'TEMPLATE' }),
  divisionLink: (divisionId: string, templateId: string) => ({
    pk: `TEMPLATE#${templateId}`,
    sk: `DIVISION#${divisionId}`,
  }),
  templatesOfDivision: (divisionId: string) => `DIVISION#${divisionId}#TEMPLATES`,
  allTemplates: () => 'TEMPLATES',
};

/** The link item that says the division holds a record of this kind. */
function linkKey(kind: ResourceKind, divisionId: string, id: string) {
  switch (kind) {
    case 'users':
      return keys.membership(id, divisionId);
    case 'clients':
      return clientKeys.divisionLink(divisionId, id);
    case 'regulations':
      return groupKeys.divisionLink(divisionId, id);
    case 'inspectionTemplates':
      return templateKeys.divisionLink(divisionId, id);
  }
}

/** The record item of one kind (the company's, whichever divisions hold it). */
function recordKey(kind: ResourceKind, id: string) {
  switch (kind) {
    case 'users':
      return keys.user(id);
    case 'clients':
      return clientKeys.client(id);
    case 'regulations':
      return groupKeys.group(id);
    case 'inspectionTemplates':
      return templateKeys.template(id);
  }
}

const NOT_FOUND: Record<ResourceKind, string> = {
  users: 'User not found',
  clients: 'Client not found',
  regulations: 'Regulation group not found',
  inspectionTemplates: 'Inspection template not found',
};

/** The company-wide byParent partition of each kind (docs/data-model.md, "rows to add"). */
const COMPANY_LIST: Record<NamedKind, string> = {
  clients: clientKeys.allClients(),
  regulations: groupKeys.allGroups(),
  inspectionTemplates: templateKeys.allTemplates(),
};

/** Which of `ids` the division holds: one BatchGet of their link items. */
export async function heldByDivision(
  db: Db,
  kind: ResourceKind,
  divisionId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const links = await batchGet(
    db,
    ids.map((id) => linkKey(kind, divisionId, id)),
    false,
  );
  return new Set(ids.filter((id) => itemAt(links, linkKey(kind, divisionId, id))));
}

/** A division counter on the division item (userCount, clientCount, groupCount, templateCount). */
async function divisionCounter(db: Db, divisionId: string, attribute: string): Promise<number> {
  const { Item } = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: keys.division(divisionId),
      ProjectionExpression: '#count',
      ExpressionAttributeNames: { '#count': attribute },
    }),
  );
  return (Item?.[attribute] as number | undefined) ?? 0;
}

/**
 * A named tab of the division, by name: clients and regulations through their lists (with `s`, a
 * word of the name, search rows), templates through their link rows (with `s`, the start of the
 * name). The total is the division's counter, without a search.
 */
export async function listDivisionNamed(
  db: Db,
  kind: NamedKind,
  divisionId: string,
  page: Page,
  s: string | undefined,
): Promise<{ page: PageOf<NamedResource>; total: number | null }> {
  const search = searchQuery(s);
  const named = (items: { id: string; name: string }[]) =>
    items.map((i) => ({ id: i.id, name: i.name, inDivision: true }));
  if (kind === 'clients') {
    const [found, total] = await Promise.all([
      search ? searchClients(db, divisionId, search, page) : listClients(db, divisionId, page),
      search ? null : countClients(db, divisionId),
    ]);
    return { page: { ...found, items: named(found.items) }, total };
  }
  if (kind === 'regulations') {
    const [found, total] = await Promise.all([
      search ? searchGroups(db, divisionId, search, page) : listGroups(db, divisionId, page),
      search ? null : countGroups(db, divisionId),
    ]);
    return { page: { ...found, items: named(found.items) }, total };
  }
  const [found, total] = await Promise.all([
    queryPage<NamedResource>(
      db,
      {
        index: 'byParent',
        partition: templateKeys.templatesOfDivision(divisionId),
        ...(search ? { prefix: nameOrder(search) } : {}),
      },
      {
        ...page,
        resolve: async (rows) =>
          rows.map((r) => ({ id: r.templateId as string, name: r.name as string, inDivision: true })),
      },
    ),
    search ? null : divisionCounter(db, divisionId, 'templateCount'),
  ]);
  return { page: found, total };
}

/**
 * The company's clients, regulation groups or templates by name (with `s`, those whose name starts
 * with it), each with whether the division holds it: the 'Add {thing}' modal's rows.
 */
export async function listCompanyNamed(
  db: Db,
  kind: NamedKind,
  divisionId: string,
  page: Page,
  s: string | undefined,
): Promise<PageOf<NamedResource>> {
  const search = searchQuery(s);
  const found = await queryPage(
    db,
    { index: 'byParent', partition: COMPANY_LIST[kind], ...(search ? { prefix: nameOrder(search) } : {}) },
    page,
  );
  const held = await heldByDivision(
    db,
    kind,
    divisionId,
    found.items.map((i) => i.id as string),
  );
  return {
    ...found,
    items: found.items.map((i) => ({
      id: i.id as string,
      name: i.name as string,
      inDivision: held.has(i.id as string),
    })),
  };
}

/** The division's users by last name, or those a search matches (names and email). */
export async function listDivisionMembers(
  db: Db,
  divisionId: string,
  page: Page,
  s: string | undefined,
): Promise<{ page: PageOf<UserResource>; total: number | null }> {
  const search = searchQuery(s);
  const [found, total] = await Promise.all([
    search ? searchDivisionUsers(db, divisionId, search, page) : listDivisionUsers(db, divisionId, page),
    search ? null : countDivisionUsers(db, divisionId),
  ]);
  return { page: { ...found, items: found.items.map((user) => ({ user, inDivision: true })) }, total };
}

/** The company's users by last name (with `s`, those whose last name starts with it), each with whether they belong to the division. */
export async function listCompanyMembers(
  db: Db,
  divisionId: string,
  page: Page,
  s: string | undefined,
): Promise<PageOf<UserResource>> {
  const found = await listCompanyUsers(db, page, searchQuery(s) || undefined);
  const held = await heldByDivision(
    db,
    'users',
    divisionId,
    found.items.map((u) => u.id),
  );
  return { ...found, items: found.items.map((user) => ({ user, inDivision: held.has(user.id) })) };
}

/**
 * Reads the records `ids` name and which of them the division holds, in one BatchGet, and refuses
 * (404, the kind's message) an id that names no record. The order asked is kept.
 */
export async function readResources(
  db: Db,
  kind: ResourceKind,
  divisionId: string,
  ids: readonly string[],
): Promise<{ id: string; record: Record<string, unknown>; link: Record<string, unknown> | undefined }[]> {
  const unique = [...new Set(ids)];
  const items = await batchGet(
    db,
    unique.flatMap((id) => [recordKey(kind, id), linkKey(kind, divisionId, id)]),
  );
  return unique.map((id) => {
    const record = itemAt(items, recordKey(kind, id));
    if (!record) throw new NotFoundError(NOT_FOUND[kind]);
    return { id, record, link: itemAt(items, linkKey(kind, divisionId, id)) };
  });
}

/** Refuses (404) any id the division does not hold: another division's record is not found here. */
export async function readHeldResources(
  db: Db,
  kind: ResourceKind,
  divisionId: string,
  ids: readonly string[],
) {
  const found = await readResources(db, kind, divisionId, ids);
  if (found.some((r) => !r.link)) throw new NotFoundError(NOT_FOUND[kind]);
  return found as { id: string; record: Record<string, unknown>; link: Record<string, unknown> }[];
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** Projects of the division on a link (a client's, a group's, a template's), archived ones included. */
export const projectsOnLink = (link: Record<string, unknown> | undefined) =>
  Number(link?.projectCount ?? 0) + Number(link?.archivedProjectCount ?? 0);

/** Adds existing clients to the division; those it holds already change nothing. Answers the ids added. */
export async function addClientsToDivision(db: Db, divisionId: string, ids: readonly string[]) {
  await getDivision(db, divisionId);
  const found = await readResources(db, 'clients', divisionId, ids);
  const added = found.filter((r) => !r.link).map((r) => r.id);
  for (const id of added) await addClientToDivision(db, divisionId, id);
  return added;
}

/** Adds existing regulation groups to the division (the group stays one, shared). */
export async function addGroupsToDivision(db: Db, divisionId: string, ids: readonly string[]) {
  await getDivision(db, divisionId);
  const found = await readResources(db, 'regulations', divisionId, ids);
  const added = found.filter((r) => !r.link).map((r) => r.id);
  for (const id of added) await addGroupToDivision(db, divisionId, id);
  return added;
}

/** The division's template count moves with each link; adding needs the division to exist. */
export const templateCountStep = (db: Db, divisionId: string, by: 1 | -1) =>
  counterStep(
    db,
    keys.division(divisionId),
    'templateCount',
    by,
    by > 0 ? () => new MissingParentError('Division not found') : undefined,
  );

export function templateLinkItem(divisionId: string, template: Record<string, unknown>) {
  const id = template.id as string;
  const name = template.name as string;
  return {
    ...templateKeys.divisionLink(divisionId, id),
    type: 'DivisionTemplate',
    gsi1pk: templateKeys.templatesOfDivision(divisionId),
    gsi1sk: nameOrder(name, id),
    divisionId,
    templateId: id,
    name,
  };
}

/** Adds inspection templates to the division: a link each, with the division's count, in one transaction each. */
export async function addTemplatesToDivision(db: Db, divisionId: string, ids: readonly string[]) {
  await getDivision(db, divisionId);
  const found = await readResources(db, 'inspectionTemplates', divisionId, ids);
  const added = found.filter((r) => !r.link);
  for (const { id, record } of added)
    await transact(db, [
      templateCountStep(db, divisionId, 1),
      {
        // The template must still be there (one deleted meanwhile is not linked).
        write: {
          ConditionCheck: {
            TableName: db.tableName,
            Key: templateKeys.template(id),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        onConditionFailed: () => new NotFoundError(NOT_FOUND.inspectionTemplates),
      },
      {
        write: {
          Put: {
            TableName: db.tableName,
            Item: templateLinkItem(divisionId, record),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        onConditionFailed: () => new ConflictError('The inspection template is already in this division'),
      },
    ]);
  return added.map((r) => r.id);
}

const templateInUse = (name: string, count: number) =>
  new ConflictError(
    `${name} is used by ${plural(count, 'project')} of this division (archived ones included), so it cannot leave the division.`,
  );

/**
 * Takes templates out of the division: refused (409) while projects of the division use one (its
 * link counts them), since their inspections follow it. The template itself stays the company's.
 */
export async function removeTemplatesFromDivision(
  db: Db,
  divisionId: string,
  ids: readonly string[],
  { ignoreProjects = false } = {},
) {
  const found = await readHeldResources(db, 'inspectionTemplates', divisionId, ids);
  if (!ignoreProjects)
    for (const { record, link } of found)
      if (projectsOnLink(link) > 0) throw templateInUse(record.name as string, projectsOnLink(link));
  for (const { id, record } of found)
    await transact(db, [
      {
        write: {
          Delete: {
            TableName: db.tableName,
            Key: templateKeys.divisionLink(divisionId, id),
            ConditionExpression: ignoreProjects
              ? 'attribute_exists(pk)'
              : 'attribute_exists(pk) AND (attribute_not_exists(projectCount) OR projectCount <= :zero)',
            ...(ignoreProjects ? {} : { ExpressionAttributeValues: { ':zero': 0 } }),
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        onConditionFailed: (stored) =>
          stored
            ? templateInUse(record.name as string, projectsOnLink(stored))
            : new NotFoundError(NOT_FOUND.inspectionTemplates),
      },
      templateCountStep(db, divisionId, -1),
    ]);
  return found.map((r) => r.id);
}

/** The client rule of the client page's Delete, checked for every selected client before any goes. */
export function checkClientsRemovable(
  found: readonly { record: Record<string, unknown>; link: Record<string, unknown> | undefined }[],
): void {
  for (const { record, link } of found) {
    const count = projectsOnLink(link);
    if (count > 0) throw new ConflictError(`${record.name as string}: ${CLIENT_MESSAGES.hasProjects(count)}`);
  }
}

/** The regulation rule: no project of the division may lose its regulations (0016). */
export function checkGroupsRemovable(
  found: readonly { record: Record<string, unknown>; link: Record<string, unknown> | undefined }[],
): void {
  for (const { record, link } of found) {
    const count = Number(link?.projectCount ?? 0);
    if (count > 0)
      throw new ConflictError(
        `${record.name as string} is used by ${plural(count, 'project')} of this division (archived ones included), so it cannot leave the division.`,
      );
  }
}

/** Adds users to the division through the user's one writer (membership, search rows, count). */
export async function addUsersToDivision(
  db: Db,
  divisionId: string,
  users: readonly UserRecord[],
): Promise<string[]> {
  await getDivision(db, divisionId);
  const added: string[] = [];
  for (const listed of users) {
    const before = await readUser(db, listed.id);
    if (!before) throw new NotFoundError(NOT_FOUND.users);
    const divisionsBefore = await divisionIdsOf(db, before.id);
    if (divisionsBefore.includes(divisionId)) continue;
    await writeUser(db, {
      before,
      changes: {},
      divisionsBefore,
      divisionsAfter: [...divisionsBefore, divisionId],
    });
    added.push(before.id);
  }
  return added;
}

/**
 * The users of `ids` who may leave the division: each must belong to it (404) and to another
 * division too (409): a user always has a division (Edit User's 'Divisions is required').
 */
export async function usersLeaving(
  db: Db,
  divisionId: string,
  ids: readonly string[],
): Promise<{ user: UserRecord; divisionIds: string[] }[]> {
  await readHeldResources(db, 'users', divisionId, ids);
  const users = await getUsers(db, ids);
  if (users.length !== new Set(ids).size) throw new NotFoundError(NOT_FOUND.users);
  const leaving = await Promise.all(
    users.map(async (user) => ({ user, divisionIds: await divisionIdsOf(db, user.id) })),
  );
  for (const { user, divisionIds } of leaving)
    if (divisionIds.filter((d) => d !== divisionId).length === 0)
      throw new ConflictError(
        `${user.first_name} ${user.last_name} belongs to no other division. Add them to another division first, or delete the user.`,
      );
  return leaving;
}

/** Takes users out of the division through the user's one writer. */
export async function removeUsersFromDivision(
  db: Db,
  divisionId: string,
  leaving: readonly { user: UserRecord; divisionIds: string[] }[],
): Promise<string[]> {
  for (const { user, divisionIds } of leaving) {
    const before = (await readUser(db, user.id)) ?? user;
    await writeUser(db, {
      before,
      changes: {},
      divisionsBefore: divisionIds,
      divisionsAfter: divisionIds.filter((d) => d !== divisionId),
    });
  }
  return leaving.map((l) => l.user.id);
}

/** Every row of one byParent partition, ids only (a division's links, bounded by its counters). */
async function idsOfPartition(db: Db, partition: string, idField: string): Promise<string[]> {
  const ids: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        IndexName: 'byParent',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': partition },
        ProjectionExpression: '#id',
        ExpressionAttributeNames: { '#id': idField },
        ExclusiveStartKey: startKey,
      }),
    );
    ids.push(...(page.Items ?? []).map((i) => i[idField] as string));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return ids;
}

/** How many legend items the division has (a Query counting its byRelation rows). */
async function countLegendItems(db: Db, divisionId: string): Promise<number> {
  return countRelationPartition(db, `DIVISION#${divisionId}#LEGENDS`);
}

/** 'a, b and c'. */
function listed(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** What keeps a division from being deleted: its records, and shared records no other division holds. */
export interface DivisionHoldings {
  division: Division;
  version: number;
  callerIsMember: boolean;
  clientIds: string[];
  groupIds: string[];
  templateIds: string[];
}

/**
 * Reads what the division holds and refuses (409, with the reason) while it holds anything that
 * would be lost or stranded with it (docs/decisions/0016): projects (archived ones included),
 * legend items, users other than the caller, clients or regulation groups no other division
 * holds; and the caller must keep a division of their own.
 */
export async function checkDivisionDeletable(
  db: Db,
  divisionId: string,
  callerId: string,
): Promise<DivisionHoldings> {
  const [{ Item }, membership] = await Promise.all([
    db.doc.send(
      new GetCommand({ TableName: db.tableName, Key: keys.division(divisionId), ConsistentRead: true }),
    ),
    batchGet(db, [keys.membership(callerId, divisionId)]),
  ]);
  if (!Item) throw new NotFoundError('Division not found');
  const division: Division = {
    id: divisionId,
    name: Item.name as string,
    createdAt: Item.createdAt as string,
    version: Item.version as number,
  };
  const callerIsMember = membership.length > 0;
  const count = (attribute: string) => Number(Item[attribute] ?? 0);
  const projects = count('activeProjectCount') + count('archivedProjectCount');
  const others = count('userCount') - (callerIsMember ? 1 : 0);
  const [legendItems, clientIds, groupIds, templateIds, callerDivisions] = await Promise.all([
    countLegendItems(db, divisionId),
    idsOfPartition(db, clientKeys.clientsOfDivision(divisionId), 'clientId'),
    idsOfPartition(db, groupKeys.groupsOfDivision(divisionId), 'groupId'),
    idsOfPartition(db, templateKeys.templatesOfDivision(divisionId), 'templateId'),
    callerIsMember ? divisionIdsOf(db, callerId) : Promise.resolve([]),
  ]);
  const records = await batchGet(db, [
    ...clientIds.map((id) => clientKeys.client(id)),
    ...groupIds.map((id) => groupKeys.group(id)),
  ]);
  const soleHolder = (key: { pk: string; sk: string }) =>
    Number(itemAt(records, key)?.divisionCount ?? 1) <= 1;
  const soleClients = clientIds.filter((id) => soleHolder(clientKeys.client(id))).length;
  const soleGroups = groupIds.filter((id) => soleHolder(groupKeys.group(id))).length;

  const held = [
    ...(projects > 0 ? [`${plural(projects, 'project')} (archived ones included)`] : []),
    ...(legendItems > 0 ? [plural(legendItems, 'legend item')] : []),
    ...(others > 0 ? [`${plural(others, 'user')} besides you`] : []),
  ];
  const sole = [
    ...(soleClients > 0 ? [plural(soleClients, 'client')] : []),
    ...(soleGroups > 0 ? [plural(soleGroups, 'regulation')] : []),
  ];
  const reasons: string[] = [];
  if (held.length > 0)
    reasons.push(
      `${division.name} still holds ${listed(held)}. Delete them, or move them to another division, first.`,
    );
  if (sole.length > 0)
    reasons.push(
      `${listed(sole)} of ${division.name} ${soleClients + soleGroups === 1 ? 'belongs' : 'belong'} to no other division: delete ${soleClients + soleGroups === 1 ? 'it' : 'them'} from its tabs, or add ${soleClients + soleGroups === 1 ? 'it' : 'them'} to another division, first.`,
    );
  if (callerIsMember && callerDivisions.filter((d) => d !== divisionId).length === 0)
    reasons.push('You belong to no other division: join another division first.');
  if (reasons.length > 0) throw new ConflictError(reasons.join(' '));
  return {
    division,
    version: division.version,
    callerIsMember,
    clientIds,
    groupIds,
    templateIds,
  };
}
