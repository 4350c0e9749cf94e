import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { CLIENT_MESSAGES } from '@stormline/domain/client-rules';
import { ConflictError, MissingParentError, NotFoundError, ValidationError } from '@stormline/domain/errors';
import { roleById } from '@stormline/domain/roles';
import { batchGet, itemAt } from './batch-get';
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
  putStep,
  transact,
  transactWithCopies,
  versionedUpdateStep,
} from './transact';
import type { TransactionStep } from './transact';

/**
 * Clients are shared by the divisions that include them (the Divisions screen adds and removes
 * them), so the client is one item with a link row per division holding it. Its address follows
 * the deployment's region: a state (US) or a country (UK), checked before it reaches here
 * (@stormline/domain/region).
 */
export interface ClientAddress {
  street_1: string;
  street_2: string | null;
  city: string;
  /** US: the state's abbreviation; null in the UK. */
  state_id: string | null;
  /** UK: the country's id; null in the US. */
  country_id: string | null;
  zip: string | null;
  phone: string | null;
  phone_ext: string | null;
}

export interface ClientRecord {
  id: string;
  name: string;
  address: ClientAddress;
  /** One of the two templates of spec 001 §3 (FINDING_OBSERVATION_TEMPLATES), or none. */
  default_finding_observation: string | null;
  disable_images: boolean;
  createdAt: string;
  version: number;
}

/** What a client's form edits. */
export type ClientFields = Pick<
  ClientRecord,
  'name' | 'address' | 'default_finding_observation' | 'disable_images'
>;

export const clientKeys = {
  client: (clientId: string) => ({ pk: `CLIENT#${clientId}`, sk: 'CLIENT' }),
  /**
   * The client's link to a division, in the client's own partition: one consistent Query tells
   * every division holding the client (where its copies live); the division's list reads the
   * links through byParent. The link counts the client's projects in that division.
   */
  divisionLink: (divisionId: string, clientId: string) => ({
    pk: `CLIENT#${clientId}`,
    sk: `DIVISION#${divisionId}`,
  }),
  clientsOfDivision: (divisionId: string) => `DIVISION#${divisionId}#CLIENTS`,
  /** The company's clients (byParent), whichever divisions hold them. */
  allClients: () => 'CLIENTS',
  /**
   * A user who is a contact of the client. The same row is the user's client assignment (Edit
   * User's clients): byRelation `USER#<u>#CLIENTS` lists a user's clients.
   */
  contact: (clientId: string, userId: string) => ({ pk: `CLIENT#${clientId}`, sk: `CONTACT#${userId}` }),
  clientsOfUser: (userId: string) => `USER#${userId}#CLIENTS`,
  /** The client's projects in a division (the project items' byRelation partition). */
  projectsOfClient: (divisionId: string, clientId: string) =>
    `DIVISION#${divisionId}#CLIENT#${clientId}#PROJECTS`,
};

/** Where a client sorts in a division's list, and among the results of one search term. */
const listOrder = (client: Pick<ClientRecord, 'id' | 'name'>) => nameOrder(client.name, client.id);

const clientSearch = (client: Pick<ClientRecord, 'id' | 'name'>): SearchEntry => ({
  terms: searchTerms(client.name),
  order: listOrder(client),
});

const notFound = () => new NotFoundError('Client not found');

function divisionLinkItem(divisionId: string, client: Pick<ClientRecord, 'id' | 'name'>) {
  return {
    ...clientKeys.divisionLink(divisionId, client.id),
    type: 'DivisionClient',
    gsi1pk: clientKeys.clientsOfDivision(divisionId),
    gsi1sk: listOrder(client),
    divisionId,
    clientId: client.id,
    name: client.name,
  };
}

/**
 * Every client of the company by name (byParent `CLIENTS`): the Divisions screen's 'Add Clients'
 * rows. On the client item itself, so its one writer moves it with the name.
 */
const companyListKeys = (client: Pick<ClientRecord, 'id' | 'name'>) => ({
  gsi1pk: clientKeys.allClients(),
  gsi1sk: listOrder(client),
});

/** A client's search rows in one division. */
function searchCopies(
  db: Db,
  divisionId: string,
  before: Pick<ClientRecord, 'id' | 'name'> | null,
  after: Pick<ClientRecord, 'id' | 'name'> | null,
): TransactionStep[] {
  const id = (after ?? before)!.id;
  return termRowSteps(
    db,
    clientKeys.clientsOfDivision(divisionId),
    id,
    before ? clientSearch(before) : null,
    after ? clientSearch(after) : null,
  );
}

