import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addClientToDivision, clientKeys, createClient } from '@stormline/data/clients';
import { createProject } from '@stormline/data/projects';
import { sampleClient, sampleProject } from '@stormline/local/sample-records';
import type { Deps } from '@stormline/functions/lib/deps';
import { main as createClientMain } from '@stormline/functions/http/clients/create-client';
import { call, NORTH, SOUTH, tokenFor } from '../support/api';
import { eventually } from '../support/eventually';
import { storedItem, testTable } from '../support/table';
import { createTestUser } from '../support/users';

/**
 * Clients (spec 001 §2, §5, §7): the list of a division, create, edit, delete, contacts and the
 * address reference lists, through the real gateway in the runtime's region (UK); the US rules
 * through the same handler with the region set to US.
 */

interface Client {
  id: string;
  name: string;
  address: Record<string, unknown>;
  default_finding_observation: string | null;
  disable_images: boolean;
  createdAt: string;
  version: number;
  users: { id: string; name: string; email: string }[];
}
interface Page<T> {
  pageData: T[];
  paginationState: { pageSize: number; numModels: number | null; nextCursor: string | null };
}

const db = testTable();
afterAll(() => db.doc.destroy());

const tag = () => randomBytes(3).toString('hex');

const ukAddress = {
  street_1: '14 Wellington Street',
  street_2: '',
  city: 'Leeds',
  country_id: 'england',
  zip: 'ls1 4dl',
  phone: '0113 496 0142',
  phone_ext: '12',
};

let admin: string;

beforeAll(async () => {
  admin = await tokenFor('admin@example.com');
});

async function create(body: Record<string, unknown>, divisionId = NORTH) {
  return call<Client>('/api/clients', { method: 'POST', token: admin, divisionId, body });
}

describe('creating a client (UK)', () => {
  it('creates it in the division, with the country and the postcode in their usual form', async () => {
    const name = `Aire Valley Civils ${tag()}`;
    const created = await create({ name, address: ukAddress, default_finding_observation: 'next-day' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name,
      address: {
        street_1: '14 Wellington Street',
        street_2: null,
        city: 'Leeds',
        state_id: null,
        state: null,
        country_id: 'england',
        countryObj: { id: 'england', name: 'England' },
        zip: 'LS1 4DL',
        phone: '0113 496 0142',
        phone_ext: '12',
      },
      default_finding_observation: 'next-day',
      disable_images: false,
      version: 0,
      users: [],
    });
    const read = await call<Client>(`/api/clients/${created.body.id}`, { token: admin, divisionId: NORTH });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
  });

  it('takes no phone in the UK', async () => {
    const created = await create({
      name: `No Phone ${tag()}`,
      address: { ...ukAddress, phone: null, phone_ext: null },
    });
    expect(created.status).toBe(201);
    expect(created.body.address).toMatchObject({ phone: null, phone_ext: null });
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
    [{ address: { ...ukAddress, street_1: ' ' } }, 'Street is required'],
    [{ address: { ...ukAddress, city: undefined } }, 'City is required'],
    [{ address: { ...ukAddress, country_id: null } }, 'Country is required'],
    [{ address: { ...ukAddress, country_id: 'france' } }, 'Please select a country from the list'],
    [{ address: { ...ukAddress, state_id: 'CO' } }, 'Addresses in the UK have a country, not a state'],
    [{ address: { ...ukAddress, zip: '' } }, 'Postcode is required'],
    [{ address: { ...ukAddress, zip: '80302' } }, 'Please enter a valid UK postcode'],
    [{ address: { ...ukAddress, phone: '12345' } }, 'Please enter a valid phone number'],
    [{ address: { ...ukAddress, phone_ext: '12a' } }, 'Extension must be numeric'],
    [
      { default_finding_observation: 'whenever' },
      'Please select a default finding observation from the list',
    ],
  ])('refuses %j: %s, writing nothing', async (change, message) => {
    const name = `Refused ${tag()}`;
    const response = await create({ name, address: ukAddress, ...change });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message });
    const search = await call<Page<Client>>(`/api/clients?s=${encodeURIComponent(name)}`, {
      token: admin,
      divisionId: NORTH,
    });
    expect(search.body.pageData).toEqual([]);
  });

  it('needs a division: divisionId is required!', async () => {
    const response = await call('/api/clients', {
      method: 'POST',
      token: admin,
      body: { name: 'x', address: ukAddress },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'divisionId is required!' });
  });
});

