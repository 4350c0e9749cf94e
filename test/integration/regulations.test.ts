import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGroupToDivision } from '@stormline/data/regulations';
import { baseUrl, call, NORTH, SOUTH, tokenFor } from '../support/api';
import { eventually } from '../support/eventually';
import { storedItem, testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';

interface Group {
  id: string;
  name: string;
  num_documents: number;
  createdAt: string;
  updatedAt: string;
  version: number;
  group_docs?: unknown[];
}

interface GroupPage {
  pageData: Group[];
  paginationState: { pageSize: number; numModels: number | null; nextCursor: string | null };
}

const db = testTable();
afterAll(() => db.doc.destroy());

let token: string;

beforeAll(async () => {
  token = await signInAs(await createTestUser('Admin', [NORTH, SOUTH]));
});

const create = (name: unknown, divisionId = NORTH, as = token) =>
  call<Group>('/api/groups/add', { method: 'POST', token: as, divisionId, body: { name } });

const list = async (query = '', divisionId = NORTH) =>
  (await call<GroupPage>(`/api/groups${query}`, { token, divisionId })).body;

describe('regulation groups', () => {
  it('creates a group in the division and reads it back as the group detail', async () => {
    const created = await create('  Construction General Permit 2026  ');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Construction General Permit 2026',
      num_documents: 0,
      version: 0,
    });
    const detail = await call<Group>(`/api/groups/${created.body.id}`, { token, divisionId: NORTH });
    expect(detail.status).toBe(200);
    expect(detail.body).toEqual(created.body);
  });

  it("refuses a blank name with 'Regulation name cannot be empty', and writes nothing", async () => {
    const before = (await list()).paginationState.numModels;
    for (const name of ['', '   ', undefined]) {
      const response = await create(name);
      expect(response.status, String(name)).toBe(400);
      expect(response.body).toMatchObject({ message: 'Regulation name cannot be empty' });
    }
    expect((await list()).paginationState.numModels).toBe(before);
  });

  it('lists groups by name with Name, # of Documents and Date Modified, counted, and searches by word', async () => {
    const tag = `zzreg${randomBytes(3).toString('hex')}`;
    const names = [`${tag} Alpha Erosion Rules`, `${tag} Beta Sediment Rules`, `${tag} Gamma Spill Plan`];
    const before = (await list()).paginationState.numModels!;
    for (const name of [...names].reverse()) expect((await create(name)).status).toBe(201);
    const first = await list();
    expect(first.paginationState).toMatchObject({ pageSize: 25, numModels: before + 3 });

    const found = await eventually(
      () => list(`?s=${tag}`),
      (page) => expect(page.pageData).toHaveLength(3),
    );
    expect(found.pageData.map((g) => g.name)).toEqual(names);
    expect(found.pageData[0]).toEqual({
      id: expect.any(String),
      name: names[0],
      num_documents: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      version: 0,
    });
    expect(found.paginationState.numModels).toBeNull();
    // A word inside the name finds it; another division's list does not hold it.
    const sediment = await list(`?s=${encodeURIComponent('sediment rules')}`);
    expect(sediment.pageData.map((g) => g.name)).toContain(names[1]);
    const south = await list(`?s=${tag}`, SOUTH);
    expect(south.pageData).toEqual([]);
    // With includeUploads each group carries its first documents.
    const withDocs = await list(`?s=${tag}&includeUploads=true`);
    expect(withDocs.pageData.every((g) => Array.isArray(g.group_docs))).toBe(true);
  });

  it('pages with the cursor', async () => {
    const tag = `zzpg${randomBytes(3).toString('hex')}`;
    for (let i = 0; i < 27; i++) await create(`${tag} ${String(i).padStart(2, '0')}`);
    const first = await eventually(
      () => list(`?s=${tag}`),
      (page) => expect(page.pageData).toHaveLength(25),
    );
    const second = await list(`?s=${tag}&cursor=${first.paginationState.nextCursor}`);
    expect(second.pageData.map((g) => g.name)).toEqual([`${tag} 25`, `${tag} 26`]);
    expect(second.paginationState.nextCursor).toBeNull();
  });

  it('renames with the version read, moves the Date Modified, and answers 409 to a stale version', async () => {
    const created = (await create('Old Permit Name')).body;
    const renamed = await call<Group>(`/api/groups/update/${created.id}`, {
      method: 'POST',
      token,
      divisionId: NORTH,
      body: { name: 'New Permit Name', version: 0 },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'New Permit Name', version: 1 });
    expect(renamed.body.updatedAt >= created.updatedAt).toBe(true);
    const stale = await call(`/api/groups/update/${created.id}`, {
      method: 'POST',
      token,
      divisionId: NORTH,
      body: { name: 'Lost update', version: 0 },
    });
    expect(stale.status).toBe(409);
    const blank = await call(`/api/groups/update/${created.id}`, {
      method: 'POST',
      token,
      divisionId: NORTH,
      body: { name: ' ', version: 1 },
    });
    expect(blank.body).toMatchObject({ message: 'Regulation name cannot be empty' });
    const read = await call<Group>(`/api/groups/${created.id}`, { token, divisionId: NORTH });
    expect(read.body.name).toBe('New Permit Name');
    // The new name is found by search, the old one no longer.
    await eventually(
      () => list(`?s=${encodeURIComponent('new permit')}`),
      (page) => expect(page.pageData.map((g) => g.id)).toContain(created.id),
    );
    expect((await list(`?s=${encodeURIComponent('old permit')}`)).pageData.map((g) => g.id)).not.toContain(
      created.id,
    );
  });

  it('deletes a group held by one division: it is gone, and no longer found', async () => {
    // A name of its own, counted by search: the e2e files add groups to North meanwhile (0023).
    const tag = randomBytes(4).toString('hex');
    const created = (await create(`Short-lived Permit ${tag}`)).body;
    // Search is indexed from the table's stream, a moment after the write.
    const ids = async () => (await list(`?s=${tag}`)).pageData.map((group) => group.id);
    await eventually(ids, (found) => expect(found).toEqual([created.id]));
    const deleted = await call(`/api/groups/delete/${created.id}`, {
      method: 'DELETE',
      token,
      divisionId: NORTH,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: created.id, destroyed: true });
    expect((await call(`/api/groups/${created.id}`, { token, divisionId: NORTH })).status).toBe(404);
    await eventually(ids, (found) => expect(found).toEqual([]));
    expect(await storedItem(db, { pk: `GROUP#${created.id}`, sk: 'GROUP' })).toBeUndefined();
  });

  it('deleting a group another division also holds takes it out of this division only', async () => {
    const created = (await create('Shared Permit')).body;
    await addGroupToDivision(db, SOUTH, created.id);
    const deleted = await call(`/api/groups/delete/${created.id}`, {
      method: 'DELETE',
      token,
      divisionId: NORTH,
    });
    expect(deleted.body).toEqual({ id: created.id, destroyed: false });
    expect((await call(`/api/groups/${created.id}`, { token, divisionId: NORTH })).status).toBe(404);
    const south = await call<Group>(`/api/groups/${created.id}`, { token, divisionId: SOUTH });
    expect(south.status).toBe(200);
    expect(south.body.name).toBe('Shared Permit');
  });

  it("another division's group is not found by its id, and is left as it was", async () => {
    const southOnly = (await create('South Only Permit', SOUTH)).body;
    const northAdmin = await signInAs(await createTestUser('Admin', [NORTH]));
    for (const [method, path, body] of [
      ['GET', `/api/groups/${southOnly.id}`, undefined],
      ['POST', `/api/groups/update/${southOnly.id}`, { name: 'Taken over', version: 0 }],
      ['DELETE', `/api/groups/delete/${southOnly.id}`, undefined],
    ] as const) {
      const response = await call(path, { method, token: northAdmin, divisionId: NORTH, body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body).toEqual({ message: 'Regulation group not found' });
    }
    const read = await call<Group>(`/api/groups/${southOnly.id}`, { token, divisionId: SOUTH });
    expect(read.body).toEqual(southOnly);
  });

  it('lets roles read but not change groups as their permissions say', async () => {
    const inspector = await tokenFor('inspector@example.com');
    expect((await call('/api/groups', { token: inspector, divisionId: NORTH })).status).toBe(200);
    const refused = await create('Inspector Permit', NORTH, inspector);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Your role does not allow create on Regulations' });
  });

  it('seeds each demo division with groups holding real PDFs and pictures, and legend items of both types', async () => {
    const admin = await tokenFor('admin@example.com');
    const groups = (
      await call<GroupPage>('/api/groups?s=erosion&includeUploads=true', { token: admin, divisionId: NORTH })
    ).body.pageData;
    const manual = groups.find((g) => g.name === 'Erosion and Sediment Control BMP Manual')!;
    expect(manual.num_documents).toBe(2);
    const docs = manual.group_docs as { GUID: string; mime_type: string }[];
    expect(docs.map((d) => d.mime_type)).toEqual(['application/pdf', 'image/jpeg']);
    const link = await call<{ url: string }>('/api/download-links', {
      method: 'POST',
      token: admin,
      body: { path: `/dl/${docs[0]!.GUID}` },
    });
    const file = await fetch(`${baseUrl()}${link.body.url}`);
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const legend = await call<{ pageData: { type: string }[] }>('/api/legend-items', {
      token: admin,
      divisionId: SOUTH,
    });
    expect(new Set(legend.body.pageData.map((i) => i.type))).toEqual(
      new Set(['control_measure', 'pollutant']),
    );
  });
});
