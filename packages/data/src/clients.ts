import { randomUUID } from 'node:crypto';
import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, MissingParentError, NotFoundError } from '@stormline/domain/errors';
import type { Db } from './dynamo';
import { keys, nameOrder } from './keys';
import { INDEXES } from './table';
import { searchTerms, termRowSteps } from './search-terms';
import { parentStep, putNewStep, putStep, transact, versionedUpdateStep } from './transact';
import type { TransactionStep } from './transact';

/**
 * Clients are shared by the divisions that include them (the Divisions screen adds and removes
 * them), so the client is one item and each division holds a link carrying the division in its key.
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
  divisionLink: (divisionId: string, clientId: string) => ({
    pk: `DIVISION#${divisionId}`,
    sk: `CLIENT#${clientId}`,
  }),
  clientsOfDivision: (divisionId: string) => `DIVISION#${divisionId}#CLIENTS`,
  /** The divisions holding a client (the link rows, by relation): where its copies live. */
  divisionsOfClient: (clientId: string) => `CLIENT#${clientId}#DIVISIONS`,
};

function divisionLinkItem(divisionId: string, client: Pick<ClientRecord, 'id' | 'name'>) {
  return {
    ...clientKeys.divisionLink(divisionId, client.id),
    type: 'DivisionClient',
    gsi1pk: clientKeys.clientsOfDivision(divisionId),
    gsi1sk: nameOrder(client.name, client.id),
    gsi2pk: clientKeys.divisionsOfClient(client.id),
    gsi2sk: divisionId,
    divisionId,
    clientId: client.id,
    name: client.name,
  };
}

/** A client's copies in one division: the link row (with the name, for the list) and search rows. */
function divisionCopies(
  db: Db,
  divisionId: string,
  before: Pick<ClientRecord, 'name'> | null,
  after: Pick<ClientRecord, 'id' | 'name'>,
): TransactionStep[] {
  return [
    putStep(db, divisionLinkItem(divisionId, after)),
    ...termRowSteps(
      db,
      clientKeys.clientsOfDivision(divisionId),
      after.id,
      before ? searchTerms(before.name) : [],
      searchTerms(after.name),
    ),
  ];
}

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
    parentStep(db, keys.division(divisionId), () => new MissingParentError('Division not found')),
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
 * division's client is not found even by its id. One BatchGet: the client and the link.
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
  const linked = items.some((i) => i.sk === `CLIENT#${clientId}`);
  if (!client || !linked) throw new NotFoundError('Client not found');
  const { pk: _pk, sk: _sk, type: _type, ...record } = client;
  return record as unknown as ClientRecord;
}

/** The divisions that hold a client: the client's copies live in each of them. */
async function divisionsOfClient(db: Db, clientId: string): Promise<string[]> {
  const ids: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        IndexName: INDEXES.byRelation.indexName,
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': clientKeys.divisionsOfClient(clientId) },
        ProjectionExpression: 'divisionId',
        ExclusiveStartKey: startKey,
      }),
    );
    ids.push(...(page.Items ?? []).map((i) => i.divisionId as string));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return ids;
}

/**
 * The one writer of a client's name: the client item and, in the same transaction, its link row
 * and search rows in every division that holds it.
 */
export async function renameClient(
  db: Db,
  divisionId: string,
  clientId: string,
  name: string,
  version: number,
): Promise<ClientRecord> {
  const before = await getClientInDivision(db, divisionId, clientId);
  if (before.version !== version) throw new ConflictError();
  const divisionIds = await divisionsOfClient(db, clientId);
  const after = { ...before, name, version: version + 1 };
  await transact(db, [
    versionedUpdateStep(
      db,
      clientKeys.client(clientId),
      { name },
      version,
      () => new NotFoundError('Client not found'),
    ),
    ...divisionIds.flatMap((d) => divisionCopies(db, d, before, after)),
  ]);
  return after;
}
