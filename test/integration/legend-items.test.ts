import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePdf, makePng } from '@stormline/local/seed/demo-files';
import { baseUrl, call, NORTH, SOUTH, tokenFor } from '../support/api';
import { eventually } from '../support/eventually';
import { createTestUser, signInAs } from '../support/users';

interface LegendItem {
  id: string;
  name: string;
  type: 'control_measure' | 'pollutant';
  groups: string[];
  document_groups: { id: string; name: string }[];
  map_symbol: {
    editor: number;
    line: Record<string, unknown>;
    area: Record<string, unknown>;
    icon: string | null;
    text: { label: string; font: string; size: number };
  };
  version: number;
  uploads?: { id: string; GUID: string; name: string }[];
}

interface LegendPage {
  pageData: LegendItem[];
  paginationState: { numModels: number | null; nextCursor: string | null };
}

let token: string;
let northOnly: string;

beforeAll(async () => {
  token = await signInAs(await createTestUser('Admin', [NORTH, SOUTH]));
  northOnly = await signInAs(await createTestUser('Admin', [NORTH]));
});

const newGroup = async (name: string, divisionId = NORTH) =>
  (await call<{ id: string }>('/api/groups/add', { method: 'POST', token, divisionId, body: { name } })).body
    .id;

const create = (body: unknown, divisionId = NORTH, as = token) =>
  call<LegendItem & { message?: string }>('/api/legend-items', {
    method: 'POST',
    token: as,
    divisionId,
    body,
  });

const list = async (query: string, divisionId = NORTH) =>
  (await call<LegendPage>(`/api/legend-items${query}`, { token, divisionId })).body;

async function addDocument(legendItemId: string, bytes: Uint8Array, fileName: string, divisionId = NORTH) {
  const begun = await call<{ upload: string; url: string }>('/api/uploads', {
    method: 'POST',
    token,
    divisionId,
    body: { name: fileName, size: bytes.byteLength },
  });
  await fetch(begun.body.url, { method: 'PUT', body: Buffer.from(bytes) });
  return call<{ id: string; GUID: string; name: string; message?: string }>(
    `/api/legend-items/${legendItemId}/uploads`,
    { method: 'POST', token, divisionId, body: { upload: begun.body.upload } },
  );
}

