import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, MissingParentError, NotFoundError } from '@stormline/domain/errors';
import type { Db } from './dynamo';
import { keys, nameOrder } from './keys';
import { searchTerms, termRowSteps } from './search-terms';
import type { SearchEntry } from './search-terms';
import {
  counterStep,
  putNewStep,
  putStep,
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

const clientSearch = (client: Pick<ClientRecord, 'id' | 'name'>): SearchEntry => ({
  terms: searchTerms(client.name),
  order: nameOrder(client.name, client.id),
});

function divisionLinkItem(divisionId: string, client: Pick<ClientRecord, 'id' | 'name'>) {
  return {
    ...clientKeys.divisionLink(divisionId, client.id),
    type: 'DivisionClient',
    gsi1pk: clientKeys.clientsOfDivision(divisionId),
    gsi1sk: nameOrder(client.name, client.id),
    divisionId,
    clientId: client.id,
    name: client.name,
  };
}

/** A client's copies in one division: the link row (with the name, for the list) and search rows. */
function divisionCopies(
  db: Db,
  divisionId: string,
  before: Pick<ClientRecord, 'id' | 'name'> | null,
  after: Pick<ClientRecord, 'id' | 'name'>,
): TransactionStep[] {
  return [
    putStep(db, divisionLinkItem(divisionId, after)),
    ...termRowSteps(
      db,
      clientKeys.clientsOfDivision(divisionId),
      after.id,
      before ? clientSearch(before) : null,
      clientSearch(after),
    ),
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
    ...divisionCopies(db, divisionId, null, client),
  ]);
  return client;
}

/**
 * A client as seen from one division: found only if the division holds its link, so another
 * division's client is not found even by its id. One consistent Query of the client's partition.
 */
export async function getClientInDivision(
  db: Db,
  divisionId: string,
  clientId: string,
): Promise<ClientRecord> {
  const { client, divisionIds } = await readClient(db, clientId);
  if (!client || !divisionIds.includes(divisionId)) throw new NotFoundError('Client not found');
  return client;
}

/** The client item and the divisions holding it (its link rows), read together and consistently. */
async function readClient(
  db: Db,
  clientId: string,
): Promise<{ client: ClientRecord | undefined; divisionIds: string[] }> {
  let client: ClientRecord | undefined;
  const divisionIds: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': clientKeys.client(clientId).pk },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      if (item.sk === 'CLIENT') {
        const { pk: _pk, sk: _sk, type: _type, ...record } = item;
        client = record as unknown as ClientRecord;
      } else if (item.type === 'DivisionClient') divisionIds.push(item.divisionId as string);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return { client, divisionIds };
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
    divisionIds.flatMap((d) => divisionCopies(db, d, before, after)),
  );
  return after;
}
