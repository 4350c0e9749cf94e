import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './dynamo';
import { nameOrder } from './keys';

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
};

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
  await db.doc.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: db.tableName,
            Item: { ...clientKeys.client(client.id), type: 'Client', ...client },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: db.tableName,
            Item: {
              ...clientKeys.divisionLink(divisionId, client.id),
              type: 'DivisionClient',
              gsi1pk: clientKeys.clientsOfDivision(divisionId),
              gsi1sk: nameOrder(client.name, client.id),
              divisionId,
              clientId: client.id,
              name: client.name,
            },
          },
        },
      ],
    }),
  );
  return client;
}