describe('legend items', () => {
  it('creates a control measure with its regulations as ids and the default line symbol', async () => {
    const groupId = await newGroup('Silt Fence Standard');
    const created = await create({ name: 'Silt Fence', type: 'control_measure', groups: [groupId] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Silt Fence',
      type: 'control_measure',
      groups: [groupId],
      document_groups: [{ id: groupId, name: 'Silt Fence Standard' }],
      version: 0,
    });
    expect(created.body.map_symbol.editor).toBe(0);
    expect(created.body.map_symbol.line).toMatchObject({
      stroke: '#000000',
      width: 5,
      dash: [8, 10],
      tickColor: '#F44E3B',
      tickWidth: 20,
    });
    expect(created.body.map_symbol.area).toMatchObject({
      fill: '#999999',
      stroke: '#4D4D4D',
      width: 5,
      lineSize: 4,
      separation: 4,
    });
    expect(created.body.map_symbol.text).toEqual({ label: '', font: 'Arial', size: 22 });
    const read = await call<LegendItem>(`/api/legend-items/${created.body.id}`, { token, divisionId: NORTH });
    expect(read.body).toEqual({ ...created.body, uploads: [] });
  });

  it('creates a pollutant, completing a partial symbol from the defaults', async () => {
    const created = await create({
      name: 'Concrete Washout',
      type: 'pollutant',
      map_symbol: { area: { fill: '#2FF363', fillType: 'hatch' }, text: { label: 'CW' } },
    });
    expect(created.status).toBe(201);
    expect(created.body.groups).toEqual([]);
    expect(created.body.map_symbol.editor).toBe(3);
    expect(created.body.map_symbol.area).toMatchObject({
      fill: '#2FF363',
      fillType: 'hatch',
      stroke: '#4D4D4D',
    });
    expect(created.body.map_symbol.text.label).toBe('CW');
  });

  it('refuses a missing name, an unknown type, a symbol out of range, and writes nothing', async () => {
    const tag = `zzlegend${randomBytes(3).toString('hex')}`;
    const cases: [unknown, string][] = [
      [{ name: '  ', type: 'pollutant' }, 'Name is required'],
      [{ name: tag, type: 'sediment' }, 'Type must be control_measure or pollutant'],
      [
        { name: tag, type: 'pollutant', map_symbol: { text: { label: 'Eleven char' } } },
        'A text label holds at most 10 characters',
      ],
      [
        { name: tag, type: 'pollutant', map_symbol: { area: { fill: 'green' } } },
        'A colour is written #RRGGBB',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await create(body);
      expect(response.status, message).toBe(400);
      expect(response.body.message).toBe(message);
    }
    const outOfRange = await create({
      name: tag,
      type: 'control_measure',
      map_symbol: { line: { tickHeight: 3 } },
    });
    expect(outOfRange.status).toBe(400);
    expect((await list(`?s=${tag}`)).pageData).toEqual([]);
  });

  it("refuses another division's regulation in the id list, and creates nothing", async () => {
    const southGroup = await newGroup('South Only Standard', SOUTH);
    const tag = `zzforeign${randomBytes(3).toString('hex')}`;
    const response = await create({ name: tag, type: 'control_measure', groups: [southGroup] });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Regulation group not found' });
    expect((await list(`?s=${tag}`)).pageData).toEqual([]);
  });

  it('lists by name, by type, by the start of the name, and a group’s BMP legend items', async () => {
    const tag = `zzlist${randomBytes(3).toString('hex')}`;
    const groupId = await newGroup(`${tag} BMP Manual`);
    await create({ name: `${tag} Wattle`, type: 'control_measure', groups: [groupId] });
    await create({ name: `${tag} Inlet Protection`, type: 'control_measure' });
    await create({ name: `${tag} Fuel Storage`, type: 'pollutant', groups: [groupId] });
    const all = await eventually(
      () => list(`?s=${tag}`),
      (page) => expect(page.pageData).toHaveLength(3),
    );
    expect(all.pageData.map((i) => i.name)).toEqual([
      `${tag} Fuel Storage`,
      `${tag} Inlet Protection`,
      `${tag} Wattle`,
    ]);
    const controls = await list(`?s=${tag}&type=control_measure`);
    expect(controls.pageData.map((i) => i.name)).toEqual([`${tag} Inlet Protection`, `${tag} Wattle`]);
    const ofGroup = await list(`?documentGroupId=${groupId}`);
    expect(ofGroup.pageData.map((i) => i.name)).toEqual([`${tag} Fuel Storage`, `${tag} Wattle`]);
    expect((await list(`?documentGroupId=${groupId}&type=pollutant`)).pageData.map((i) => i.name)).toEqual([
      `${tag} Fuel Storage`,
    ]);
    expect((await list(`?s=${tag}`, SOUTH)).pageData).toEqual([]);
  });

  it('updates name, type, regulations and symbol with the version read; a stale version is 409', async () => {
    const first = await newGroup('Update Standard A');
    const second = await newGroup('Update Standard B');
    const item = (await create({ name: 'Check Dam', type: 'control_measure', groups: [first] })).body;
    const update = (body: Record<string, unknown>) =>
      call<LegendItem>(`/api/legend-items/${item.id}`, { method: 'PUT', token, divisionId: NORTH, body });
    const updated = await update({
      name: 'Rock Check Dam',
      type: 'control_measure',
      groups: [second],
      map_symbol: { line: { strokeStyle: 'tick', tickHeight: 4 } },
      version: 0,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Rock Check Dam', groups: [second], version: 1 });
    expect(updated.body.map_symbol.line).toMatchObject({
      strokeStyle: 'tick',
      tickHeight: 4,
      stroke: '#000000',
    });
    // The BMP tabs follow: the item left the first group and joined the second.
    expect((await list(`?documentGroupId=${first}`)).pageData.map((i) => i.id)).not.toContain(item.id);
    expect((await list(`?documentGroupId=${second}`)).pageData.map((i) => i.id)).toContain(item.id);
    const stale = await update({ name: 'Lost', type: 'pollutant', groups: [], map_symbol: null, version: 0 });
    expect(stale.status).toBe(409);
  });

  it('holds documents: upload, list for a group’s BMP tab, reorder, download, destroy', async () => {
    const groupId = await newGroup('BMP Documents Manual');
    const item = (await create({ name: 'Sediment Basin', type: 'control_measure', groups: [groupId] })).body;
    const other = (await create({ name: 'Not In Group', type: 'pollutant' })).body;
    const pdf = await makePdf('Sediment Basin Detail', ['Size the basin for the two-year storm.']);
    const first = await addDocument(item.id, pdf, 'basin-detail.pdf');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await addDocument(item.id, makePng(64, 64), 'basin-photo.png');
    expect(second.status).toBe(201);
    await addDocument(other.id, makePng(64, 64), 'other.png');

    const tab = await call<{ items: { legendItemId: string; uploads: { name: string }[] }[] }>(
      `/api/legend-items/group/${groupId}/uploads?LegendItemIds=${item.id},${other.id}`,
      { token, divisionId: NORTH },
    );
    expect(tab.status).toBe(200);
    // Only the legend items that list the group.
    expect(tab.body.items).toEqual([
      {
        legendItemId: item.id,
        uploads: [
          expect.objectContaining({ name: 'basin-detail.pdf' }),
          expect.objectContaining({ name: 'basin-photo.png' }),
        ],
      },
    ]);

    const sorted = await call<{ documents: { name: string }[] }>('/api/documents/legend/sort', {
      method: 'PUT',
      token,
      divisionId: NORTH,
      body: { id: second.body.id, order: 0, legendItemId: item.id, documentGroupId: groupId },
    });
    expect(sorted.body.documents.map((d) => d.name)).toEqual(['basin-photo.png', 'basin-detail.pdf']);
    const detail = await call<LegendItem>(`/api/legend-items/${item.id}`, { token, divisionId: NORTH });
    expect(detail.body.uploads!.map((d) => d.name)).toEqual(['basin-photo.png', 'basin-detail.pdf']);

    const link = await call<{ url: string }>('/api/download-links', {
      method: 'POST',
      token,
      body: { path: `/dl/${first.body.GUID}` },
    });
    const redirect = await fetch(`${baseUrl()}${link.body.url}`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const file = await fetch(redirect.headers.get('location')!);
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);

    const destroyed = await call(`/api/legend-items/${item.id}/uploads/${first.body.id}`, {
      method: 'DELETE',
      token,
      divisionId: NORTH,
    });
    expect(destroyed.body).toEqual({ id: first.body.id });
    const after = await call<LegendItem>(`/api/legend-items/${item.id}`, { token, divisionId: NORTH });
    expect(after.body.uploads!.map((d) => d.name)).toEqual(['basin-photo.png']);
  });

  it('deletes a legend item with its documents and files', async () => {
    const item = (await create({ name: 'Temporary Item', type: 'pollutant' })).body;
    const doc = (await addDocument(item.id, makePng(50, 50), 'temp.png')).body;
    const link = await call<{ url: string }>('/api/download-links', {
      method: 'POST',
      token,
      body: { path: `/dl/${doc.GUID}` },
    });
    const location = (await fetch(`${baseUrl()}${link.body.url}`, { redirect: 'manual' })).headers.get(
      'location',
    )!;
    const deleted = await call(`/api/legend-items/${item.id}`, {
      method: 'DELETE',
      token,
      divisionId: NORTH,
    });
    expect(deleted.body).toEqual({ id: item.id });
    expect((await call(`/api/legend-items/${item.id}`, { token, divisionId: NORTH })).status).toBe(404);
    expect((await fetch(location)).status).toBe(404);
  });

  it('a regulation group leaving the division leaves its legend items’ regulations', async () => {
    const groupId = await newGroup('Leaving Standard');
    const item = (await create({ name: 'Straw Bale Barrier', type: 'control_measure', groups: [groupId] }))
      .body;
    await call(`/api/groups/delete/${groupId}`, { method: 'DELETE', token, divisionId: NORTH });
    const read = await call<LegendItem>(`/api/legend-items/${item.id}`, { token, divisionId: NORTH });
    expect(read.body.groups).toEqual([]);
    expect(read.body.document_groups).toEqual([]);
  });

  it('lets an Inspector read legend items but not create them', async () => {
    const inspector = await tokenFor('inspector@example.com');
    expect((await call('/api/legend-items', { token: inspector, divisionId: NORTH })).status).toBe(200);
    const refused = await create({ name: 'Inspector Item', type: 'pollutant' }, NORTH, inspector);
    expect(refused.status).toBe(403);
  });

  it("another division's legend item and its documents are not found, and stay as they were", async () => {
    const southGroup = await newGroup('South BMP Manual', SOUTH);
    const item = (
      await create({ name: 'South Wattle', type: 'control_measure', groups: [southGroup] }, SOUTH)
    ).body;
    const doc = (await addDocument(item.id, makePng(50, 50), 'south.png', SOUTH)).body;
    for (const [method, path, body] of [
      ['GET', `/api/legend-items/${item.id}`, undefined],
      [
        'PUT',
        `/api/legend-items/${item.id}`,
        { name: 'Taken', type: 'pollutant', groups: [], map_symbol: null, version: 0 },
      ],
      ['DELETE', `/api/legend-items/${item.id}`, undefined],
      ['DELETE', `/api/legend-items/${item.id}/uploads/${doc.id}`, undefined],
      ['PUT', '/api/documents/legend/sort', { id: doc.id, order: 0, legendItemId: item.id }],
      ['PUT', `/api/uploads/${doc.GUID}/name`, { name: 'Taken', version: 0 }],
      ['GET', `/api/legend-items/group/${southGroup}/uploads?LegendItemIds=${item.id}`, undefined],
    ] as const) {
      const response = await call(path, { method, token: northOnly, divisionId: NORTH, body });
      expect([403, 404], `${method} ${path}`).toContain(response.status);
    }
    const read = await call<LegendItem>(`/api/legend-items/${item.id}`, { token, divisionId: SOUTH });
    expect(read.body).toEqual({ ...item, uploads: [doc] });
  });
});
