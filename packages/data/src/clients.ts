import { randomUUID } from 'node:crypto';
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, MissingParentError, NotFoundError } from '@stormline/domain/errors';
import type { Db } from './dynamo';
import { keys, nameOrder } from './keys';
import { readPartition } from './read-partition';
import { searchTerms, termRowSteps } from './search-terms';
import type { SearchEntry } from './search-terms';
import {
  counterStep,
  putNewStep,
  anchoredUpdateStep,
  transact,
  transactWithCopies,
  versionedUpdateStep,
} from './transact';
import type { TransactionStep } from './transact';

/**
 * Clients are shared by the divisions that include them (the Divisions screen adds and removes
 * them), so the client is one item with a link row per division holding it.
 */
export interface ClientAddress {
  street_1: string;
  street_2: string | null;
  city: string;
  /** US: a state abbreviation; UK: a country name. */
  state: string;
  zip: string;
  phone: string | null;
  phone_ext: string | null;
}

export interface ClientRecord {
  id: string;
  name: string;
  address: ClientAddress;
  default_finding_observation: string | null;
  disable_images: boolean;
  createdAt: string;
  version: number;
}

export const clientKeys = {
  client: (clientId: string) => ({ pk: `CLIENT#${clientId}`, sk: 'CLIENT' }),
  /**
   * The client's link to a division, in the client's own partition: one consistent Query tells
   * every division holding the client (where its copies live); the division's list reads the
   * links through byParent.
   */
  divisionLink: (divisionId: string, clientId: string) => ({
    pk: `CLIENT#${clientId}`,
    sk: `DIVISION#${divisionId}`,
  }),
  clientsOfDivision: (divisionId: string) => `DIVISION#${divisionId}#CLIENTS`,
};

/** Where a client sorts in a division's list, and among the results of one search term. */
const listOrder = (client: Pick<ClientRecord, 'id' | 'name'>) => nameOrder(client.name, client.id);

const clientSearch = (client: Pick<ClientRecord, 'id' | 'name'>): SearchEntry => ({
  terms: searchTerms(client.name),
  order: listOrder(client),
});

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

/** A client's search rows in one division. */
function searchCopies(
  db: Db,
  divisionId: string,
  before: Pick<ClientRecord, 'id' | 'name'> | null,
  after: Pick<ClientRecord, 'id' | 'name'>,
): TransactionStep[] {
  return termRowSteps(
    db,
    clientKeys.clientsOfDivision(divisionId),
    after.id,
    before ? clientSearch(before) : null,
    clientSearch(after),
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
  input: Omit<ClientRecord, 'id' | 'createdAt' | 'version'> & { id?: string },
  now = new Date(),
): Promise<ClientRecord> {
  const client: ClientRecord = {
    ...input,
    id: input.id ?? randomUUID(),
    createdAt: now.toISOString(),
    version: 0,
  };
  await transact(db, [
    joinDivisionStep(db, divisionId),
    putNewStep(
      db,
      { ...clientKeys.client(client.id), type: 'Client', ...client },
      () => new ConflictError('This client already exists'),
    ),
    putNewStep(db, divisionLinkItem(divisionId, client)),
    ...searchCopies(db, divisionId, null, client),
  ]);
  return client;
}

function toClient(item: Record<string, unknown>): ClientRecord {
  const { pk: _pk, sk: _sk, type: _type, ...record } = item;
  return record as unknown as ClientRecord;
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
  const result = await db.doc.send(
    new BatchGetCommand({
      RequestItems: {
        [db.tableName]: {
          Keys: [clientKeys.client(clientId), clientKeys.divisionLink(divisionId, clientId)],
          ConsistentRead: true,
        },
      },
    }),
  );
  const items = result.Responses?.[db.tableName] ?? [];
  const client = items.find((i) => i.sk === 'CLIENT');
  if (!client || !items.some((i) => i.sk === `DIVISION#${divisionId}`))
    throw new NotFoundError('Client not found');
  return toClient(client);
}

/** The client item and the divisions holding it (its link rows), read consistently. */
async function readClient(
  db: Db,
  clientId: string,
): Promise<{ client: ClientRecord | undefined; divisionIds: string[] }> {
  const [{ Item }, links] = await Promise.all([
    db.doc.send(
      new GetCommand({ TableName: db.tableName, Key: clientKeys.client(clientId), ConsistentRead: true }),
    ),
    readPartition(db, clientKeys.client(clientId).pk, 'DIVISION#', 'divisionId'),
  ]);
  return { client: Item ? toClient(Item) : undefined, divisionIds: links.map((i) => i.divisionId as string) };
}

/** Adds an existing client to another division (the Divisions screen's Clients tab). */
export async function addClientToDivision(db: Db, divisionId: string, clientId: string): Promise<void> {
  const { client, divisionIds } = await readClient(db, clientId);
  if (!client) throw new NotFoundError('Client not found');
  if (divisionIds.includes(divisionId)) return;
  await transact(db, [
    joinDivisionStep(db, divisionId),
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
 * The one writer of a client's name: the client item and, with it, its link row and search rows
 * in every division that holds it (transactWithCopies).
 */
export async function renameClient(
  db: Db,
  divisionId: string,
  clientId: string,
  name: string,
  version: number,
): Promise<ClientRecord> {
  const { client: before, divisionIds } = await readClient(db, clientId);
  if (!before || !divisionIds.includes(divisionId)) throw new NotFoundError('Client not found');
  if (before.version !== version) throw new ConflictError();
  const after = { ...before, name, version: version + 1 };
  await transactWithCopies(
    db,
    [
      versionedUpdateStep(
        db,
        clientKeys.client(clientId),
        { name },
        version,
        () => new NotFoundError('Client not found'),
      ),
    ],
    divisionIds.map((d) => renamedCopies(db, d, before, after)),
  );
  return after;
}