describe('the US region (the same handler with the region set to US)', () => {
  const deps = (): Deps => ({ db, region: 'US', jwtSecret: 'unused', now: () => new Date() });
  const usAddress = {
    street_1: '1450 Pearl Street',
    city: 'Boulder',
    state_id: 'CO',
    zip: '80302',
    phone: '(303) 555-0142',
  };
  const createUs = (address: Record<string, unknown>) =>
    createClientMain({
      body: { name: `Front Range ${tag()}`, address },
      divisionId: NORTH,
      deps: deps(),
    } as never);

  it('stores a state and a five-digit zip, and shows the state', async () => {
    const created = await createUs(usAddress);
    expect(created).toMatchObject({
      status: 201,
      body: {
        address: {
          state_id: 'CO',
          state: { id: 'CO', abbreviation: 'CO', name: 'Colorado' },
          country_id: null,
          countryObj: null,
          zip: '80302',
          phone: '(303) 555-0142',
        },
      },
    });
  });

  it.each([
    [{ phone: null }, 'Phone is required'],
    [{ phone: '303-555-0142' }, 'Phone number must be in (xxx) xxx-xxxx format'],
    [{ zip: '8030' }, 'Zip code must be 5 digits'],
    [{ zip: 'LS1 4DL' }, 'Zip code must be 5 digits'],
    [{ state_id: null }, 'State is required'],
    [{ country_id: 'england' }, 'Addresses in the US have a state, not a country'],
  ])('refuses %j: %s', async (change, message) => {
    await expect(createUs({ ...usAddress, ...change })).rejects.toMatchObject({ status: 400, message });
  });
});

