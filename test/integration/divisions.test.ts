import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '@stormline/data/clients';
import { createGroup } from '@stormline/data/regulations';
import { call, NORTH, SOUTH, tokenFor } from '../support/api';
import { eventually } from '../support/eventually';
import { storedItem, testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';

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

interface NamedRow {
  id: string;
  name: string;
  inDivision: boolean;
  canOpen: boolean;
}

interface UserTabRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  roleName: string;
  inDivision: boolean;
  canOpen: boolean;
}

interface TabPage<T> {
  pageData: T[];
  paginationState: { pageSize: number; numModels: number | null; nextCursor: string | null };
}

const db = testTable();
afterAll(() => db.doc.destroy());

const UK_ADDRESS = {
  street_1: '1 Temple Quay',
  street_2: null,
  city: 'Bristol',
  state_id: null,
  country_id: 'england',
  zip: 'BS1 6DZ',
  phone: null,
  phone_ext: null,
};

async function adminToken() {
  return tokenFor('admin@example.com');
}

async function tab<T = NamedRow>(divisionId: string, resource: string, query = '', token?: string) {
  return call<TabPage<T>>(`/api/divisions/${divisionId}/${resource}${query}`, {
    token: token ?? (await adminToken()),
  });
}

async function change(method: 'POST' | 'DELETE', divisionId: string, resource: string, body: unknown) {
  return call<{ added?: string[]; removed?: string[]; deleted?: string[]; message?: string }>(
    `/api/divisions/${divisionId}/${resource}`,
    { method, token: await adminToken(), body },
  );
}

/** A division of its own for a test that adds and removes (the Admin is not a member of it). */
async function freshDivision(name = `Tabs ${randomBytes(3).toString('hex')}`) {
  const created = await call<Division>('/api/divisions', {
    method: 'POST',
    token: await adminToken(),
    body: { name },
  });
  expect(created.status).toBe(201);
  return created.body;
}

const northClientId = async (name: string) =>
  (await tab(NORTH, 'clients', `?s=${encodeURIComponent(name)}`)).body.pageData.find((c) => c.name === name)!
    .id;