/**
 * A renamed client's copies in one division: the link row's name and order (only while the
 * division still holds the client) and the search rows.
 */
function renamedCopies(
  db: Db,
  divisionId: string,
  before: Pick<ClientRecord, 'id' | 'name'>,
  after: Pick<ClientRecord, 'id' | 'name'>,
): TransactionStep[] {
  return [
    anchoredUpdateStep(db, clientKeys.divisionLink(divisionId, after.id), {
      name: after.name,
      gsi1sk: listOrder(after),
    }),
    ...searchCopies(db, divisionId, before, after),
  ];
}

/** Joining a division: its client count goes up, and the division must exist. */
const joinDivisionStep = (db: Db, divisionId: string) =>
  counterStep(
    db,
    keys.division(divisionId),
    'clientCount',
    1,
    () => new MissingParentError('Division not found'),
  );

/** The client, its link to the division and its search rows, in one transaction. */
export async function createClient(
  db: Db,
  divisionId: string,
  input: ClientFields & { id?: string },
  now = new Date(),
): Promise<ClientRecord> {
  const client: ClientRecord = {
    name: input.name,
    address: input.address,
    default_finding_observation: input.default_finding_observation,
    disable_images: input.disable_images,
    id: input.id ?? randomUUID(),
    createdAt: now.toISOString(),
    version: 0,
  };
  await transact(db, [
    joinDivisionStep(db, divisionId),
    putNewStep(
      db,
      // divisionCount: how many divisions hold it, so the last one's delete knows it is the last.
      {
        ...clientKeys.client(client.id),
        type: 'Client',
        ...companyListKeys(client),
        ...client,
        divisionCount: 1,
      },
      () => new ConflictError('This client already exists'),
    ),
    putNewStep(db, divisionLinkItem(divisionId, client)),
    ...searchCopies(db, divisionId, null, client),
  ]);
  return client;
}

function toClient(item: Record<string, unknown>): ClientRecord {
  const address = (item.address ?? {}) as Partial<ClientAddress>;
  return {
    id: item.id as string,
    name: item.name as string,
    address: {
      street_1: address.street_1 ?? '',
      street_2: address.street_2 ?? null,
      city: address.city ?? '',
      state_id: address.state_id ?? null,
      country_id: address.country_id ?? null,
      zip: address.zip ?? null,
      phone: address.phone ?? null,
      phone_ext: address.phone_ext ?? null,
    },
    default_finding_observation: (item.default_finding_observation as string | null | undefined) ?? null,
    disable_images: item.disable_images === true,
    createdAt: item.createdAt as string,
    version: item.version as number,
  };
}

/**
 * A client as seen from one division: found only if the division holds its link, so another
 * division's client is not found even by its id. One consistent BatchGet: the client and the link.
 */
export async function getClientInDivision(
  db: Db,
  divisionId: string,
  clientId: string,
): Promise<ClientRecord> {
  const items = await batchGet(db, [
    clientKeys.client(clientId),
    clientKeys.divisionLink(divisionId, clientId),
  ]);
  const client = itemAt(items, clientKeys.client(clientId));
  if (!client || !itemAt(items, clientKeys.divisionLink(divisionId, clientId))) throw notFound();
  return toClient(client);
}

/** Clients of the division by id, in the order asked; ids the division does not hold are left out. */
export async function getClientsInDivision(
  db: Db,
  divisionId: string,
  clientIds: readonly string[],
): Promise<ClientRecord[]> {
  const ids = [...new Set(clientIds)];
  const items = await batchGet(
    db,
    ids.flatMap((id) => [clientKeys.client(id), clientKeys.divisionLink(divisionId, id)]),
  );
  return ids.flatMap((id) => {
    const client = itemAt(items, clientKeys.client(id));
    return client && itemAt(items, clientKeys.divisionLink(divisionId, id)) ? [toClient(client)] : [];
  });
}

/** The client items of a page's rows (link or search rows, each naming its client), by id. */
async function clientsOfRows(db: Db, rows: Record<string, unknown>[], idField: string) {
  const items = await batchGet(
    db,
    rows.map((r) => clientKeys.client(r[idField] as string)),
    false,
  );
  return new Map(items.map((i) => [i.id as string, toClient(i)]));
}