describe('the clients list', () => {
  it('lists the division’s clients by name with the division’s count, and only its own', async () => {
    const response = await call<Page<Client>>('/api/clients', { token: admin, divisionId: SOUTH });
    expect(response.status).toBe(200);
    const names = response.body.pageData.map((c) => c.name);
    expect(names).toEqual(
      expect.arrayContaining(['Severn Infrastructure Partners', 'Brecon Water Services']),
    );
    expect(names).not.toContain('Pennine Homes Ltd');
    expect(response.body.paginationState).toMatchObject({ pageSize: 25 });
    expect(response.body.paginationState.numModels).toBeGreaterThanOrEqual(3);
    const row = response.body.pageData.find((c) => c.name === 'Severn Infrastructure Partners')!;
    expect(row.address).toMatchObject({ city: 'Bristol', countryObj: { name: 'England' }, zip: 'BS1 6DZ' });
    expect(row.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("searches by any word of the name ('Search Clients')", async () => {
    const t = tag();
    await create({ name: `Humber Estuary Works ${t}`, address: ukAddress });
    for (const s of [`humber estuary works ${t}`, `estuary works ${t}`, t]) {
      await eventually(
        () =>
          call<Page<Client>>(`/api/clients?s=${encodeURIComponent(s)}`, { token: admin, divisionId: NORTH }),
        (page) =>
          expect(
            page.body.pageData.map((c) => c.name),
            s,
          ).toEqual([`Humber Estuary Works ${t}`]),
      );
    }
    const elsewhere = await call<Page<Client>>(`/api/clients?s=${t}`, { token: admin, divisionId: SOUTH });
    expect(elsewhere.body.pageData).toEqual([]);
  });

  it('pages with the cursor', async () => {
    const t = tag();
    for (let i = 0; i < 27; i++)
      await create({ name: `Zz Paging ${t} ${String(i).padStart(2, '0')}`, address: ukAddress });
    const first = await eventually(
      () => call<Page<Client>>(`/api/clients?s=zz paging ${t}`, { token: admin, divisionId: NORTH }),
      (page) => expect(page.body.pageData).toHaveLength(25),
    );
    const second = await call<Page<Client>>(
      `/api/clients?s=zz paging ${t}&cursor=${first.body.paginationState.nextCursor}`,
      { token: admin, divisionId: NORTH },
    );
    expect(second.body.pageData.map((c) => c.name)).toEqual([`Zz Paging ${t} 25`, `Zz Paging ${t} 26`]);
    expect(second.body.paginationState.nextCursor).toBeNull();
  });

  it('gives the clients named by clientIds, the division’s only', async () => {
    const north = await create({ name: `By Id ${tag()}`, address: ukAddress });
    const south = await create({ name: `By Id South ${tag()}`, address: ukAddress }, SOUTH);
    const response = await call<Page<Client>>(`/api/clients?clientIds=${north.body.id},${south.body.id}`, {
      token: admin,
      divisionId: NORTH,
    });
    expect(response.body.pageData.map((c) => c.id)).toEqual([north.body.id]);
  });
});

describe('editing a client', () => {
  it('saves the form at its version, renames it in the search, and refuses a stale version', async () => {
    const created = await create({ name: `Before ${tag()}`, address: ukAddress });
    const name = `After ${tag()}`;
    const saved = await call<Client>(`/api/clients/${created.body.id}`, {
      method: 'PUT',
      token: admin,
      divisionId: NORTH,
      body: {
        name,
        address: { ...ukAddress, country_id: 'wales', zip: 'CF10 4QH' },
        default_finding_observation: 'two-or-more-days',
        disable_images: true,
        version: 0,
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      name,
      address: { countryObj: { name: 'Wales' }, zip: 'CF10 4QH' },
      default_finding_observation: 'two-or-more-days',
      disable_images: true,
      version: 1,
    });
    await eventually(
      () =>
        call<Page<Client>>(`/api/clients?s=${encodeURIComponent(name)}`, { token: admin, divisionId: NORTH }),
      (page) => expect(page.body.pageData.map((c) => c.id)).toEqual([created.body.id]),
    );
    const stale = await call(`/api/clients/${created.body.id}`, {
      method: 'PUT',
      token: admin,
      divisionId: NORTH,
      body: { name: 'Lost edit', address: ukAddress, version: 0 },
    });
    expect(stale.status).toBe(409);
    const read = await call<Client>(`/api/clients/${created.body.id}`, { token: admin, divisionId: NORTH });
    expect(read.body).toMatchObject({ name, version: 1 });
  });

  it('keeps the default observation and images setting when an edit leaves them out', async () => {
    const created = await create({
      name: `Keeps ${tag()}`,
      address: ukAddress,
      default_finding_observation: 'next-day',
      disable_images: true,
    });
    const saved = await call<Client>(`/api/clients/${created.body.id}`, {
      method: 'PUT',
      token: admin,
      divisionId: NORTH,
      body: { name: created.body.name, address: ukAddress, version: 0 },
    });
    expect(saved.body).toMatchObject({ default_finding_observation: 'next-day', disable_images: true });
  });

  it('refuses the region’s wrong address on an edit too', async () => {
    const created = await create({ name: `Edit Region ${tag()}`, address: ukAddress });
    const response = await call(`/api/clients/${created.body.id}`, {
      method: 'PUT',
      token: admin,
      divisionId: NORTH,
      body: { name: created.body.name, address: { ...ukAddress, zip: '123' }, version: 0 },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      message: 'Please enter a valid UK postcode',
      issues: [{ path: 'address.zip', message: 'Please enter a valid UK postcode' }],
    });
  });
});

describe('deleting a client', () => {
  it('deletes a client without projects; it is then not found', async () => {
    const created = await create({ name: `Short Lived ${tag()}`, address: ukAddress });
    const deleted = await call(`/api/clients/${created.body.id}`, {
      method: 'DELETE',
      token: admin,
      divisionId: NORTH,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: created.body.id });
    const read = await call(`/api/clients/${created.body.id}`, { token: admin, divisionId: NORTH });
    expect(read.status).toBe(404);
    expect(read.body).toEqual({ message: 'Client not found' });
    expect(await storedItem(db, clientKeys.client(created.body.id))).toBeUndefined();
  });

  it('refuses while the client has projects, with the reason, and changes nothing', async () => {
    const created = await create({ name: `Has Projects ${tag()}`, address: ukAddress });
    await createProject(
      db,
      sampleProject({ divisionId: NORTH, client_id: created.body.id, name: `Keeps its client ${tag()}` }),
    );
    const before = await storedItem(db, clientKeys.client(created.body.id));
    const refused = await call(`/api/clients/${created.body.id}`, {
      method: 'DELETE',
      token: admin,
      divisionId: NORTH,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message:
        'This client still has 1 project in this division (archived ones included). Delete it before deleting the client.',
    });
    expect(await storedItem(db, clientKeys.client(created.body.id))).toEqual(before);
  });

  it('removes a shared client from this division only; the other division keeps it', async () => {
    const created = await create({ name: `Shared ${tag()}`, address: ukAddress });
    await addClientToDivision(db, SOUTH, created.body.id);
    const deleted = await call(`/api/clients/${created.body.id}`, {
      method: 'DELETE',
      token: admin,
      divisionId: NORTH,
    });
    expect(deleted.status).toBe(200);
    expect((await call(`/api/clients/${created.body.id}`, { token: admin, divisionId: NORTH })).status).toBe(
      404,
    );
    const south = await call<Client>(`/api/clients/${created.body.id}`, { token: admin, divisionId: SOUTH });
    expect(south.status).toBe(200);
    expect(south.body.name).toBe(created.body.name);
    // The last division to let go takes the client with it.
    const last = await call(`/api/clients/${created.body.id}`, {
      method: 'DELETE',
      token: admin,
      divisionId: SOUTH,
    });
    expect(last.status).toBe(200);
    expect(await storedItem(db, clientKeys.client(created.body.id))).toBeUndefined();
  });

  it('is refused to a role without delete on Client', async () => {
    const created = await create({ name: `Kept ${tag()}`, address: ukAddress });
    const manager = await tokenFor('regional.manager@example.com');
    const refused = await call(`/api/clients/${created.body.id}`, {
      method: 'DELETE',
      token: manager,
      divisionId: NORTH,
    });
    expect(refused.status).toBe(403);
    expect((await call(`/api/clients/${created.body.id}`, { token: admin, divisionId: NORTH })).status).toBe(
      200,
    );
  });
});

describe('contacts', () => {
  it('adds users of the division, shows name, email and phone, and removes one', async () => {
    const client = await create({ name: `Contacts ${tag()}`, address: ukAddress });
    const first = await createTestUser('Client User', [NORTH]);
    const second = await createTestUser('Client Manager', [NORTH, SOUTH]);
    const added = await call<{ users: Client['users'] }>(`/api/clients/${client.body.id}/contacts`, {
      method: 'POST',
      token: admin,
      divisionId: NORTH,
      body: { userIds: [first.id, second.id, first.id] },
    });
    expect(added.status).toBe(200);
    expect(added.body.users.map((u) => u.id).sort()).toEqual([first.id, second.id].sort());
    expect(added.body.users.find((u) => u.id === first.id)).toMatchObject({
      name: 'Test Client User',
      email: first.email,
      phone: null,
      phone_ext: null,
    });
    const read = await call<Client>(`/api/clients/${client.body.id}`, { token: admin, divisionId: NORTH });
    expect(read.body.users).toHaveLength(2);

    const removed = await call<{ users: Client['users'] }>(
      `/api/clients/${client.body.id}/contacts/${first.id}`,
      {
        method: 'DELETE',
        token: admin,
        divisionId: NORTH,
      },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.users.map((u) => u.id)).toEqual([second.id]);
    const again = await call(`/api/clients/${client.body.id}/contacts/${first.id}`, {
      method: 'DELETE',
      token: admin,
      divisionId: NORTH,
    });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: 'Contact not found' });
  });

  it('refuses a user of another division, and the public account, adding nobody', async () => {
    const client = await create({ name: `Foreign Contact ${tag()}`, address: ukAddress });
    const north = await createTestUser('Client User', [NORTH]);
    const south = await createTestUser('Client User', [SOUTH]);
    const refused = await call(`/api/clients/${client.body.id}/contacts`, {
      method: 'POST',
      token: admin,
      divisionId: NORTH,
      body: { userIds: [north.id, south.id] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      message: 'Only users of this division can be contacts of its clients',
    });
    expect(await storedItem(db, clientKeys.contact(client.body.id, north.id))).toBeUndefined();

    const publicId = (
      await call<{ id: string }>('/api/users/profile', { token: await tokenFor('public@example.com') })
    ).body.id;
    const publicRefused = await call(`/api/clients/${client.body.id}/contacts`, {
      method: 'POST',
      token: admin,
      divisionId: NORTH,
      body: { userIds: [publicId] },
    });
    expect(publicRefused.status).toBe(400);
    expect(publicRefused.body).toMatchObject({ message: 'The public account cannot be a contact' });
  });

  it('requires at least one user', async () => {
    const client = await create({ name: `Empty Contacts ${tag()}`, address: ukAddress });
    const response = await call(`/api/clients/${client.body.id}/contacts`, {
      method: 'POST',
      token: admin,
      divisionId: NORTH,
      body: { userIds: [] },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message: 'Please select at least one user' });
  });

  it('never lets a user remove themself', async () => {
    const manager = await createTestUser('Client Manager', [NORTH]);
    const signIn = await call<{ token: string }>('/api/login', {
      method: 'POST',
      body: { email: manager.email, password: manager.password },
    });
    const client = await create({ name: `Self ${tag()}`, address: ukAddress });
    await call(`/api/clients/${client.body.id}/contacts`, {
      method: 'POST',
      token: signIn.body.token,
      divisionId: NORTH,
      body: { userIds: [manager.id] },
    });
    const refused = await call(`/api/clients/${client.body.id}/contacts/${manager.id}`, {
      method: 'DELETE',
      token: signIn.body.token,
      divisionId: NORTH,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'You cannot remove yourself as a contact' });
    expect(await storedItem(db, clientKeys.contact(client.body.id, manager.id))).toBeDefined();
  });

  it('shows only the contacts who belong to the division asking', async () => {
    const client = await createClient(db, NORTH, sampleClient(`Two Divisions ${tag()}`));
    await addClientToDivision(db, SOUTH, client.id);
    const southUser = await createTestUser('Client User', [SOUTH]);
    await call(`/api/clients/${client.id}/contacts`, {
      method: 'POST',
      token: admin,
      divisionId: SOUTH,
      body: { userIds: [southUser.id] },
    });
    const north = await call<Client>(`/api/clients/${client.id}`, { token: admin, divisionId: NORTH });
    expect(north.body.users).toEqual([]);
    const south = await call<Client>(`/api/clients/${client.id}`, { token: admin, divisionId: SOUTH });
    expect(south.body.users.map((u) => u.id)).toEqual([southUser.id]);
  });
});

describe("the client's projects", () => {
  it('lists the projects of a seeded client in the division, with their next inspection date', async () => {
    const clients = await call<Page<Client>>('/api/clients?s=severn', { token: admin, divisionId: SOUTH });
    const severn = clients.body.pageData.find((c) => c.name === 'Severn Infrastructure Partners')!;
    const response = await call<
      Page<{ name: string; divisionProject: { division_id: string }; archivedAt: null }>
    >(`/api/clients/${severn.id}/projects`, { token: admin, divisionId: SOUTH });
    expect(response.status).toBe(200);
    expect(response.body.pageData.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Cardiff Bay Flood Defences', 'M4 Junction 19 Widening']),
    );
    expect(response.body.pageData[0]).toMatchObject({
      divisionProject: { division_id: SOUTH },
      archivedAt: null,
    });
    expect(response.body.paginationState.numModels).toBeGreaterThanOrEqual(2);
  });
});

describe('reference lists', () => {
  it('gives the US states (geoData) and the UK countries (getCountryList)', async () => {
    const states = await call<{ id: string; abbreviation: string; name: string }[]>('/api/clients/geoData', {
      token: admin,
    });
    expect(states.status).toBe(200);
    expect(states.body).toHaveLength(52);
    expect(states.body).toContainEqual({ id: 'TX', abbreviation: 'TX', name: 'Texas' });
    const countries = await call<{ id: string; name: string }[]>('/api/clients/getCountryList', {
      token: admin,
    });
    expect(countries.body.map((c) => c.name)).toEqual(['England', 'Northern Ireland', 'Scotland', 'Wales']);
  });
});
