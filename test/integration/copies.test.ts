import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { addClientToDivision, createClient, renameClient } from '@stormline/data/clients';
import { createDivision } from '@stormline/data/divisions';
import { keys, nameOrder } from '@stormline/data/keys';
import { createUser } from '@stormline/data/users';
import { call, NORTH, SOUTH } from '../support/api';
import { storedItem, testTable } from '../support/table';
import { createTestUser } from '../support/users';

/**
 * One writer per copied field: renaming a record rewrites every copy of its name (list sort
 * keys, link rows, search rows) in every division, in the same transaction. Each test renames
 * a record and reads every copy back from the table.
 */

const db = testTable();
afterAll(() => db.doc.destroy());

async function signInAs(user: { email: string; password: string }): Promise<string> {
  const response = await call<{ token: string }>('/api/login', {
    method: 'POST',
    body: { email: user.email, password: user.password },
  });
  return response.body.token;
}

/** The search terms stored for a record in a list's search partition. */
async function termsOf(listPartition: string, recordId: string): Promise<string[]> {
  const result = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: 'recordId = :id',
      ExpressionAttributeValues: { ':pk': `${listPartition}#SEARCH`, ':id': recordId },
      ConsistentRead: true,
    }),
  );
  return (result.Items ?? []).map((row) => String(row.term)).sort();
}

describe('a renamed user', () => {
  it('has every membership row and search row of every division rewritten', async () => {
    const user = await createTestUser('Inspector', [NORTH, SOUTH]);
    const token = await signInAs(user);
    const saved = await call('/api/users/profile', {
      method: 'POST',
      token,
      body: { first_name: 'Marguerite', last_name: 'Okonkwo Hale', version: 0 },
    });
    expect(saved.status).toBe(200);

    for (const division of [NORTH, SOUTH]) {
      const membership = await storedItem(db, keys.membership(user.id, division));
      expect(membership?.gsi1sk, division).toBe(nameOrder('Okonkwo Hale', 'Marguerite', user.id));
      expect(await termsOf(keys.usersOfDivision(division), user.id), division).toEqual(
        [user.email, 'hale', 'marguerite okonkwo hale', 'okonkwo hale'].sort(),
      );
    }
    const profile = await call<{ name: string; version: number }>('/api/users/profile', { token });
    expect(profile.body).toMatchObject({ name: 'Marguerite Okonkwo Hale', version: 1 });
  });

  it('has its copies rewritten in 40 divisions, more than one transaction holds', async () => {
    const tag = randomBytes(3).toString('hex');
    const divisions = await Promise.all(
      Array.from({ length: 40 }, (_, i) => createDivision(db, { name: `Zz copies ${tag} ${i}` })),
    );
    const user = await createTestUser(
      'Admin',
      divisions.map((d) => d.id),
    );
    const token = await signInAs(user);
    const saved = await call('/api/users/profile', {
      method: 'POST',
      token,
      body: { first_name: 'Wilhelmina', last_name: 'Achterberg', version: 0 },
    });
    expect(saved.status).toBe(200);
    for (const { id } of divisions) {
      expect((await storedItem(db, keys.membership(user.id, id)))?.gsi1sk, id).toBe(
        nameOrder('Achterberg', 'Wilhelmina', user.id),
      );
      expect(await termsOf(keys.usersOfDivision(id), user.id), id).toEqual(
        ['achterberg', user.email, 'wilhelmina achterberg'].sort(),
      );
    }
  });

  it('is refused whole when a division it names does not exist, and when its email is taken', async () => {
    const base = {
      first_name: 'Nobody',
      last_name: 'Written',
      position: null,
      phone: null,
      phone_ext: null,
      roleId: 'inspector',
      status: 'invited' as const,
      passwordHash: null,
      permissionsOverride: null,
      electronicSignatureAuthorization: false,
      dataPolicySignature: false,
    };
    const email = `copies-${Date.now()}@example.com`;
    await expect(
      createUser(db, { ...base, email, divisionIds: [NORTH, 'no-such-division'] }),
    ).rejects.toMatchObject({
      status: 404,
      message: 'Division no-such-division not found',
    });
    // Nothing half-written: the email is still free.
    expect(await storedItem(db, keys.emailClaim(email))).toBeUndefined();
    const user = await createUser(db, { ...base, email, divisionIds: [NORTH] });
    await expect(createUser(db, { ...base, email, divisionIds: [NORTH] })).rejects.toMatchObject({
      status: 409,
      message: `A user with the email ${email} already exists`,
    });
    expect(await storedItem(db, keys.user(user.id))).toBeDefined();
  });
});

describe('a renamed client', () => {
  it('has its link rows and search rows rewritten in every division that holds it', async () => {
    const client = await createClient(db, NORTH, {
      name: 'Harbour Works',
      address: {
        street_1: '1 Quay Street',
        street_2: null,
        city: 'Leeds',
        state_id: null,
        country_id: 'england',
        zip: 'LS1 1AA',
        phone: null,
        phone_ext: null,
      },
      default_finding_observation: null,
      disable_images: false,
    });
    await addClientToDivision(db, SOUTH, client.id);
    await renameClient(db, SOUTH, client.id, 'Estuary Civil', 0);

    expect((await storedItem(db, { pk: `CLIENT#${client.id}`, sk: 'CLIENT' }))?.name).toBe('Estuary Civil');
    for (const division of [NORTH, SOUTH]) {
      const link = await storedItem(db, { pk: `CLIENT#${client.id}`, sk: `DIVISION#${division}` });
      expect(link, division).toMatchObject({
        name: 'Estuary Civil',
        gsi1sk: nameOrder('Estuary Civil', client.id),
      });
      expect(await termsOf(`DIVISION#${division}#CLIENTS`, client.id), division).toEqual([
        'civil',
        'estuary civil',
      ]);
    }
  });

  it('cannot be created in a division that does not exist (404, nothing written)', async () => {
    await expect(
      createClient(db, 'no-such-division', {
        id: 'client-nowhere',
        name: 'Nowhere Ltd',
        address: {
          street_1: 'x',
          street_2: null,
          city: 'x',
          state_id: null,
          country_id: null,
          zip: 'x',
          phone: null,
          phone_ext: null,
        },
        default_finding_observation: null,
        disable_images: false,
      }),
    ).rejects.toMatchObject({ status: 404, message: 'Division not found' });
    expect(await storedItem(db, { pk: 'CLIENT#client-nowhere', sk: 'CLIENT' })).toBeUndefined();
  });
});