describe('division resource tabs', () => {
  it("lists a division's clients, regulations, templates and users by name, with the counters as totals", async () => {
    const clients = await tab(NORTH, 'clients');
    expect(clients.status).toBe(200);
    const names = clients.body.pageData.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['Pennine Homes Ltd', 'Clyde Civil Engineering']));
    expect(names).not.toContain('Severn Infrastructure Partners');
    expect(clients.body.paginationState.numModels).toBeGreaterThanOrEqual(4);
    // The Admin belongs to North and reads clients: each row opens.
    expect(clients.body.pageData.every((c) => c.inDivision && c.canOpen)).toBe(true);

    const regulations = await tab(NORTH, 'regulations');
    expect(regulations.body.pageData.map((g) => g.name)).toContain('Erosion and Sediment Control BMP Manual');

    const templates = await tab(NORTH, 'inspectionTemplates');
    expect(templates.body.pageData.map((t) => t.name)).toEqual(
      expect.arrayContaining(['CDOT', 'Delaware', 'EPA Construction General Permit']),
    );
    expect(templates.body.paginationState.numModels).toBeGreaterThanOrEqual(4);

    // Users by search: other test files add users to the same runtime, ahead of the seed by name.
    const users = await tab<UserTabRow>(NORTH, 'users');
    expect(users.body.paginationState).toMatchObject({ pageSize: 25 });
    const inspector = (await tab<UserTabRow>(NORTH, 'users', '?s=inspector%40example.com')).body.pageData;
    expect(inspector).toMatchObject([
      { email: 'inspector@example.com', first_name: 'Ines', last_name: 'Carter', roleName: 'Inspector' },
    ]);
    const south = await tab<UserTabRow>(NORTH, 'users', '?s=south.inspector%40example.com');
    expect(south.body.pageData).toEqual([]);
  });

  it('searches each tab: users by name or email, clients and regulations by a word, templates by the start', async () => {
    const byEmail = await tab<UserTabRow>(NORTH, 'users', '?s=inspector%40example.com');
    expect(byEmail.body.pageData.map((u) => u.email)).toEqual(['inspector@example.com']);
    expect(byEmail.body.paginationState.numModels).toBeNull();
    // Other test files add clients to the same runtime: the seeded one is found, and only matches.
    const civil = (await tab(NORTH, 'clients', '?s=civil')).body.pageData.map((c) => c.name);
    expect(civil).toContain('Clyde Civil Engineering');
    for (const name of civil) expect(name.toLowerCase()).toMatch(/\bcivil/);
    const spill = (await tab(NORTH, 'regulations', '?s=spill')).body.pageData.map((g) => g.name);
    expect(spill).toContain('Spill Prevention and Response Plan');
    for (const name of spill) expect(name.toLowerCase()).toMatch(/\bspill/);
    expect((await tab(NORTH, 'inspectionTemplates', '?s=dela')).body.pageData.map((t) => t.name)).toEqual([
      'Delaware',
    ]);
  });

  it("offers the company's rows to add, each saying whether the division holds it", async () => {
    const clients = await tab(NORTH, 'clients', '?scope=company&s=severn');
    const severn = clients.body.pageData.find((c) => c.name === 'Severn Infrastructure Partners')!;
    expect(severn).toMatchObject({ inDivision: false, canOpen: false });
    const pennine = (await tab(NORTH, 'clients', '?scope=company&s=pennine')).body.pageData[0]!;
    expect(pennine).toMatchObject({ name: 'Pennine Homes Ltd', inDivision: true, canOpen: true });

    const users = await tab<UserTabRow>(NORTH, 'users', '?scope=company&s=okafor');
    expect(users.body.pageData.map((u) => [u.email, u.inDivision])).toEqual([
      ['south.inspector@example.com', false],
    ]);
    // The seeded templates are North's (other test files add templates North does not hold).
    const templates = await tab(NORTH, 'inspectionTemplates', '?scope=company');
    const seeded = templates.body.pageData.filter((t) => ['CDOT', 'Delaware'].includes(t.name));
    expect(seeded.map((t) => [t.name, t.inDivision])).toEqual([
      ['CDOT', true],
      ['Delaware', true],
    ]);
  });

  it('refuses a scope it does not know, and a division that does not exist', async () => {
    const scope = await tab(NORTH, 'clients', '?scope=everything');
    expect(scope.status).toBe(400);
    expect((await tab('no-such-division', 'clients')).status).toBe(404);
    expect((await change('POST', 'no-such-division', 'clients', { clientIds: ['x'] })).status).toBe(404);
  });

  it('adds clients, regulations, templates and users to a division, and removes one of each', async () => {
    const division = await freshDivision();
    const pennine = await northClientId('Pennine Homes Ltd');
    const spill = (await tab(NORTH, 'regulations', '?s=spill')).body.pageData[0]!.id;
    const member = await createTestUser('Inspector', [NORTH]);

    expect((await change('POST', division.id, 'clients', { clientIds: [pennine] })).body).toEqual({
      added: [pennine],
    });
    // Adding again changes nothing.
    expect((await change('POST', division.id, 'clients', { clientIds: [pennine] })).body).toEqual({
      added: [],
    });
    expect((await change('POST', division.id, 'regulations', { regulationIds: [spill] })).body).toEqual({
      added: [spill],
    });
    const templates = await change('POST', division.id, 'inspectionTemplates', {
      inspectionTemplateIds: ['delaware', 'cdot'],
    });
    expect(templates.body).toEqual({ added: ['delaware', 'cdot'] });
    expect((await change('POST', division.id, 'users', { userIds: [member.id] })).body).toEqual({
      added: [member.id],
    });

    // The tabs show them; the Admin is not a member of this division, so no row opens.
    const clients = await eventually(
      () => tab(division.id, 'clients'),
      (page) => expect(page.body.pageData.map((c) => c.name)).toEqual(['Pennine Homes Ltd']),
    );
    expect(clients.body.pageData[0]).toMatchObject({ inDivision: true, canOpen: false });
    expect(clients.body.paginationState.numModels).toBe(1);
    expect((await tab(division.id, 'inspectionTemplates')).body.pageData.map((t) => t.name)).toEqual([
      'CDOT',
      'Delaware',
    ]);
    const users = await tab<UserTabRow>(division.id, 'users');
    expect(users.body.pageData.map((u) => u.id)).toEqual([member.id]);
    // The user's membership is the one record of it: North kept, the new division added.
    expect(await storedItem(db, { pk: `USER#${member.id}`, sk: `DIVISION#${division.id}` })).toBeDefined();
    expect(await storedItem(db, { pk: `USER#${member.id}`, sk: `DIVISION#${NORTH}` })).toBeDefined();

    // Remove one of each: shared records stay with North.
    expect((await change('DELETE', division.id, 'clients', { clientIds: [pennine] })).body).toEqual({
      removed: [pennine],
      deleted: [],
    });
    expect((await change('DELETE', division.id, 'regulations', { regulationIds: [spill] })).body).toEqual({
      removed: [spill],
      deleted: [],
    });
    expect(
      (await change('DELETE', division.id, 'inspectionTemplates', { inspectionTemplateIds: ['cdot'] })).body,
    ).toEqual({ removed: ['cdot'], deleted: [] });
    expect((await change('DELETE', division.id, 'users', { userIds: [member.id] })).body).toEqual({
      removed: [member.id],
      deleted: [],
    });
    expect((await tab(division.id, 'clients')).body).toMatchObject({
      pageData: [],
      paginationState: { numModels: 0 },
    });
    expect((await tab(division.id, 'inspectionTemplates')).body.pageData.map((t) => t.id)).toEqual([
      'delaware',
    ]);
    expect(await storedItem(db, { pk: `USER#${member.id}`, sk: `DIVISION#${division.id}` })).toBeUndefined();
    expect((await tab(NORTH, 'clients', '?s=pennine')).body.pageData.map((c) => c.id)).toEqual([pennine]);
    expect(await storedItem(db, { pk: `GROUP#${spill}`, sk: `DIVISION#${NORTH}` })).toBeDefined();
  });

  it('shows the detail link only to a member of the division', async () => {
    const division = await freshDivision();
    const pennine = await northClientId('Pennine Homes Ltd');
    await change('POST', division.id, 'clients', { clientIds: [pennine] });
    const admin = await createTestUser('Admin', [NORTH, division.id]);
    const memberToken = await signInAs(admin);
    const asMember = await tab(division.id, 'clients', '', memberToken);
    expect(asMember.body.pageData.map((c) => c.canOpen)).toEqual([true]);
    const asOutsider = await tab(division.id, 'clients');
    expect(asOutsider.body.pageData.map((c) => c.canOpen)).toEqual([false]);
  });

  it("refuses to remove what would leave something behind: a client or regulation or template the division's projects use, a user's last division", async () => {
    const pennine = await northClientId('Pennine Homes Ltd');
    const removeClient = await change('DELETE', NORTH, 'clients', { clientIds: [pennine] });
    expect(removeClient.status).toBe(409);
    expect(removeClient.body.message).toMatch(
      /^Pennine Homes Ltd: This client still has \d+ projects? in this division/,
    );

    // The demo projects use North's first regulation group and the first three templates.
    const groups = (await tab(NORTH, 'regulations')).body.pageData;
    const refusedGroups = await change('DELETE', NORTH, 'regulations', {
      regulationIds: groups.map((g) => g.id),
    });
    expect(refusedGroups.status).toBe(409);
    expect(refusedGroups.body.message).toMatch(/is used by \d+ projects? of this division/);
    // Nothing left the division (its link rows stay; other files may add groups to the tab meanwhile).
    for (const group of groups)
      expect(
        await storedItem(db, { pk: `GROUP#${group.id}`, sk: `DIVISION#${NORTH}` }),
        group.id,
      ).toBeDefined();

    const template = await change('DELETE', NORTH, 'inspectionTemplates', {
      inspectionTemplateIds: ['routine-stormwater'],
    });
    expect(template.status).toBe(409);
    expect(template.body.message).toMatch(
      /^Routine Stormwater Inspection is used by \d+ projects? of this division/,
    );
    expect(
      await storedItem(db, { pk: 'TEMPLATE#routine-stormwater', sk: `DIVISION#${NORTH}` }),
    ).toBeDefined();

    const onlyNorth = await createTestUser('Inspector', [NORTH]);
    const lastDivision = await change('DELETE', NORTH, 'users', { userIds: [onlyNorth.id] });
    expect(lastDivision.status).toBe(409);
    expect(lastDivision.body).toEqual({
      message:
        'Test Inspector belongs to no other division. Add them to another division first, or delete the user.',
    });
    expect(await storedItem(db, { pk: `USER#${onlyNorth.id}`, sk: `DIVISION#${NORTH}` })).toBeDefined();
  });

  it('deletes a client or regulation group no other division holds, and says so', async () => {
    const division = await freshDivision();
    const client = await createClient(db, division.id, {
      name: `Only here ${randomBytes(2).toString('hex')}`,
      address: UK_ADDRESS,
      default_finding_observation: null,
      disable_images: false,
    });
    const group = await createGroup(db, division.id, { name: 'Only here regulations' });
    expect((await change('DELETE', division.id, 'clients', { clientIds: [client.id] })).body).toEqual({
      removed: [client.id],
      deleted: [client.id],
    });
    expect((await change('DELETE', division.id, 'regulations', { regulationIds: [group.id] })).body).toEqual({
      removed: [group.id],
      deleted: [group.id],
    });
    expect(await storedItem(db, { pk: `CLIENT#${client.id}`, sk: 'CLIENT' })).toBeUndefined();
    expect(await storedItem(db, { pk: `GROUP#${group.id}`, sk: 'GROUP' })).toBeUndefined();
  });

  it('refuses ids the division does not hold (404), ids of nothing (404), an empty list (400), a role the caller may not manage (403)', async () => {
    const severn = (await tab(SOUTH, 'clients', '?s=severn')).body.pageData[0]!.id;
    const foreign = await change('DELETE', NORTH, 'clients', { clientIds: [severn] });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: 'Client not found' });
    expect((await change('POST', NORTH, 'regulations', { regulationIds: ['no-such-group'] })).body).toEqual({
      message: 'Regulation group not found',
    });
    const empty = await change('POST', NORTH, 'users', { userIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please select at least one user');

    const southAdmin = await createTestUser('Admin', [SOUTH]);
    const divisionsAdmin = await tokenFor('divisions.admin@example.com');
    const refused = await call(`/api/divisions/${NORTH}/users`, {
      method: 'POST',
      token: divisionsAdmin,
      body: { userIds: [southAdmin.id] },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Your role cannot manage users with the role Admin' });
    expect(await storedItem(db, { pk: `USER#${southAdmin.id}`, sk: `DIVISION#${NORTH}` })).toBeUndefined();
  });
});