/** The division's clients by name, a page at a time (the link rows, then the clients). */
export async function listClients(
  db: Db,
  divisionId: string,
  page: { pageSize: number; cursor?: string },
): Promise<PageOf<ClientRecord>> {
  return queryPage(
    db,
    { index: 'byParent', partition: clientKeys.clientsOfDivision(divisionId) },
    {
      ...page,
      resolve: async (rows) => {
        const found = await clientsOfRows(db, rows, 'clientId');
        return rows.flatMap((row) => found.get(row.clientId as string) ?? []);
      },
    },
  );
}

/** The division's clients whose name, from one of its words on, starts with `text` (search rows, no Scan). */
export async function searchClients(
  db: Db,
  divisionId: string,
  text: string,
  page: { pageSize: number; cursor?: string },
): Promise<PageOf<ClientRecord>> {
  const query = searchQuery(text);
  if (!query) return listClients(db, divisionId, page);
  return queryPage(
    db,
    { partition: searchPartition(clientKeys.clientsOfDivision(divisionId)), prefix: query },
    {
      ...page,
      resolve: async (rows) => {
        const found = await clientsOfRows(db, rows, 'recordId');
        return rows.flatMap((row) => {
          const client = found.get(row.recordId as string);
          return client && isFirstMatch(row, searchTerms(client.name), query) ? [client] : [];
        });
      },
    },
  );
}

/** How many clients the division holds: its counter, moved with each link. */
export async function countClients(db: Db, divisionId: string): Promise<number> {
  const { Item } = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: keys.division(divisionId),
      ProjectionExpression: 'clientCount',
    }),
  );
  return (Item?.clientCount as number | undefined) ?? 0;
}

/** The client item and the divisions holding it (its link rows), read consistently. */
async function readClient(
  db: Db,
  clientId: string,
): Promise<{ client: ClientRecord | undefined; links: Record<string, unknown>[] }> {
  const [{ Item }, links] = await Promise.all([
    db.doc.send(
      new GetCommand({ TableName: db.tableName, Key: clientKeys.client(clientId), ConsistentRead: true }),
    ),
    readPartition(db, clientKeys.client(clientId).pk, 'DIVISION#'),
  ]);
  return { client: Item ? toClient(Item) : undefined, links };
}

const divisionIdsOf = (links: Record<string, unknown>[]) => links.map((l) => l.divisionId as string);

/** Adds an existing client to another division (the Divisions screen's Clients tab). */
export async function addClientToDivision(db: Db, divisionId: string, clientId: string): Promise<void> {
  const { client, links } = await readClient(db, clientId);
  if (!client) throw notFound();
  if (divisionIdsOf(links).includes(divisionId)) return;
  await transact(db, [
    joinDivisionStep(db, divisionId),
    // The client must still exist, and counts the division (a last delete meanwhile fails on it).
    counterStep(db, clientKeys.client(clientId), 'divisionCount', 1, notFound),
    // Added by someone else meanwhile: a conflict, not a second count.
    putNewStep(
      db,
      divisionLinkItem(divisionId, client),
      () => new ConflictError('The client is already in this division'),
    ),
    ...termRowSteps(db, clientKeys.clientsOfDivision(divisionId), client.id, null, clientSearch(client)),
  ]);
}

/**
 * The one writer of a client: the client item and, when its name changes, its link row and
 * search rows in every division that holds it (transactWithCopies).
 */
export async function updateClient(
  db: Db,
  divisionId: string,
  clientId: string,
  fields: Partial<ClientFields>,
  version: number,
): Promise<ClientRecord> {
  const { client: before, links } = await readClient(db, clientId);
  const divisionIds = divisionIdsOf(links);
  if (!before || !divisionIds.includes(divisionId)) throw notFound();
  if (before.version !== version) throw new ConflictError();
  const after: ClientRecord = { ...before, ...fields, version: version + 1 };
  const renamed = after.name !== before.name;
  await transactWithCopies(
    db,
    [
      versionedUpdateStep(
        db,
        clientKeys.client(clientId),
        { ...fields, ...(renamed ? companyListKeys(after) : {}) },
        version,
        notFound,
      ),
    ],
    renamed ? divisionIds.map((d) => renamedCopies(db, d, before, after)) : [],
  );
  return after;
}

/** Renames a client (the Divisions screen and tests): updateClient with the name alone. */
export function renameClient(
  db: Db,
  divisionId: string,
  clientId: string,
  name: string,
  version: number,
): Promise<ClientRecord> {
  return updateClient(db, divisionId, clientId, { name }, version);
}

