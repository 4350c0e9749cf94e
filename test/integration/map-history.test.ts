import { randomBytes } from 'node:crypto';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectOwnerStep, removeDocument } from '@stormline/data/documents';
import { deleteMapNote, getMapNote } from '@stormline/data/map-notes';
import type { Db } from '@stormline/data/dynamo';
import { markMapsFreezing, standingFeatures } from '@stormline/data/map-features';
import { markDocumentPagesDeleted } from '@stormline/data/site-maps';
import { localDate } from '@stormline/domain/local-date';
import { MAP_LIMITS, MAP_MESSAGES } from '@stormline/domain/map-features';
import { call, NORTH } from '../support/api';
import { eventually } from '../support/eventually';
import { answerInFull, type ApiAs } from '../support/inspection-walk';
import { createRoutineProject } from '../support/routine-project';
import { productDeps } from '../support/runtime';
import { convertedSiteMap, reconvertedSiteMap } from '../support/site-maps';
import { testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';

/**
 * Review 21's findings on the map editor's server, as regression tests (docs/decisions/0041): a
 * certified inspection's map shows what was signed (frozen at certification, live again when
 * reopened); a site map document, legend item, note or finding is not deleted from under a standing
 * feature, and a removal works on a removed document's map; the one-note rule and a large save read
 * by count and by key; a source deleted while a save places it refuses the save.
 */

const db = testTable();
afterAll(() => db.doc.destroy());
const tag = () => randomBytes(3).toString('hex');
const ZONE = 'Europe/London';

interface Feature {
  positionables_id: string;
  positionable_id: string;
  positionable_type: string;
  version: number;
  source: {
    name: string;
    detail: string | null;
    deleted: boolean;
    map_symbol: { editor?: number; line?: { strokeStyle?: string } } | null;
    scope: string | null;
  };
}
interface Saved {
  items: { clientId: string | null; feature: Feature }[];
}

let api: ApiAs;
let adminId: string;
let token: string;

async function newSite(name: string) {
  const projectId = await createRoutineProject(db, {
    name: `${name} ${tag()}`,
    clientName: `${name} client ${tag()}`,
    groupName: `${name} regs ${tag()}`,
    inspectorId: adminId,
    adminToken: token,
  });
  const map = await convertedSiteMap(db, { projectId, createdBy: adminId }, `${name} ${tag()}.pdf`, [
    { width: 2000, height: 1500 },
    { width: 2000, height: 1500 },
  ]);
  return { projectId, map, mapId: map.pages[0]!.siteMapId, map2: map.pages[1]!.siteMapId };
}
const pos = (mapId: string, ref: string) => `/api/positionables/project_uploads/${mapId}/${ref}/all`;
async function read(mapId: string, ref: string): Promise<Feature[]> {
  const r = await api<{ pageData: Feature[] }>(pos(mapId, ref));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.pageData;
}
const save = (mapId: string, ref: string, items: unknown[]) =>
  api<Saved>(`${pos(mapId, ref)}/update`, 'PUT', { items });
const pt = (x = 10, y = 10) => ({ position_x: x, position_y: y, geometry: { type: 'point' } });
const remove = (f: Feature, ref: string) =>
  api(`/api/positionables/${f.positionables_id}?inspectionId=${ref}&version=${f.version}`, 'DELETE');

async function newNote(projectId: string, title: string) {
  const note = await api<{ id: string; version: number }>(`/api/projects/${projectId}/map-notes`, 'POST', {
    title,
    content: `${title} content`,
  });
  expect(note.status).toBe(201);
  return note.body;
}
async function newProjectItem(projectId: string, name: string) {
  const item = await api<{ id: string; version: number }>(`/api/projects/${projectId}/legend-items`, 'POST', {
    name,
    type: 'control_measure',
  });
  expect(item.status).toBe(201);
  return item.body;
}
async function newInspection(projectId: string) {
  const created = await api<{ id: string }>('/api/inspections', 'POST', { projectId, type: 'Routine' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}
/**
 * Certifies an inspection so it can no longer change: the inspection group and, when the project
 * requires it, compliance (whichever lines are not yet signed).
 */
async function certify(inspectionId: string): Promise<void> {
  const cert = await api<{
    signatureGroups: { group: string; lines: { type: string }[] }[];
    userSignatures: { group: string; lineType: string }[];
    today: string;
  }>(`/api/inspections/${inspectionId}/cert`);
  for (const group of cert.body.signatureGroups.filter((g) => g.group !== 'acknowledgement'))
    for (const line of group.lines)
      if (!cert.body.userSignatures.some((s) => s.group === group.group && s.lineType === line.type)) {
        const signed = await api(`/api/inspections/${inspectionId}/cert/${group.group}`, 'POST', {
          lineType: line.type,
          date: cert.body.today,
        });
        expect(signed.status, JSON.stringify(signed.body)).toBe(200);
      }
}

const shown = (features: Feature[]) =>
  features
    .map(
      (f) =>
        `${f.positionable_type}: ${f.source.name} / ${f.source.detail ?? '-'}${f.source.deleted ? ' (deleted)' : ''}`,
    )
    .sort();

beforeAll(async () => {
  const admin = await createTestUser('Admin', [NORTH]);
  adminId = admin.id;
  token = await signInAs(admin);
  api = (path, method = 'GET', body) => call(path, { method, token, divisionId: NORTH, body });
  expect(
    (await call(`/api/users/${admin.id}/signature_authorization/agree`, { method: 'POST', token })).status,
  ).toBe(200);
});

describe('a certified inspection’s map shows what was signed (review 21 A)', () => {
  it('keeps the signed names and texts when a note, project legend item and Map Legend item change later', async () => {
    const { projectId, mapId } = await newSite('History');
    const note = await newNote(projectId, 'Signed title');
    const item = await newProjectItem(projectId, 'Signed fence');
    const divisionName = `Div fence ${tag()}`;
    const division = await api<{ id: string; version: number }>('/api/legend-items', 'POST', {
      name: divisionName,
      type: 'control_measure',
      groups: [],
    });
    expect(division.status).toBe(201);
    const i1 = await newInspection(projectId);
    const placed = await save(mapId, i1.id, [
      { ...pt(), positionable_id: note.id, positionable_type: 'commentables' },
      { ...pt(20, 20), positionable_id: item.id, positionable_type: 'control_measure' },
      { ...pt(30, 30), positionable_id: division.body.id, positionable_type: 'control_measure' },
    ]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    await answerInFull(api, i1.id);
    await certify(i1.id);
    const i2 = await newInspection(projectId);
    const signed = shown(await read(mapId, i1.id));
    expect(signed).toEqual([
      `commentables: Signed title / Signed title content`,
      `control_measure: ${divisionName} / -`,
      'control_measure: Signed fence / -',
    ]);

    expect(
      (
        await api(`/api/projects/${projectId}/map-notes/${note.id}`, 'PUT', {
          title: 'Rewritten',
          content: 'Not what was signed',
          version: note.version,
        })
      ).status,
    ).toBe(200);
    const renamed = await api(`/api/projects/${projectId}/legend-items/${item.id}`, 'PUT', {
      name: 'Renamed fence',
      type: 'control_measure',
      map_symbol: { line: { strokeStyle: 'tick', tickHeight: 4 } },
      version: item.version,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const divisionRenamed = await api('/api/legend-items/' + division.body.id, 'PUT', {
      name: `${divisionName} renamed`,
      type: 'control_measure',
      groups: [],
      map_symbol: null,
      version: division.body.version,
    });
    expect(divisionRenamed.status, JSON.stringify(divisionRenamed.body)).toBe(200);

    // The signed map is as it was; the open inspection 2 shows the sources as they are now.
    expect(shown(await read(mapId, i1.id))).toEqual(signed);
    expect(shown(await read(mapId, i2.id))).toEqual([
      'commentables: Rewritten / Not what was signed',
      `control_measure: ${divisionName} renamed / -`,
      'control_measure: Renamed fence / -',
    ]);
    const fence = (await read(mapId, i1.id)).find((f) => f.positionable_id === item.id)!;
    expect(fence.source.map_symbol?.line?.strokeStyle).not.toBe('tick');
  });

  it('refuses deleting a Map Legend item and changing a project legend item’s type while they stand on a map', async () => {
    const { projectId, mapId } = await newSite('Typed');
    const item = await newProjectItem(projectId, 'Typed fence');
    const division = await api<{ id: string; version: number }>('/api/legend-items', 'POST', {
      name: `Typed div ${tag()}`,
      type: 'control_measure',
      groups: [],
    });
    const placed = await save(mapId, 'baseline', [
      { ...pt(), positionable_id: item.id, positionable_type: 'control_measure' },
      { ...pt(20, 20), positionable_id: division.body.id, positionable_type: 'control_measure' },
    ]);
    expect(placed.status).toBe(200);

    const retyped = await api(`/api/projects/${projectId}/legend-items/${item.id}`, 'PUT', {
      name: 'Typed fence',
      type: 'pollutant',
      map_symbol: null,
      version: item.version,
    });
    expect(retyped.status).toBe(409);
    expect((retyped.body as { message: string }).message).toMatch(/its type cannot change/);
    const divisionRetyped = await api(`/api/legend-items/${division.body.id}`, 'PUT', {
      name: 'Typed div',
      type: 'pollutant',
      groups: [],
      map_symbol: null,
      version: division.body.version,
    });
    expect(divisionRetyped.status).toBe(409);
    const gone = await api(`/api/legend-items/${division.body.id}`, 'DELETE');
    expect(gone.status).toBe(409);
    expect((gone.body as { message: string }).message).toBe(MAP_MESSAGES.standsOnMap);
    expect(shown(await read(mapId, 'baseline'))).toHaveLength(2);

    // Removed from the map, both may change and go.
    for (const f of placed.body.items) expect((await remove(f.feature, 'baseline')).status).toBe(200);
    expect(
      (
        await api(`/api/projects/${projectId}/legend-items/${item.id}`, 'PUT', {
          name: 'Typed fence',
          type: 'pollutant',
          map_symbol: null,
          version: item.version,
        })
      ).status,
    ).toBe(200);
    expect((await api(`/api/legend-items/${division.body.id}`, 'DELETE')).status).toBe(200);
  });

  it('reads the live sources again once the inspection is reopened, and freezes them anew when it is certified again', async () => {
    const { projectId, mapId } = await newSite('Reopened');
    let note = await newNote(projectId, 'First');
    const i1 = await newInspection(projectId);
    expect(
      (await save(mapId, i1.id, [{ ...pt(), positionable_id: note.id, positionable_type: 'commentables' }]))
        .status,
    ).toBe(200);
    await answerInFull(api, i1.id);
    await certify(i1.id);
    const rewrite = async (title: string) => {
      const r = await api<{ id: string; version: number }>(
        `/api/projects/${projectId}/map-notes/${note.id}`,
        'PUT',
        {
          title,
          content: `${title} content`,
          version: note.version,
        },
      );
      expect(r.status).toBe(200);
      note = r.body;
    };
    const noteOnMap = async () => (await read(mapId, i1.id))[0]!.source.name;

    await rewrite('Second');
    expect(await noteOnMap()).toBe('First');
    expect((await api(`/api/inspections/${i1.id}/open`, 'POST')).status).toBe(200);
    expect(await noteOnMap()).toBe('Second');
    await certify(i1.id);
    await rewrite('Third');
    expect(await noteOnMap()).toBe('Second');
  });
});

describe('nothing is deleted from under a standing feature (review 21 B)', () => {
  it('refuses deleting the site map document while features stand on its maps', async () => {
    const { projectId, map, mapId } = await newSite('Stranded');
    const note = await newNote(projectId, 'N');
    const placed = await save(mapId, 'baseline', [
      { ...pt(), positionable_id: note.id, positionable_type: 'commentables' },
    ]);
    expect(placed.status).toBe(200);
    const refused = await api(`/api/projects/${projectId}/uploads/${map.doc.id}`, 'DELETE');
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toBe(MAP_MESSAGES.featuresOnMap);
    expect((await api(`/api/projects/${projectId}/map-notes/${note.id}`, 'DELETE')).status).toBe(409);

    expect((await remove(placed.body.items[0]!.feature, 'baseline')).status).toBe(200);
    expect((await api(`/api/projects/${projectId}/uploads/${map.doc.id}`, 'DELETE')).status).toBe(200);
    expect((await api(`/api/projects/${projectId}/map-notes/${note.id}`, 'DELETE')).status).toBe(200);
  });

  it('refuses placing or changing a feature on a removed document’s page, and removes one stranded there in a later inspection (review 21 X3)', async () => {
    const { projectId, map, mapId } = await newSite('Removed doc');
    const note = await newNote(projectId, 'Late note');
    const item = await newProjectItem(projectId, 'Late fence');
    const i1 = await newInspection(projectId);
    const placed = await save(mapId, i1.id, [
      { ...pt(), positionable_id: note.id, positionable_type: 'commentables' },
    ]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    // Stranded: the document goes while the note stands on its page (as a save racing the delete
    // could leave it before the delete was conditioned on the document's count), through the data
    // layer, which the route's rule does not guard.
    await removeDocument(db, map.doc.owner, map.doc.id, projectOwnerStep(db, NORTH, projectId));
    await markDocumentPagesDeleted(db, NORTH, map.doc.id, new Date());

    // Its page stood for inspection 1, but it no longer stands: nothing new is placed or moved there.
    const refused = await save(mapId, i1.id, [
      { ...pt(), positionable_id: item.id, positionable_type: 'control_measure' },
    ]);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect((refused.body as unknown as { message: string }).message).toBe(MAP_MESSAGES.mapRemoved);
    const old = placed.body.items[0]!.feature;
    const moved = await save(mapId, i1.id, [
      {
        ...pt(60, 60),
        positionables_id: old.positionables_id,
        positionable_id: note.id,
        positionable_type: 'commentables',
        version: old.version,
      },
    ]);
    expect(moved.status).toBe(409);
    expect((moved.body as unknown as { message: string }).message).toBe(MAP_MESSAGES.mapRemoved);

    await answerInFull(api, i1.id);
    await certify(i1.id);
    const i2 = await newInspection(projectId);
    const [standing] = await read(mapId, i2.id);
    expect(standing?.positionable_id).toBe(note.id);
    const removed = await remove(standing!, i2.id);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await read(mapId, i2.id)).toEqual([]);
    expect((await api(`/api/projects/${projectId}/map-notes/${note.id}`, 'DELETE')).status).toBe(200);
    expect(shown(await read(mapId, i1.id))).toEqual(['commentables: Late note / Late note content']);
  });

  it('X10: never lets a save and the document’s delete both succeed when they race', async () => {
    for (let trial = 0; trial < 8; trial++) {
      const { projectId, map, mapId } = await newSite(`Delete race ${trial}`);
      const item = await newProjectItem(projectId, 'Fence');
      const [deleted, placed] = await Promise.all([
        (async () => {
          await new Promise((r) => setTimeout(r, trial * 2));
          return api(`/api/projects/${projectId}/uploads/${map.doc.id}`, 'DELETE');
        })(),
        save(mapId, 'baseline', [
          { ...pt(), positionable_id: item.id, positionable_type: 'control_measure' },
        ]),
      ]);
      expect([deleted.status, placed.status].sort()).toEqual([200, 409]);
      const message = (deleted.status === 409 ? deleted.body : placed.body) as { message: string };
      expect([MAP_MESSAGES.featuresOnMap, MAP_MESSAGES.mapRemoved]).toContain(message.message);
      // Whichever won, the legend item is not left standing on a map no one can open.
      const standing = await read(mapId, 'baseline');
      expect(standing.length).toBe(placed.status === 200 ? 1 : 0);
    }
  });

  it('refuses deleting a finding that stands on a map', async () => {
    const { projectId, mapId } = await newSite('Finding');
    const i1 = await newInspection(projectId);
    const finding = await api<{ id: string }>(`/api/inspections/${i1.id}/findings`, 'POST', {
      finding_type_id: 'ca',
      location: 'By the gate',
      date_initiated: localDate(ZONE, new Date()),
    });
    expect(finding.status).toBe(201);
    const placed = await save(mapId, i1.id, [
      { ...pt(), positionable_id: finding.body.id, positionable_type: 'findings' },
    ]);
    expect(placed.status).toBe(200);
    const refused = await api(`/api/findings/${finding.body.id}`, 'DELETE', { note: 'Raised in error.' });
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toBe(MAP_MESSAGES.standsOnMap);
    expect((await read(mapId, i1.id))[0]?.source.deleted).toBe(false);
    expect((await remove(placed.body.items[0]!.feature, i1.id)).status).toBe(200);
    expect(
      (await api(`/api/findings/${finding.body.id}`, 'DELETE', { note: 'Raised in error.' })).status,
    ).toBe(200);
  });
});

describe('signing freezes the map, whatever the compliance option does later (final review 21 X1, X2)', () => {
  /** A Delaware project, whose compliance certification is optional: required here. */
  async function complianceSite(name: string) {
    const projectId = await createRoutineProject(db, {
      name: `${name} ${tag()}`,
      clientName: `${name} client ${tag()}`,
      groupName: `${name} regs ${tag()}`,
      inspectorId: adminId,
      adminToken: token,
      templateId: 'delaware',
      complianceRequired: true,
    });
    const map = await convertedSiteMap(db, { projectId, createdBy: adminId }, `${name} ${tag()}.pdf`, [
      { width: 2000, height: 1500 },
    ]);
    return { projectId, mapId: map.pages[0]!.siteMapId };
  }
  /** Signs every line of the inspection group only: certified, compliance still to come. */
  async function certifyInspectionGroup(inspectionId: string) {
    const cert = await api<{
      signatureGroups: { group: string; lines: { type: string }[] }[];
      today: string;
    }>(`/api/inspections/${inspectionId}/cert`);
    const group = cert.body.signatureGroups.find((g) => g.group === 'inspection')!;
    for (const line of group.lines) {
      const signed = await api(`/api/inspections/${inspectionId}/cert/inspection`, 'POST', {
        lineType: line.type,
        date: cert.body.today,
      });
      expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    }
  }
  async function setComplianceRequired(projectId: string, required: boolean) {
    const got = await api<{
      name: string;
      inspector_user_id: string;
      address: { latitude: number; longitude: number };
      routine_interval: number;
      timezone: string;
      start_date: string;
      next_inspection_date: string;
      version: number;
    }>(`/api/projects/${projectId}`);
    expect(got.status).toBe(200);
    const p = got.body;
    const updated = await api(`/api/projects/${projectId}`, 'PUT', {
      name: p.name,
      inspector_user_id: p.inspector_user_id,
      latitude: p.address.latitude,
      longitude: p.address.longitude,
      routine_interval: p.routine_interval,
      timezone: p.timezone,
      start_date: p.start_date,
      next_inspection_date: p.next_inspection_date,
      inspection_compliance_required: required,
      version: p.version,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  }

  it('keeps what was signed when the compliance option is switched off after the certification', async () => {
    const { projectId, mapId } = await complianceSite('Toggle');
    const note = await newNote(projectId, 'Signed title');
    const i1 = await newInspection(projectId);
    const placed = await save(mapId, i1.id, [
      { ...pt(), positionable_id: note.id, positionable_type: 'commentables' },
    ]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    await answerInFull(api, i1.id);
    await certifyInspectionGroup(i1.id);
    // Awaiting compliance, the map still changes.
    expect(
      (
        await save(mapId, i1.id, [
          {
            ...pt(60, 60),
            positionable_id: (await newProjectItem(projectId, 'Fence')).id,
            positionable_type: 'control_measure',
          },
        ])
      ).status,
    ).toBe(200);

    await setComplianceRequired(projectId, false);
    const refused = await save(mapId, i1.id, [
      {
        ...pt(70, 70),
        positionable_id: (await newProjectItem(projectId, 'Late')).id,
        positionable_type: 'control_measure',
      },
    ]);
    expect(refused.status).toBe(403);
    const signedMap = shown(await read(mapId, i1.id));
    expect(signedMap).toContain('commentables: Signed title / Signed title content');
    const edited = await api(`/api/projects/${projectId}/map-notes/${note.id}`, 'PUT', {
      title: 'Rewritten',
      content: 'Not what was signed',
      version: note.version,
    });
    expect(edited.status).toBe(200);
    expect(shown(await read(mapId, i1.id))).toEqual(signedMap);
  });

  it('refuses a save while a signature freezes the maps, and lets saves go once it is written', async () => {
    const { projectId, mapId } = await complianceSite('Freezing');
    const item = await newProjectItem(projectId, 'Inlet');
    const i1 = await newInspection(projectId);
    const place = (x: number) =>
      save(mapId, i1.id, [{ ...pt(x, x), positionable_id: item.id, positionable_type: 'control_measure' }]);
    expect((await place(10)).status).toBe(200);
    // A freeze under way (as signFreezingMaps marks it): the save is refused, nothing written.
    await markMapsFreezing(db, NORTH, i1.id, { at: new Date() });
    const refused = await place(20);
    expect(refused.status).toBe(409);
    expect((refused.body as unknown as { message: string }).message).toBe(MAP_MESSAGES.beingSigned);
    expect(await read(mapId, i1.id)).toHaveLength(1);
    // A mark left by a crash lapses.
    await markMapsFreezing(db, NORTH, i1.id, { at: new Date(Date.now() - 3 * 60_000) });
    expect((await place(30)).status).toBe(200);
    // A signature clears its own mark: awaiting compliance, the map changes again at once.
    await answerInFull(api, i1.id);
    await certifyInspectionGroup(i1.id);
    expect((await place(40)).status).toBe(200);
    expect(await read(mapId, i1.id)).toHaveLength(3);
  });
});

describe('a file replaced, an inspection deleted: nothing placed is lost', () => {
  interface SiteMapRow {
    id: string;
    pages: { page: number }[];
    pagesNotInFile: { page: number; features: number }[];
  }
  const siteMapsOf = async (projectId: string) => {
    const r = await api<{ pageData: SiteMapRow[] }>(`/api/projects/${projectId}/site-maps`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.pageData;
  };

  it('says which pages of a file replaced by a shorter one hold features, and shows them again with a longer one', async () => {
    const { projectId, map, map2 } = await newSite('Shorter file');
    const note = await newNote(projectId, 'Page two note');
    const item = await newProjectItem(projectId, 'Page two fence');
    expect(
      (
        await save(map2, 'baseline', [
          { ...pt(), positionable_id: note.id, positionable_type: 'commentables' },
          { ...pt(40, 40), positionable_id: item.id, positionable_type: 'control_measure' },
        ])
      ).status,
    ).toBe(200);
    expect((await siteMapsOf(projectId)).find((r) => r.id === map.doc.id)?.pagesNotInFile).toEqual([]);

    await reconvertedSiteMap(db, { projectId, createdBy: adminId }, map.doc, [{ width: 2000, height: 1500 }]);
    const shorter = (await siteMapsOf(projectId)).find((r) => r.id === map.doc.id)!;
    expect(shorter.pages.map((p) => p.page)).toEqual([1]);
    // The byParent index the notice reads is eventually consistent.
    await eventually(
      async () => (await siteMapsOf(projectId)).find((r) => r.id === map.doc.id)?.pagesNotInFile,
      (lost) => expect(lost).toEqual([{ page: 2, features: 2 }]),
    );
    // Kept, not deleted: the features still stand on page 2's map.
    const kept = await read(map2, 'baseline');
    expect(shown(kept)).toHaveLength(2);
    // Nothing new goes on a page the file lacks; what stands there can be taken off.
    const refused = await save(map2, 'baseline', [
      { ...pt(80, 80), positionable_id: item.id, positionable_type: 'control_measure' },
    ]);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect((refused.body as unknown as { message: string }).message).toBe(MAP_MESSAGES.pageNotInFile);

    await reconvertedSiteMap(db, { projectId, createdBy: adminId }, map.doc, [
      { width: 2000, height: 1500 },
      { width: 2000, height: 1500 },
    ]);
    const longer = (await siteMapsOf(projectId)).find((r) => r.id === map.doc.id)!;
    expect(longer.pages.map((p) => p.page)).toEqual([1, 2]);
    expect(longer.pagesNotInFile).toEqual([]);
  });

  it('keeps what a deleted inspection placed: the site has it, so the next inspection’s map shows it', async () => {
    const { projectId, mapId } = await newSite('Deleted inspection');
    const item = await newProjectItem(projectId, 'Inlet protection');
    const first = await newInspection(projectId);
    const placed = await save(mapId, first.id, [
      { ...pt(), positionable_id: item.id, positionable_type: 'control_measure' },
    ]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect((await api(`/api/inspections/${first.id}`, 'DELETE')).status).toBe(200);

    const next = await newInspection(projectId);
    const [standing] = await read(mapId, next.id);
    expect(standing?.positionable_id).toBe(item.id);
    // And it can be changed there like any feature the inspection inherited.
    expect((await remove(standing!, next.id)).status).toBe(200);
    expect(await read(mapId, next.id)).toEqual([]);
  });
});

describe('odd inputs (review 21 C)', () => {
  it('answers 404 for another map’s feature and a page the document never had; 400 for a circle off the image and too many points', async () => {
    const { projectId, mapId, map2 } = await newSite('Odd');
    const item = await newProjectItem(projectId, 'F');
    const circle = await save(mapId, 'baseline', [
      {
        position_x: 5,
        position_y: 5,
        geometry: { type: 'circle', radius: 100000 },
        positionable_id: item.id,
        positionable_type: 'control_measure',
      },
    ]);
    expect(circle.status).toBe(400);
    expect((circle.body as unknown as { message: string }).message).toBe(MAP_MESSAGES.offMap);
    const onOther = await save(map2, 'baseline', [
      { ...pt(), positionable_id: item.id, positionable_type: 'control_measure' },
    ]);
    const otherId = onOther.body.items[0]!.feature.positionables_id;
    const cross = await save(mapId, 'baseline', [
      {
        ...pt(),
        positionables_id: otherId,
        version: 0,
        positionable_id: item.id,
        positionable_type: 'control_measure',
      },
    ]);
    expect(cross.status).toBe(404);
    expect((cross.body as unknown as { message: string }).message).toBe('Feature not found');
    const badPage = await api(pos(`${map2.split('_')[0]}_99`, 'baseline'));
    expect(badPage.status).toBe(404);
    const line = (n: number) => ({
      ...pt(),
      geometry: { type: 'line', points: Array.from({ length: n }, (_, i) => [i % 2000, 5]) },
      positionable_id: item.id,
      positionable_type: 'control_measure',
    });
    const huge = await save(
      mapId,
      'baseline',
      Array.from({ length: MAP_LIMITS.pointsPerSave / MAP_LIMITS.vertices + 1 }, () =>
        line(MAP_LIMITS.vertices),
      ),
    );
    expect(huge.status).toBe(400);
    expect(JSON.stringify(huge.body)).toContain(MAP_MESSAGES.tooManyPoints);
  });
});

/** A Db whose reads count the rows DynamoDB read for them (Query's ScannedCount, BatchGet's items). */
function counting(base: Db) {
  const counter = { rows: 0 };
  const send = base.doc.send.bind(base.doc) as (c: unknown) => Promise<Record<string, unknown>>;
  const doc = {
    send: async (cmd: unknown) => {
      const out = await send(cmd);
      if (cmd instanceof QueryCommand) counter.rows += (out.ScannedCount as number | undefined) ?? 0;
      if (cmd instanceof BatchGetCommand)
        for (const items of Object.values((out.Responses ?? {}) as Record<string, unknown[]>))
          counter.rows += items.length;
      if (cmd instanceof GetCommand) counter.rows += out.Item ? 1 : 0;
      return out;
    },
  };
  return { db: { ...base, doc } as unknown as Db, counter };
}

const caller = async () => {
  const { roleByName, grantsOf } = await import('@stormline/domain/roles');
  const role = roleByName('Admin');
  return {
    user: { id: adminId, first_name: 'Race', last_name: 'A', email: 'a@example.com' },
    role,
    grants: grantsOf(role),
    token: {},
    inRequestedDivision: true,
  } as never;
};

describe('the one-note rule and large saves read by count and by key (review 21 F, G)', () => {
  it('reads only the features a save names, and no standing feature to place a note, on a map of 1500', async () => {
    const { saveMap } = await import('@stormline/functions/lib/map-save');
    const { readMap } = await import('@stormline/functions/lib/site-map-editor');
    const { projectId, mapId } = await newSite('Cost');
    const item = await newProjectItem(projectId, 'F');
    const ids: string[] = [];
    for (let k = 0; k < 3; k++) {
      const r = await save(
        mapId,
        'baseline',
        Array.from({ length: 500 }, (_, i) => ({
          ...pt(i, k),
          positionable_id: item.id,
          positionable_type: 'control_measure',
        })),
      );
      expect(r.status).toBe(200);
      ids.push(...r.body.items.map((i) => i.feature.positionables_id));
    }
    const named = counting(db);
    const found = await standingFeatures(named.db, NORTH, mapId, ids.slice(0, 26));
    expect(found.size).toBe(26);
    expect(named.counter.rows).toBeLessThanOrEqual(52);

    const deps = await productDeps();
    const ctx = await readMap(deps, await caller(), NORTH, mapId, 'baseline');
    const note = await newNote(projectId, 'Cheap');
    const measured = counting(deps.db);
    await saveMap({ ...deps, db: measured.db }, await caller(), ctx, 'project_uploads', [
      { ...pt(), positionable_id: note.id, positionable_type: 'commentables' } as never,
    ]);
    expect(measured.counter.rows).toBeLessThan(50);
  });

  it('X5: swaps the map’s note in one save of more than one transaction', async () => {
    const { projectId, mapId } = await newSite('Swap');
    const oldNote = await newNote(projectId, 'Old');
    const newNote2 = await newNote(projectId, 'New');
    const item = await newProjectItem(projectId, 'Fence');
    const first = await save(mapId, 'baseline', [
      { ...pt(), positionable_id: oldNote.id, positionable_type: 'commentables' },
    ]);
    expect(first.status).toBe(200);
    const old = first.body.items[0]!.feature;
    const fences = (y: number) =>
      Array.from({ length: 60 }, (_, i) => ({
        ...pt(100 + i, y),
        clientId: `fence-${y}-${i}`,
        positionable_id: item.id,
        positionable_type: 'control_measure',
      }));
    const items = [
      ...fences(100),
      {
        ...pt(50, 50),
        clientId: 'new-note',
        positionable_id: newNote2.id,
        positionable_type: 'commentables',
      },
      ...fences(200),
      {
        ...pt(),
        positionables_id: old.positionables_id,
        positionable_id: oldNote.id,
        positionable_type: 'commentables',
        version: old.version,
        remove: true,
      },
    ];
    const swapped = await save(mapId, 'baseline', items);
    expect(swapped.status, JSON.stringify(swapped.body).slice(0, 300)).toBe(200);
    // Answered in the order sent.
    expect(swapped.body.items.map((i) => i.clientId)).toEqual(
      items.map((i) => ('clientId' in i ? i.clientId : null)),
    );
    const now = shown(await read(mapId, 'baseline'));
    expect(now).toHaveLength(121);
    expect(now.filter((f) => f.startsWith('commentables'))).toEqual(['commentables: New / New content']);
  });

  it('X8: opens a map with reads that do not grow as its file is replaced', async () => {
    const { readMap } = await import('@stormline/functions/lib/site-map-editor');
    const { projectId, map, mapId, map2 } = await newSite('Replaced often');
    const deps = await productDeps();
    const rowsToOpen = async (id: string) => {
      const measured = counting(deps.db);
      await readMap({ ...deps, db: measured.db }, await caller(), NORTH, id, 'baseline', projectId);
      return measured.counter.rows;
    };
    const once = await rowsToOpen(mapId);
    const page = { width: 2000, height: 1500 };
    for (let i = 0; i < 4; i++)
      await reconvertedSiteMap(db, { projectId, createdBy: adminId }, map.doc, [page, page]);
    await reconvertedSiteMap(db, { projectId, createdBy: adminId }, map.doc, [page]);
    expect(await rowsToOpen(mapId)).toBe(once);
    // Page 2 is still a map (what stands on it is kept); a page the file never had is none.
    expect(await rowsToOpen(map2)).toBe(once);
    expect(await read(map2, 'baseline')).toEqual([]);
    const never = await api(pos(`${map.doc.id}_3`, 'baseline'));
    expect(never.status).toBe(404);
    expect((never.body as { message: string }).message).toBe(MAP_MESSAGES.notSiteMap);
  });

  it('G: lets one of two notes saved at once stand, even when the first save reads the map after the second wrote', async () => {
    const { saveMap } = await import('@stormline/functions/lib/map-save');
    const { readMap } = await import('@stormline/functions/lib/site-map-editor');
    const { projectId, mapId } = await newSite('TwoNotes');
    const noteA = await newNote(projectId, 'A');
    const noteB = await newNote(projectId, 'B');
    const item = await newProjectItem(projectId, 'F');
    expect(
      (
        await save(mapId, 'baseline', [
          { ...pt(), positionable_id: item.id, positionable_type: 'control_measure' },
        ])
      ).status,
    ).toBe(200);

    const deps = await productDeps();
    const realSend = deps.db.doc.send.bind(deps.db.doc) as (c: unknown) => Promise<unknown>;
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let held!: () => void;
    const holding = new Promise<void>((r) => (held = r));
    const doc = {
      send: async (cmd: unknown) => {
        if (cmd instanceof GetCommand && (cmd.input.Key as { sk: string }).sk === 'MAP') {
          held();
          await released;
        }
        return realSend(cmd);
      },
    };
    const heldDeps = { ...deps, db: { ...deps.db, doc } as unknown as Db };
    const ctx = await readMap(heldDeps, await caller(), NORTH, mapId, 'baseline');
    const a = saveMap(heldDeps, await caller(), ctx, 'project_uploads', [
      { ...pt(), positionable_id: noteA.id, positionable_type: 'commentables' } as never,
    ]);
    await holding;
    const b = await save(mapId, 'baseline', [
      { ...pt(50, 50), positionable_id: noteB.id, positionable_type: 'commentables' },
    ]);
    release();
    const aResult = await a.then(
      () => 'saved',
      (e: Error) => e.message,
    );
    expect(b.status).toBe(200);
    expect(aResult).toBe(MAP_MESSAGES.oneNote);
    expect(shown(await read(mapId, 'baseline')).filter((s) => s.startsWith('commentables'))).toEqual([
      'commentables: B / B content',
    ]);
  });
});

describe('a source deleted while a save places it (review 21 E)', () => {
  it('refuses the save whose transaction comes after the note’s delete', async () => {
    const { saveMap } = await import('@stormline/functions/lib/map-save');
    const { readMap } = await import('@stormline/functions/lib/site-map-editor');
    const { projectId, mapId } = await newSite('NoteRace');
    const note = await newNote(projectId, 'Racing');
    const deps = await productDeps();
    const realSend = deps.db.doc.send.bind(deps.db.doc) as (c: unknown) => Promise<unknown>;
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let held!: () => void;
    const holding = new Promise<void>((r) => (held = r));
    const doc = {
      send: async (cmd: unknown) => {
        if (cmd instanceof TransactWriteCommand) {
          held();
          await released; // the save's checks are done; its write waits for the delete
        }
        return realSend(cmd);
      },
    };
    const heldDeps = { ...deps, db: { ...deps.db, doc } as unknown as Db };
    const ctx = await readMap(heldDeps, await caller(), NORTH, mapId, 'baseline');
    const placing = saveMap(heldDeps, await caller(), ctx, 'project_uploads', [
      { ...pt(), positionable_id: note.id, positionable_type: 'commentables' } as never,
    ]);
    await holding;
    const deleted = await api(`/api/projects/${projectId}/map-notes/${note.id}`, 'DELETE');
    release();
    const result = await placing.then(
      () => 'saved',
      (e: Error) => e.message,
    );
    expect(deleted.status).toBe(200);
    expect(result).toBe('Note not found');
    expect(await read(mapId, 'baseline')).toEqual([]);
  });

  it('refuses the note’s delete once a save placed it, in the delete’s own transaction', async () => {
    const { projectId, mapId } = await newSite('NoteCount');
    const note = await newNote(projectId, 'Counted');
    expect(
      (
        await save(mapId, 'baseline', [
          { ...pt(), positionable_id: note.id, positionable_type: 'commentables' },
        ])
      ).status,
    ).toBe(200);
    // The route reads the placement index first; the data layer's delete holds on the count alone.
    const stored = await getMapNote(db, NORTH, projectId, note.id);
    await expect(deleteMapNote(db, stored, null, [])).rejects.toThrow(MAP_MESSAGES.standsOnMap);
  });
});
