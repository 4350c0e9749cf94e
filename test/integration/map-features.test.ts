import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument, listDocuments } from '@stormline/data/documents';
import { standingFeaturesOfMap } from '@stormline/data/map-features';
import { MAP_MESSAGES, siteMapId } from '@stormline/domain/map-features';
import { SITE_MAP_DOC_TYPE_ID } from '@stormline/domain/project-rules';
import { demoProjectNames } from '@stormline/local/seed/clients';
import { localDate } from '@stormline/domain/local-date';
import { getConversion } from '@stormline/data/site-maps';
import { call, NORTH, tokenFor } from '../support/api';
import { productDeps } from '../support/runtime';
import { inspectedSite } from '../support/inspected-site';
import { answerInFull, signInspection, type ApiAs } from '../support/inspection-walk';
import { createRoutineProject } from '../support/routine-project';
import { convertDemoSiteMap, convertedSiteMap } from '../support/site-maps';
import { testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';

/**
 * The site map editor's server (issue 21, spec 002 §2-§9, docs/decisions/0041), walked through the
 * API: features drawn on the baseline, an inspection started, one changed and one removed there, a
 * finding placed, a second inspection started; each earlier map reads as it was. Saves refused for
 * stale versions (409, nothing written), closed maps (403), a second note (409), shapes off the
 * image (400) and sources of another project (404).
 */

const db = testTable();
afterAll(() => db.doc.destroy());

const tag = () => randomBytes(3).toString('hex');
const ZONE = 'Europe/London';

interface Source {
  id: string;
  name: string;
  color: string | null;
  map_symbol: { editor: number } | null;
  scope: string | null;
  detail: string | null;
  deleted: boolean;
}
interface Feature {
  positionables_id: string;
  positionable_id: string;
  positionable_type: string;
  position_x: number;
  position_y: number;
  geometry: { type: string; points?: number[][] };
  start_inspection_id: string | null;
  end_inspection_id: string | null;
  source: Source;
  version: number;
}
interface Saved {
  items: { clientId: string | null; removed: boolean; feature: Feature }[];
  savedAt: string;
}

let api: ApiAs;
let adminName: string;
let projectId: string;
let map: Awaited<ReturnType<typeof convertedSiteMap>>;
let mapId: string;
let siltFence: { id: string };
let sediment: { id: string };
let note: { id: string };
const names = { siltFence: `Silt fence ${tag()}`, sediment: `Sediment ${tag()}` };

const positionables = (ref: string, context = 'all') =>
  `/api/positionables/project_uploads/${mapId}/${ref}/${context}`;

async function read(ref: string, query = ''): Promise<Feature[]> {
  const page = await api<{ pageData: Feature[]; paginationState: { nextCursor: string | null } }>(
    `${positionables(ref)}${query}`,
  );
  expect(page.status, JSON.stringify(page.body)).toBe(200);
  expect(page.body.paginationState.nextCursor).toBeNull();
  return page.body.pageData;
}

const save = (ref: string, items: unknown[]) => api<Saved>(`${positionables(ref)}/update`, 'PUT', { items });

const polygon = [
  [100, 100],
  [400, 100],
  [400, 300],
];

beforeAll(async () => {
  const admin = await createTestUser('Admin', [NORTH]);
  adminName = `${admin.first_name} ${admin.last_name}`.trim();
  const token = await signInAs(admin);
  api = (path, method = 'GET', body) => call(path, { method, token, divisionId: NORTH, body });
  expect(
    (await call(`/api/users/${admin.id}/signature_authorization/agree`, { method: 'POST', token })).status,
  ).toBe(200);
  projectId = await createRoutineProject(db, {
    name: `Mapped site ${tag()}`,
    clientName: `Mapped client ${tag()}`,
    groupName: `Mapped regulations ${tag()}`,
    inspectorId: admin.id,
    adminToken: token,
  });
  map = await convertedSiteMap(db, { projectId, createdBy: admin.id }, `Walk plan ${tag()}.pdf`, [
    { width: 2000, height: 1500 },
    { width: 1200, height: 1000 },
  ]);
  mapId = map.pages[0]!.siteMapId;

  const created = await api<{ id: string; map_symbol: { editor: number } }>(
    `/api/projects/${projectId}/legend-items`,
    'POST',
    { name: names.siltFence, type: 'control_measure', map_symbol: { area: { fillType: 'hatch' } } },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  siltFence = created.body;
  const division = await api<{ id: string }>('/api/legend-items', 'POST', {
    name: names.sediment,
    type: 'pollutant',
    groups: [],
  });
  expect(division.status).toBe(201);
  sediment = division.body;
  const made = await api<{ id: string }>(`/api/projects/${projectId}/map-notes`, 'POST', {
    title: 'Corrective Action Notice',
    content: 'Silt fence down by the north outfall.',
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  note = made.body;
});

describe('the map editor walk: baseline, inspection 1, inspection 2', () => {
  let inspection1: { id: string; number: number };
  let inspection2: { id: string; number: number };
  let fenceId: string;
  let lineId: string;
  let noteFeatureId: string;
  let findingFeatureId: string;

  it('draws the baseline before the first inspection: a polygon, a line and a note', async () => {
    const saved = await save('baseline', [
      {
        clientId: 'fence',
        positionable_id: siltFence.id,
        positionable_type: 'control_measure',
        position_x: 100,
        position_y: 100,
        geometry: { type: 'polygon', points: polygon },
      },
      {
        clientId: 'runoff',
        positionable_id: sediment.id,
        positionable_type: 'pollutant',
        position_x: 500,
        position_y: 500,
        geometry: {
          type: 'line',
          points: [
            [500, 500],
            [900, 700],
          ],
        },
      },
      {
        clientId: 'note',
        positionable_id: note.id,
        positionable_type: 'commentables',
        position_x: 1500,
        position_y: 200,
        geometry: { type: 'point' },
      },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const byClient = new Map(saved.body.items.map((i) => [i.clientId, i.feature]));
    fenceId = byClient.get('fence')!.positionables_id;
    lineId = byClient.get('runoff')!.positionables_id;
    noteFeatureId = byClient.get('note')!.positionables_id;
    expect(byClient.get('fence')).toMatchObject({
      start_inspection_id: null,
      end_inspection_id: null,
      version: 0,
      source: { name: names.siltFence, scope: 'project', deleted: false },
    });

    const baseline = await read('baseline');
    expect(baseline.map((f) => f.source.name).sort()).toEqual(
      [names.siltFence, names.sediment, 'Corrective Action Notice'].sort(),
    );
    const line = baseline.find((f) => f.positionables_id === lineId)!;
    expect(line.source).toMatchObject({ scope: 'division', deleted: false });
    expect(line.source.map_symbol).not.toBeNull();
    expect(baseline.find((f) => f.positionables_id === noteFeatureId)!.source.detail).toBe(
      'Silt fence down by the north outfall.',
    );
    // The context and the type narrow the read.
    const legend = await api<{ pageData: Feature[] }>(
      `${positionables('baseline', 'legend_items')}?type=pollutant`,
    );
    expect(legend.body.pageData.map((f) => f.positionables_id)).toEqual([lineId]);
  });

  it('refuses a shape off the image, a finding on the baseline and a second note', async () => {
    const off = await save('baseline', [
      {
        positionable_id: sediment.id,
        positionable_type: 'pollutant',
        position_x: 10,
        position_y: 10,
        geometry: {
          type: 'line',
          points: [
            [10, 10],
            [2001, 10],
          ],
        },
      },
    ]);
    expect(off.status).toBe(400);
    expect(off.body).toMatchObject({ message: MAP_MESSAGES.offMap });

    const another = await api<{ id: string }>(`/api/projects/${projectId}/map-notes`, 'POST', {
      title: 'Second note',
      content: 'A second note on the same map.',
    });
    const second = await save('baseline', [
      {
        positionable_id: another.body.id,
        positionable_type: 'commentables',
        position_x: 20,
        position_y: 20,
        geometry: { type: 'point' },
      },
    ]);
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ message: 'A map holds one note' });
    // The note stands on the map: it cannot be deleted.
    const del = await api(`/api/projects/${projectId}/map-notes/${note.id}`, 'DELETE');
    expect(del.status).toBe(409);
    expect(del.body).toEqual({ message: MAP_MESSAGES.standsOnMap });
    expect((await read('baseline')).length).toBe(3);
  });

  it('starts inspection 1: the baseline closes, and inspection 1 shows the baseline’s features', async () => {
    const started = await api<{ id: string; number: number }>('/api/inspections', 'POST', {
      projectId,
      type: 'Routine',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    inspection1 = started.body;
    const closed = await save('baseline', [
      {
        positionable_id: sediment.id,
        positionable_type: 'pollutant',
        position_x: 10,
        position_y: 10,
        geometry: { type: 'point' },
      },
    ]);
    expect(closed.status).toBe(403);
    expect(closed.body).toEqual({ message: MAP_MESSAGES.baselineClosed });
    expect((await read(inspection1.id)).map((f) => f.positionables_id).sort()).toEqual(
      [fenceId, lineId, noteFeatureId].sort(),
    );
  });

  it('changes the polygon, removes the line and places a finding in inspection 1; the baseline is unchanged', async () => {
    const finding = await api<{ id: string; number: number }>(
      `/api/inspections/${inspection1.id}/findings`,
      'POST',
      {
        finding_type_id: 'ca',
        location: 'North outfall',
        date_initiated: localDate(ZONE, new Date()),
      },
    );
    expect(finding.status, JSON.stringify(finding.body)).toBe(201);
    const moved = polygon.map(([x, y]) => [x! + 50, y! + 50]);
    const saved = await save(inspection1.id, [
      {
        positionables_id: fenceId,
        positionable_id: siltFence.id,
        positionable_type: 'control_measure',
        position_x: 150,
        position_y: 150,
        geometry: { type: 'polygon', points: moved },
        version: 0,
      },
      {
        positionables_id: lineId,
        positionable_id: sediment.id,
        positionable_type: 'pollutant',
        position_x: 500,
        position_y: 500,
        geometry: { type: 'point' },
        version: 0,
        remove: true,
      },
      {
        clientId: 'finding',
        positionable_id: finding.body.id,
        positionable_type: 'findings',
        position_x: 800,
        position_y: 900,
        geometry: { type: 'point' },
      },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    findingFeatureId = saved.body.items.find((i) => i.clientId === 'finding')!.feature.positionables_id;

    const now = await read(inspection1.id);
    expect(now.map((f) => f.positionables_id).sort()).toEqual(
      [fenceId, noteFeatureId, findingFeatureId].sort(),
    );
    const fence = now.find((f) => f.positionables_id === fenceId)!;
    expect(fence).toMatchObject({ position_x: 150, version: 1, start_inspection_id: inspection1.id });
    expect(fence.geometry.points).toEqual(moved);
    expect(now.find((f) => f.positionables_id === findingFeatureId)!.source).toMatchObject({
      name: `CA #${finding.body.number}`,
      detail: 'North outfall',
      deleted: false,
    });

    const baseline = await read('baseline');
    expect(baseline.map((f) => f.positionables_id).sort()).toEqual([fenceId, lineId, noteFeatureId].sort());
    expect(baseline.find((f) => f.positionables_id === fenceId)!.geometry.points).toEqual(polygon);
    expect(baseline.find((f) => f.positionables_id === lineId)!.end_inspection_id).toBe(inspection1.id);
  });

  it('refuses a stale version with 409 naming the feature, and writes nothing', async () => {
    const before = await read(inspection1.id);
    const stale = await save(inspection1.id, [
      {
        clientId: 'new-one',
        positionable_id: sediment.id,
        positionable_type: 'pollutant',
        position_x: 30,
        position_y: 30,
        geometry: { type: 'point' },
      },
      {
        positionables_id: fenceId,
        positionable_id: siltFence.id,
        positionable_type: 'control_measure',
        position_x: 10,
        position_y: 10,
        geometry: { type: 'polygon', points: polygon },
        version: 0,
      },
    ]);
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: MAP_MESSAGES.stale([names.siltFence]) });
    expect(await read(inspection1.id)).toEqual(before);
  });

  it('refuses sources of another project', async () => {
    const other = await inspectedSite(db, NORTH, {
      clientName: 'Other map client',
      projectName: 'Other mapped site',
      location: 'Other gate',
      createdBy: 'map-features test',
    });
    const foreignFinding = await save(inspection1.id, [
      {
        positionable_id: other.finding.id,
        positionable_type: 'findings',
        position_x: 40,
        position_y: 40,
        geometry: { type: 'point' },
      },
    ]);
    expect(foreignFinding.status).toBe(404);
    expect(foreignFinding.body).toEqual({ message: 'Finding not found' });
    const otherItem = await api<{ id: string }>(`/api/projects/${other.project.id}/legend-items`, 'POST', {
      name: `Other fence ${tag()}`,
      type: 'control_measure',
    });
    expect(otherItem.status).toBe(201);
    const foreignItem = await save(inspection1.id, [
      {
        positionable_id: otherItem.body.id,
        positionable_type: 'control_measure',
        position_x: 40,
        position_y: 40,
        geometry: { type: 'point' },
      },
    ]);
    expect(foreignItem.status).toBe(404);
    expect(foreignItem.body).toEqual({ message: 'Legend item not found' });
    const wrongType = await save(inspection1.id, [
      {
        positionable_id: sediment.id,
        positionable_type: 'control_measure',
        position_x: 40,
        position_y: 40,
        geometry: { type: 'point' },
      },
    ]);
    expect(wrongType.status).toBe(400);
  });

  it('opens the map by its page GUID with the last save, its neighbour and the inspections that use it', async () => {
    const opened = await api<{
      id: string;
      name: string;
      width: number;
      image: { url: string };
      preview: { url: string };
      previous: unknown;
      next: { id: string } | null;
      lastSaved: { at: string; by: string } | null;
    }>(`/api/projects/${projectId}/sitemaps/${map.pages[0]!.guid}?inspectionId=${inspection1.id}`);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body).toMatchObject({
      id: mapId,
      name: map.doc.name,
      width: 2000,
      previous: null,
      next: { id: map.pages[1]!.siteMapId },
      lastSaved: { by: adminName },
    });
    expect(opened.body.image.url).toMatch(/^http/);
    // The divisions-prefixed form names the map id; a page that is not a site map is refused.
    expect((await api(`/api/projects/${projectId}/sitemaps/${map.pages[1]!.siteMapId}`)).status).toBe(200);
    const missing = await api(`/api/projects/${projectId}/sitemaps/${map.doc.id}_9`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: MAP_MESSAGES.notSiteMap });
  });

  it('closes inspection 1’s map once it is certified or a later one starts; inspection 2 keeps its features', async () => {
    await answerInFull(api, inspection1.id);
    await signInspection(api, inspection1.id);
    const started = await api<{ id: string; number: number }>('/api/inspections', 'POST', {
      projectId,
      type: 'Routine',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    inspection2 = started.body;
    const closed = await save(inspection1.id, [
      {
        positionable_id: sediment.id,
        positionable_type: 'pollutant',
        position_x: 30,
        position_y: 30,
        geometry: { type: 'point' },
      },
    ]);
    // Signed: read-only unless the project awaits its compliance signature; then the later one closes it.
    const detail = await api<{ project: { inspection_compliance_required: boolean } }>(
      `/api/inspections/${inspection1.id}`,
    );
    expect(closed.status).toBe(403);
    expect(closed.body).toEqual({
      message: detail.body.project.inspection_compliance_required
        ? MAP_MESSAGES.laterInspection
        : MAP_MESSAGES.certified,
    });

    expect((await read(inspection2.id)).map((f) => f.positionables_id).sort()).toEqual(
      [fenceId, noteFeatureId, findingFeatureId].sort(),
    );
    // Removing the finding in inspection 2 (DELETE with the version read) leaves inspection 1's map.
    const removed = await api(
      `/api/positionables/${findingFeatureId}?inspectionId=${inspection2.id}&version=0`,
      'DELETE',
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await read(inspection2.id)).map((f) => f.positionables_id)).not.toContain(findingFeatureId);
    expect((await read(inspection1.id)).map((f) => f.positionables_id)).toContain(findingFeatureId);
    const again = await api(
      `/api/positionables/${findingFeatureId}?inspectionId=${inspection2.id}&version=0`,
      'DELETE',
    );
    expect(again.status).toBe(404);

    const inspections = await api<{ pageData: { id: string; number: number; editable: boolean }[] }>(
      `/api/projects/${projectId}/sitemaps/${mapId}/inspections`,
    );
    expect(inspections.status).toBe(200);
    expect(inspections.body.pageData.map((i) => [i.number, i.editable])).toEqual([
      [inspection2.number, true],
      [inspection1.number, false],
    ]);
  });

  it('lets the public account read the map only once the project is public, and never save', async () => {
    const publicToken = await tokenFor('public@example.com');
    const asPublic = (path: string, method = 'GET', body?: unknown) =>
      call<{ pageData?: Feature[]; message?: string }>(path, {
        method,
        token: publicToken,
        divisionId: NORTH,
        body,
      });
    const hidden = await asPublic(positionables(inspection2.id));
    expect(hidden.status).toBe(404);
    expect((await api(`/api/projects/${projectId}/public`, 'PUT')).status).toBe(200);
    const shown = await asPublic(positionables(inspection2.id));
    expect(shown.status).toBe(200);
    expect(shown.body.pageData!.map((f) => f.positionables_id).sort()).toEqual(
      [fenceId, noteFeatureId].sort(),
    );
    expect(
      (await asPublic(`/api/projects/${projectId}/sitemaps/${mapId}?inspectionId=${inspection2.id}`)).status,
    ).toBe(200);
    const write = await asPublic(`${positionables(inspection2.id)}/update`, 'PUT', { items: [] });
    expect(write.status).toBe(403);
    expect(write.body).toEqual({ message: 'The public view is read-only' });
  });

  it('refuses a Client User’s save, and every save once the project is archived', async () => {
    const clientUser = await tokenFor('client.user@example.com');
    const refused = await call(`${positionables(inspection2.id)}/update`, {
      method: 'PUT',
      token: clientUser,
      divisionId: NORTH,
      body: {
        items: [
          {
            positionable_id: sediment.id,
            positionable_type: 'pollutant',
            position_x: 1,
            position_y: 1,
            geometry: { type: 'point' },
          },
        ],
      },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Your role does not allow all on Map Drawing' });

    const archived = await api(`/api/divisions/${NORTH}/projects/archive/${projectId}`, 'POST');
    expect(archived.status, JSON.stringify(archived.body)).toBe(200);
    const closed = await save(inspection2.id, [
      {
        positionable_id: sediment.id,
        positionable_type: 'pollutant',
        position_x: 30,
        position_y: 30,
        geometry: { type: 'point' },
      },
    ]);
    expect(closed.status).toBe(403);
    expect(closed.body).toEqual({ message: MAP_MESSAGES.archived });
    // Reading still works on an archived project.
    expect((await read(inspection2.id)).length).toBe(2);
  });
});

describe('the demo', () => {
  let demo: { projectId: string; docId: string; mapId: string };
  const demoOwner = () => ({
    kind: 'project' as const,
    divisionId: NORTH,
    projectId: demo.projectId,
    docTypeId: SITE_MAP_DOC_TYPE_ID,
  });

  beforeAll(async () => {
    // The seed's first North project (by name, as the projects list orders them), of either region.
    const names = [...demoProjectNames('US', NORTH), ...demoProjectNames('UK', NORTH)].sort((a, b) =>
      a.toLowerCase() < b.toLowerCase() ? -1 : 1,
    );
    let project: { id: string } | undefined;
    for (const name of names) {
      const found = await api<{ pageData: { id: string; name: string }[] }>(
        `/api/divisions/${NORTH}/projects?s=${encodeURIComponent(name)}`,
      );
      project = found.body.pageData.find((p) => p.name === name);
      if (project) break;
    }
    demo = { projectId: project!.id, docId: '', mapId: '' };
    const [doc] = (await listDocuments(db, demoOwner(), { pageSize: 1 })).items;
    demo = { projectId: project!.id, docId: doc!.id, mapId: siteMapId(doc!.id, 1) };
  });

  it('has a polygon, a line, a note and a finding on the first North project’s first site map', async () => {
    const features = await standingFeaturesOfMap(db, NORTH, demo.mapId);
    expect(features.map((f) => [f.type, f.geometry.type]).sort()).toEqual([
      ['commentables', 'point'],
      ['control_measure', 'line'],
      ['control_measure', 'polygon'],
      ['findings', 'point'],
    ]);
  });

  it('converted as `npm start` does, the map stands for every inspection; today’s is open and the inspector edits it', async () => {
    const admin = await tokenFor('admin@example.com');
    const inspector = await tokenFor('inspector@example.com');
    const as = <T>(token: string, path: string, method = 'GET', body?: unknown) =>
      call<T>(path, { method, token, divisionId: NORTH, body });
    // The runtime of the tests does not convert the demo's site maps: convert this one as
    // convertDemoSiteMaps does, then date its listing before the first inspection.
    // (report-plans.test.ts needs it too: whichever file comes first converts it, the other waits.)
    await convertDemoSiteMap(await productDeps(), await getDocument(db, demoOwner(), demo.docId));
    expect((await getConversion(db, NORTH, demo.docId))?.status).toBe('done');

    const inspections = await as<{ pageData: { id: string; number: number }[] }>(
      admin,
      `/api/projects/${demo.projectId}/inspections`,
    );
    const numbers = inspections.body.pageData.map((i) => i.number).sort((a, b) => a - b);
    expect(numbers[0]).toBe(1);
    const latest = inspections.body.pageData.find((i) => i.number === numbers.at(-1))!;
    const first = inspections.body.pageData.find((i) => i.number === 1)!;

    // Inspection #1's Map tab shows the page, as the latest's does.
    for (const inspection of [first, latest]) {
      const tab = await as<{ pageData: unknown[] }>(
        admin,
        `/api/projects/${demo.projectId}/inspections/${inspection.id}/uploads`,
      );
      expect(tab.status, JSON.stringify(tab.body)).toBe(200);
      expect(tab.body.pageData.length).toBe(1);
    }
    // The editor's selector: every inspection uses the map, only today's may change it.
    const selector = await as<{ pageData: { id: string; number: number; editable: boolean }[] }>(
      admin,
      `/api/projects/${demo.projectId}/sitemaps/${demo.mapId}/inspections`,
    );
    expect(selector.body.pageData.map((i) => i.number).sort((a, b) => a - b)).toEqual(numbers);
    expect(selector.body.pageData.filter((i) => i.editable).map((i) => i.id)).toEqual([latest.id]);

    // Today's map: the baseline's features and the finding; the inspector moves the finding.
    const path = `/api/positionables/project_uploads/${demo.mapId}/${latest.id}/all`;
    const shown = await as<{ pageData: Feature[] }>(inspector, path);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    const finding = shown.body.pageData.find((f) => f.positionable_type === 'findings')!;
    expect(finding.start_inspection_id).toBe(latest.id);
    expect(shown.body.pageData.length).toBe(4);
    const move = (x: number, version: number) =>
      as<Saved>(inspector, `${path}/update`, 'PUT', {
        items: [
          {
            positionables_id: finding.positionables_id,
            positionable_id: finding.positionable_id,
            positionable_type: 'findings',
            position_x: x,
            position_y: 1500,
            geometry: { type: 'point' },
            version,
          },
        ],
      });
    const moved = await move(1350, finding.version);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // Put back where the seed left it.
    expect((await move(1300, moved.body.items[0]!.feature.version)).status).toBe(200);
  });
});