describe('deleting a division', () => {
  it('refuses while the division holds projects, legend items or other users, and says what', async () => {
    const response = await call<{ message: string }>(`/api/divisions/${NORTH}`, {
      method: 'DELETE',
      token: await adminToken(),
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(
      /^North Region still holds \d+ projects \(archived ones included\), .*\d+ users besides you\. Delete them, or move them to another division, first\./,
    );
    expect((await call(`/api/divisions/${NORTH}`, { token: await adminToken() })).status).toBe(200);
  });

  it('refuses while it holds a client no other division holds', async () => {
    const division = await freshDivision();
    await createClient(db, division.id, {
      name: 'Sole client',
      address: UK_ADDRESS,
      default_finding_observation: null,
      disable_images: false,
    });
    const response = await call<{ message: string }>(`/api/divisions/${division.id}`, {
      method: 'DELETE',
      token: await adminToken(),
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(
      `1 client of ${division.name} belongs to no other division: delete it from its tabs, or add it to another division, first.`,
    );
  });

  it('lets go of shared clients, regulations and templates and the caller, then deletes the division', async () => {
    const division = await freshDivision();
    const pennine = await northClientId('Pennine Homes Ltd');
    const spill = (await tab(NORTH, 'regulations', '?s=spill')).body.pageData[0]!.id;
    await change('POST', division.id, 'clients', { clientIds: [pennine] });
    await change('POST', division.id, 'regulations', { regulationIds: [spill] });
    await change('POST', division.id, 'inspectionTemplates', { inspectionTemplateIds: ['delaware'] });
    const admin = await createTestUser('Admin', [NORTH, division.id]);
    const token = await signInAs(admin);
    const before = (await listDivisions('')).paginationState.numModels!;

    const response = await call(`/api/divisions/${division.id}`, { method: 'DELETE', token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: division.id });
    expect((await call(`/api/divisions/${division.id}`, { token })).status).toBe(404);
    expect((await listDivisions('')).paginationState.numModels).toBe(before - 1);
    expect((await listDivisions(`?s=${encodeURIComponent(division.name)}`)).pageData).toEqual([]);
    for (const key of [
      { pk: `CLIENT#${pennine}`, sk: `DIVISION#${division.id}` },
      { pk: `GROUP#${spill}`, sk: `DIVISION#${division.id}` },
      { pk: 'TEMPLATE#delaware', sk: `DIVISION#${division.id}` },
      { pk: `USER#${admin.id}`, sk: `DIVISION#${division.id}` },
    ])
      expect(await storedItem(db, key), key.pk).toBeUndefined();
    // The shared records are North's still, and the caller keeps North.
    expect(await storedItem(db, { pk: `CLIENT#${pennine}`, sk: `DIVISION#${NORTH}` })).toBeDefined();
    expect(await storedItem(db, { pk: `GROUP#${spill}`, sk: 'GROUP' })).toBeDefined();
    expect(await storedItem(db, { pk: `USER#${admin.id}`, sk: `DIVISION#${NORTH}` })).toBeDefined();
  });

  it('refuses a role without delete on Divisions', async () => {
    const division = await freshDivision();
    const response = await call(`/api/divisions/${division.id}`, {
      method: 'DELETE',
      token: await tokenFor('regional.manager@example.com'),
    });
    expect(response.status).toBe(403);
  });
});
