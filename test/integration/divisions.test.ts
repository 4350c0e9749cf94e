import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, NORTH, tokenFor } from '../support/api';
import { eventually } from '../support/eventually';

interface Division {
  id: string;
  name: string;
  createdAt: string;
  version: number;
}

interface DivisionPage {
  pageData: Division[];
  paginationState: { pageSize: number; numModels: number | null; nextCursor: string | null };
}

const listDivisions = async (query: string) =>
  (
    await call<DivisionPage>(`/api/divisions${query}`, {
      token: await tokenFor('divisions.admin@example.com'),
    })
  ).body;

describe('divisions', () => {
  it('lists the demo divisions by name, with the total from its counter', async () => {
    const token = await tokenFor('divisions.admin@example.com');
    const response = await call<DivisionPage>('/api/divisions', { token });
    expect(response.status).toBe(200);
    const names = response.body.pageData.map((d) => d.name);
    expect(names).toEqual(expect.arrayContaining(['North Region', 'South Region']));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(response.body.paginationState.pageSize).toBe(25);
    expect(response.body.paginationState.numModels).toBeGreaterThanOrEqual(2);
  });

  it('searches by any word of the name, and by the start of the whole name', async () => {
    for (const s of ['sOuTh', 'regi', 'south reg']) {
      const names = (await listDivisions(`?s=${encodeURIComponent(s)}`)).pageData.map((d) => d.name);
      expect(names, s).toContain('South Region');
      expect(names, s).not.toContain(s === 'regi' ? 'none' : 'North Region');
    }
    // One row per division, though 'region' and 'region…' could match it twice.
    const regions = (await listDivisions('?s=region')).pageData.map((d) => d.id);
    expect(new Set(regions).size).toBe(regions.length);
  });

  it('reaches pages 2 and 3 with the cursor, searching, and counts what it adds', async () => {
    const token = await tokenFor('admin@example.com');
    const before = (await listDivisions('')).paginationState.numModels!;
    const tag = `zzpage${randomBytes(3).toString('hex')}`;
    const names = Array.from({ length: 56 }, (_, i) => `Zz ${tag} ${String(i).padStart(2, '0')}`);
    for (const name of names) {
      expect((await call('/api/divisions', { method: 'POST', token, body: { name } })).status).toBe(201);
    }
    expect((await listDivisions('')).paginationState.numModels).toBe(before + names.length);

    const first = await eventually(
      () => listDivisions(`?s=${tag}`),
      (page) => expect(page.pageData).toHaveLength(25),
    );
    const second = await listDivisions(`?s=${tag}&cursor=${first.paginationState.nextCursor}`);
    const third = await listDivisions(`?s=${tag}&cursor=${second.paginationState.nextCursor}`);
    expect(third.paginationState.nextCursor).toBeNull();
    // In name order, across the pages.
    expect([...first.pageData, ...second.pageData, ...third.pageData].map((d) => d.name)).toEqual(names);
    expect(third.pageData).toHaveLength(6);
    expect(first.paginationState.numModels).toBeNull();

    // A cursor belongs to its own list: not to another search, not to the unsearched list.
    for (const query of [
      `?s=zz&cursor=${first.paginationState.nextCursor}`,
      `?cursor=${first.paginationState.nextCursor}`,
    ]) {
      const refused = await call(`/api/divisions${query}`, { token });
      expect(refused.status, query).toBe(400);
      expect(refused.body, query).toEqual({ message: 'The cursor is not valid' });
    }
  });

  it('fills each page with distinct divisions when a search matches a name at two words', async () => {
    const token = await tokenFor('admin@example.com');
    const tag = `zz${randomBytes(3).toString('hex')}`;
    // '<tag> <tag>x NN' matches '<tag>' at its first and second word: two rows for each division.
    const names = Array.from({ length: 30 }, (_, i) => `${tag} ${tag}x ${String(i).padStart(2, '0')}`);
    for (const name of names) await call('/api/divisions', { method: 'POST', token, body: { name } });
    const first = await eventually(
      () => listDivisions(`?s=${tag}`),
      (page) => expect(page.pageData).toHaveLength(25),
    );
    const second = await listDivisions(`?s=${tag}&cursor=${first.paginationState.nextCursor}`);
    const shown = [...first.pageData, ...second.pageData].map((d) => d.name);
    expect(shown).toEqual(names);
  });

  it('finds a renamed division by its new name only', async () => {
    const token = await tokenFor('admin@example.com');
    const tag = randomBytes(3).toString('hex');
    const created = await call<Division>('/api/divisions', {
      method: 'POST',
      token,
      body: { name: `Old${tag} Basin` },
    });
    await call(`/api/divisions/${created.body.id}`, {
      method: 'PUT',
      token,
      body: { name: `New${tag} Basin`, version: 0 },
    });
    await eventually(
      () => listDivisions(`?s=new${tag}`),
      (page) => expect(page.pageData.map((d) => d.name)).toEqual([`New${tag} Basin`]),
    );
    expect((await listDivisions(`?s=old${tag}`)).pageData).toEqual([]);
  });

  it("refuses an id outside the safe alphabet: 'The id is not valid'", async () => {
    const token = await tokenFor('admin@example.com');
    for (const id of ['a%23b', 'north-region%23USERS', `${'x'.repeat(65)}`]) {
      const response = await call(`/api/divisions/${id}`, { token });
      expect(response.status, id).toBe(400);
      expect(response.body, id).toMatchObject({ message: 'The id is not valid' });
    }
  });

  it('creates, reads and renames a division; a stale rename answers 409 and keeps the first', async () => {
    const token = await tokenFor('admin@example.com');
    const created = await call<Division>('/api/divisions', {
      method: 'POST',
      token,
      body: { name: 'West Region' },
    });
    expect(created.status).toBe(201);
    // The gateway reports the DynamoDB capacity a request consumed (the benchmark reads it).
    expect(Number(created.headers.get('x-consumed-write-units'))).toBeGreaterThan(0);
    expect(created.body).toMatchObject({ name: 'West Region', version: 0 });

    const renamed = await call<Division>(`/api/divisions/${created.body.id}`, {
      method: 'PUT',
      token,
      body: { name: 'Pacific Region', version: 0 },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Pacific Region', version: 1 });

    const stale = await call(`/api/divisions/${created.body.id}`, {
      method: 'PUT',
      token,
      body: { name: 'Mountain Region', version: 0 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      message: 'This record was changed by someone else. Reload it and try again.',
    });

    const read = await call<Division>(`/api/divisions/${created.body.id}`, { token });
    expect(read.body.name).toBe('Pacific Region');
  });

  it("answers 404 for a division that doesn't exist", async () => {
    const token = await tokenFor('admin@example.com');
    expect((await call('/api/divisions/no-such-division', { token })).status).toBe(404);
    const rename = await call('/api/divisions/no-such-division', {
      method: 'PUT',
      token,
      body: { name: 'X', version: 0 },
    });
    expect(rename.status).toBe(404);
    expect(rename.body).toEqual({ message: 'Division not found' });
  });

  it("requires a name: 'Division name is required'", async () => {
    const token = await tokenFor('admin@example.com');
    const response = await call('/api/divisions', { method: 'POST', token, body: { name: '   ' } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message: 'Division name is required' });
  });

  it('refuses an Inspector, who has no Divisions permission', async () => {
    const token = await tokenFor('inspector@example.com');
    const response = await call('/api/divisions', { token, divisionId: NORTH });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'Your role does not allow read on Divisions' });
  });
});