const projectsOnLink = (link: Record<string, unknown> | undefined) =>
  Number(link?.projectCount ?? 0) + Number(link?.archivedProjectCount ?? 0);

/**
 * Deletes a client from the division: refused (409, the spec's "server message") while the
 * division has projects of it, active or archived, so no project loses its client. The link, the
 * division's count and the search rows go together, on the condition that no project arrived
 * meanwhile. When no other division holds the client, the client itself and its contact rows go
 * too; when others do, it stays theirs (docs/decisions/0014).
 */
export async function deleteClientFromDivision(
  db: Db,
  divisionId: string,
  clientId: string,
): Promise<{ removedEverywhere: boolean }> {
  const { client, links } = await readClient(db, clientId);
  const link = links.find((l) => l.divisionId === divisionId);
  if (!client || !link) throw notFound();
  const count = projectsOnLink(link);
  if (count > 0) throw new ConflictError(CLIENT_MESSAGES.hasProjects(count));
  const last = links.length === 1;
  const unlink: TransactionStep = {
    write: {
      Delete: {
        TableName: db.tableName,
        Key: clientKeys.divisionLink(divisionId, clientId),
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(projectCount) OR projectCount = :zero) AND (attribute_not_exists(archivedProjectCount) OR archivedProjectCount = :zero)',
        ExpressionAttributeValues: { ':zero': 0 },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    onConditionFailed: (stored) =>
      stored ? new ConflictError(CLIENT_MESSAGES.hasProjects(projectsOnLink(stored))) : notFound(),
  };
  const recordSteps: TransactionStep[] = [
    unlink,
    counterStep(db, keys.division(divisionId), 'clientCount', -1),
    ...searchCopies(db, divisionId, client, null),
    last
      ? {
          // Deleted at the version read and while no other division holds it: an edit, a second
          // delete or a division adding the client meanwhile is a conflict, never a lost client.
          write: {
            Delete: {
              TableName: db.tableName,
              Key: clientKeys.client(clientId),
              ConditionExpression:
                'version = :version AND (attribute_not_exists(divisionCount) OR divisionCount = :one)',
              ExpressionAttributeValues: { ':version': client.version, ':one': 1 },
            },
          },
        }
      : counterStep(db, clientKeys.client(clientId), 'divisionCount', -1, notFound),
  ];
  // A contact row is the user's assignment to the client; it goes with the client (deletes are
  // idempotent, so the rows past one transaction follow safely).
  const contacts = last ? await readPartition(db, clientKeys.client(clientId).pk, 'CONTACT#') : [];
  const groups: TransactionStep[][] = [];
  for (let i = 0; i < contacts.length; i += 25)
    groups.push(
      contacts.slice(i, i + 25).map((c) => deleteStep(db, { pk: c.pk as string, sk: c.sk as string })),
    );
  await transactWithCopies(db, recordSteps, groups);
  return { removedEverywhere: last };
}

/**
 * The Divisions screen's Clients tab removes a client from a division with the same rule as the
 * client page's Delete: never while the division has projects of it.
 */
export const removeClientFromDivision = deleteClientFromDivision;

/** A row of a client's Projects tab. */
export interface ClientProjectRow {
  id: string;
  name: string;
  next_inspection_date: string | null;
  divisionId: string;
  archivedAt: string | null;
}

/**
 * The client's projects in the division: active ones by name, then archived ones (the project
 * items' byRelation keys, `ACTIVE#name` before `ARCHIVED#name`). The client must be the division's.
 */
export async function listClientProjects(
  db: Db,
  divisionId: string,
  clientId: string,
  page: { pageSize: number; cursor?: string },
): Promise<{ page: PageOf<ClientProjectRow>; total: number }> {
  const items = await batchGet(db, [clientKeys.divisionLink(divisionId, clientId)]);
  const link = items[0];
  if (!link) throw notFound();
  const rows = await queryPage<ClientProjectRow>(
    db,
    { index: 'byRelation', partition: clientKeys.projectsOfClient(divisionId, clientId) },
    {
      ...page,
      resolve: async (found) =>
        found.map((p) => ({
          id: p.id as string,
          name: p.name as string,
          next_inspection_date: (p.next_inspection_date as string | null | undefined) ?? null,
          divisionId: p.divisionId as string,
          archivedAt: (p.archivedAt as string | null | undefined) ?? null,
        })),
    },
  );
  return { page: rows, total: projectsOnLink(link) };
}

/** A contact as the client page shows it. */
export interface ContactView {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  phone_ext: string | null;
}

const toContact = (user: Record<string, unknown>): ContactView => ({
  id: user.id as string,
  first_name: user.first_name as string,
  last_name: user.last_name as string,
  email: user.email as string,
  phone: (user.phone as string | null | undefined) ?? null,
  phone_ext: (user.phone_ext as string | null | undefined) ?? null,
});

/**
 * The client's contacts as one division sees them: the users with a contact row who belong to
 * the division (a contact from another division holding the same client is that division's
 * business, not shown here). One Query of the client's contact rows, then one BatchGet of the
 * users and their memberships; by last name, then first.
 */
export async function listContacts(db: Db, divisionId: string, clientId: string): Promise<ContactView[]> {
  const rows = await readPartition(db, clientKeys.client(clientId).pk, 'CONTACT#', 'userId');
  const userIds = rows.map((r) => r.userId as string);
  const items = await batchGet(
    db,
    userIds.flatMap((u) => [keys.user(u), keys.membership(u, divisionId)]),
    false,
  );
  return userIds
    .flatMap((u) => {
      const user = itemAt(items, keys.user(u));
      return user && itemAt(items, keys.membership(u, divisionId)) ? [toContact(user)] : [];
    })
    .sort((a, b) =>
      nameOrder(a.last_name, a.first_name, a.id).localeCompare(nameOrder(b.last_name, b.first_name, b.id)),
    );
}

/**
 * Adds users of the division as contacts of its client (spec 001 §2 Add Contact). Each must be a
 * user of the division, never the public account; a user already a contact stays one. All rows
 * or none, in one transaction.
 */
export async function addContacts(
  db: Db,
  divisionId: string,
  clientId: string,
  userIds: readonly string[],
  now = new Date(),
): Promise<void> {
  const ids = [...new Set(userIds)];
  const items = await batchGet(db, [
    clientKeys.client(clientId),
    clientKeys.divisionLink(divisionId, clientId),
    ...ids.flatMap((u) => [keys.user(u), keys.membership(u, divisionId)]),
  ]);
  if (
    !itemAt(items, clientKeys.client(clientId)) ||
    !itemAt(items, clientKeys.divisionLink(divisionId, clientId))
  )
    throw notFound();
  for (const id of ids) {
    const user = itemAt(items, keys.user(id));
    if (!user || !itemAt(items, keys.membership(id, divisionId)))
      throw new ValidationError(CLIENT_MESSAGES.notAContact, [
        { path: 'userIds', message: `User ${id} is not a user of this division` },
      ]);
    if (roleById(user.roleId as string)?.isReadOnly)
      throw new ValidationError(CLIENT_MESSAGES.publicNotAContact);
  }
  await transact(db, [
    // The client must still be the division's when the rows are written.
    {
      write: {
        ConditionCheck: {
          TableName: db.tableName,
          Key: clientKeys.divisionLink(divisionId, clientId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      onConditionFailed: notFound,
    },
    ...ids.map((userId) =>
      putStep(db, {
        ...clientKeys.contact(clientId, userId),
        type: 'ClientContact',
        gsi2pk: clientKeys.clientsOfUser(userId),
        gsi2sk: clientId,
        clientId,
        userId,
        addedAt: now.toISOString(),
      }),
    ),
  ]);
}

/**
 * Removes a contact of the division's client. Only a contact who belongs to the division can be
 * removed from it; the caller never removes themself (checked by the handler, domain rule).
 */
export async function removeContact(
  db: Db,
  divisionId: string,
  clientId: string,
  userId: string,
): Promise<void> {
  const items = await batchGet(db, [
    clientKeys.divisionLink(divisionId, clientId),
    clientKeys.contact(clientId, userId),
    keys.membership(userId, divisionId),
  ]);
  if (!itemAt(items, clientKeys.divisionLink(divisionId, clientId))) throw notFound();
  if (
    !itemAt(items, clientKeys.contact(clientId, userId)) ||
    !itemAt(items, keys.membership(userId, divisionId))
  )
    throw new NotFoundError(CLIENT_MESSAGES.contactNotFound);
  await transact(db, [
    {
      write: {
        Delete: {
          TableName: db.tableName,
          Key: clientKeys.contact(clientId, userId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      onConditionFailed: () => new NotFoundError(CLIENT_MESSAGES.contactNotFound),
    },
  ]);
}
