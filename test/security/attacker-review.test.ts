import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDocument, groupOwnerStep } from '@stormline/data/documents';
import { createLegendItem } from '@stormline/data/legend-items';
import { createGroup } from '@stormline/data/regulations';
import { createUserTemplate } from '@stormline/data/template-drafts';
import { emptyContent, partId } from '@stormline/domain/template-editing';
import { defaultMapSymbol } from '@stormline/domain/map-symbol';
import { ROUTES } from '@stormline/contract/route-table';
import type { Db } from '@stormline/data/dynamo';
import {
  findingImageCountStep,
  findingImagePutStep,
  findingKeys,
  listFindingImages,
} from '@stormline/data/findings';
import { transact } from '@stormline/data/transact';
import { inspectionKeys } from '@stormline/data/inspections';
import { roleByName } from '@stormline/domain/roles';
import { call, NORTH, SOUTH } from '../support/api';
import { inspectedSite } from '../support/inspected-site';
import { convertedSiteMap } from '../support/site-maps';
import { storedItem, testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';

/**
 * The attacker's review (issue 24 item 4, docs/decisions/0026): what the tenancy and matrix files
 * do not reach. Records of the same division the caller may not see (a client-side role not
 * given the project), functions a role may not call, fields a body may not carry, links and
 * tickets used by someone else or after sign-out, and two writes at once on one record. Each
 * refusal is followed by reading the record back: nothing was written.
 */

const db = testTable();
afterAll(() => db.doc.destroy());

/** A project of a division with one inspection and one open finding, written straight to the table. */
const siteIn = (database: Db, divisionId: string) =>
  inspectedSite(database, divisionId, {
    clientName: 'Review client',
    projectName: 'Review site',
    location: 'North gate',
    createdBy: 'review',
  });

type Site = Awaited<ReturnType<typeof siteIn>>;

const northSite = (database: Db) => siteIn(database, NORTH);

let site: Site;
let admin: string;

beforeAll(async () => {
  site = await northSite(db);
  admin = await signInAs(await createTestUser('Admin', [NORTH]));
});

describe('object level: a project of the same division that was not given to the caller', () => {
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    for (const role of ['Client User', 'Client Inspector', 'BMP Contractor', 'Regulator'] as const)
      tokens.set(role, await signInAs(await createTestUser(role, [NORTH])));
  });

  type Attempt = [string, string, (s: Site) => string, ((s: Site) => unknown)?];
  const attempts: Attempt[] = [
    ['reads the inspection', 'GET', (s) => `/api/inspections/${s.inspection.id}`],
    ['reads its questions', 'GET', (s) => `/api/inspections/${s.inspection.id}/questions`],
    [
      'saves answers',
      'PUT',
      (s) => `/api/inspections/${s.inspection.id}`,
      () => ({ answersVersion: 0, answers: [{ questionId: 'rs-weather-now', value: 'Taken over' }] }),
    ],
    [
      'comments a question',
      'POST',
      (s) => `/api/inspections/${s.inspection.id}/questions/rs-weather-now/comments`,
      () => ({ comment: 'Taken over' }),
    ],
    ['reads the finding', 'GET', (s) => `/api/findings/${s.finding.id}`],
    [
      'completes the finding',
      'PUT',
      (s) => `/api/inspections/${s.inspection.id}/findings`,
      (s) => ({ finding_ids: [s.finding.id], date_completed: '2026-03-03' }),
    ],
    [
      'adds an observation',
      'POST',
      (s) => `/api/inspections/${s.inspection.id}/findings/notes`,
      (s) => ({ findingIds: [s.finding.id], comments: 'Taken over' }),
    ],
    [
      'signs the acknowledgement',
      'POST',
      (s) => `/api/inspections/${s.inspection.id}/cert/acknowledgement`,
      () => ({ lineType: 'client', date: '2026-03-02' }),
    ],
    ['reads the certification', 'GET', (s) => `/api/inspections/${s.inspection.id}/cert`],
    ['reads the project', 'GET', (s) => `/api/projects/${s.project.id}`],
    [
      'reads its calendar (division path)',
      'GET',
      (s) => `/api/divisions/${NORTH}/calendar/getCalendarData?type=${s.project.id}`,
    ],
    ['reads its calendar (header)', 'GET', (s) => `/calendar/getCalendarData?type=${s.project.id}`],
  ];

  const cases = ['Client User', 'Client Inspector', 'BMP Contractor', 'Regulator'].flatMap((role) =>
    attempts.map((attempt): [string, ...Attempt] => [role, ...attempt]),
  );

  // Not found (the project is not confirmed to exist), or refused by the role before any read.
  it.each(cases)('a %s %s: refused, nothing written', async (role, _, method, path, body) => {
    const before = await site.snapshot();
    const response = await call(path(site), {
      method,
      token: tokens.get(role)!,
      divisionId: NORTH,
      body: body?.(site),
    });
    const { message } = response.body as { message: string };
    // A 403 is the role's refusal before any read; anything that read the record says not found.
    if (response.status === 403) expect(message).toMatch(/^Your role does not allow /);
    else expect(response.status, message).toBe(404);
    expect(Object.keys(response.body as object)).toEqual(['message']);
    expect(await site.snapshot()).toEqual(before);
  });
});

describe('function level: what a role may not do', () => {
  it('an Inspector cannot reopen an inspection', async () => {
    const inspector = await signInAs(await createTestUser('Inspector', [NORTH]));
    const before = await site.snapshot();
    const response = await call(`/api/inspections/${site.inspection.id}/open`, {
      method: 'POST',
      token: inspector,
      divisionId: NORTH,
    });
    expect(response.status).toBe(403);
    expect(await site.snapshot()).toEqual(before);
  });

  it('an Inspector cannot choose who inspects', async () => {
    const inspector = await createTestUser('Inspector', [NORTH]);
    const token = await signInAs(inspector);
    const before = await site.snapshot();
    const response = await call(`/api/inspections/${site.inspection.id}/inspector/${inspector.id}`, {
      method: 'POST',
      token,
      divisionId: NORTH,
      body: { projectId: site.project.id },
    });
    expect(response.status).toBe(403);
    expect(await site.snapshot()).toEqual(before);
  });

  it('a Regional Manager cannot make a user an Admin, nor change their own role or permissions', async () => {
    const manager = await createTestUser('Regional Manager', [NORTH]);
    const token = await signInAs(manager);
    const target = await createTestUser('Inspector', [NORTH]);
    const userOf = (id: string) => storedItem(db, { pk: `USER#${id}`, sk: 'USER' });
    const before = { target: await userOf(target.id), manager: await userOf(manager.id) };
    const toAdmin = await call(`/api/users/update/${target.id}`, {
      method: 'POST',
      token,
      divisionId: NORTH,
      body: {
        first_name: 'Test',
        last_name: 'Inspector',
        email: target.email,
        roleId: roleByName('Admin').id,
        divisionIds: [NORTH],
        version: 0,
      },
    });
    expect(toAdmin.status).toBe(403);
    const ownRole = await call(`/api/users/update/${manager.id}`, {
      method: 'POST',
      token,
      divisionId: NORTH,
      body: {
        first_name: 'Test',
        last_name: 'Manager',
        email: manager.email,
        roleId: roleByName('Admin').id,
        divisionIds: [NORTH],
        version: 0,
      },
    });
    expect(ownRole.status).toBe(403);
    const ownPermissions = await call(`/api/user-permissions/${manager.id}`, {
      method: 'PUT',
      token,
      divisionId: NORTH,
      body: { permissions: [{ pageId: 'divisions', perm: 'all' }], version: 0 },
    });
    expect(ownPermissions.status).toBe(403);
    expect({ target: await userOf(target.id), manager: await userOf(manager.id) }).toEqual(before);
  });
});

describe('mass assignment: fields a body may not carry', () => {
  it.each([
    [
      'the finding’s division and number',
      (s: Site) => `/api/findings/${s.finding.id}`,
      'POST',
      (s: Site) => ({
        version: s.finding.version,
        location: 'Moved',
        divisionId: 'south-region',
        number: 99,
      }),
    ],
    [
      'a signer other than the caller',
      (s: Site) => `/api/inspections/${s.inspection.id}/cert/inspection`,
      'POST',
      () => ({
        lineType: 'inspector',
        date: '2026-03-02',
        userId: 'someone-else',
      }),
    ],
    [
      'the inspection’s status',
      (s: Site) => `/api/inspections/${s.inspection.id}`,
      'PUT',
      () => ({
        answersVersion: 0,
        answers: [],
        status: 'Complete',
        certification_date: '2026-03-02',
      }),
    ],
  ])('%s: refused (400), nothing written', async (_, path, method, body) => {
    const before = await site.snapshot();
    const response = await call(path(site), { method, token: admin, divisionId: NORTH, body: body(site) });
    expect(response.status).toBe(400);
    expect(await site.snapshot()).toEqual(before);
  });

  it('the profile carries no role, status or permissions', async () => {
    const user = await createTestUser('Inspector', [NORTH]);
    const token = await signInAs(user);
    const before = await storedItem(db, { pk: `USER#${user.id}`, sk: 'USER' });
    for (const extra of [
      { roleId: roleByName('Admin').id },
      { status: 'active' },
      { permissionsOverride: [{ pageId: 'divisions', perm: 'all' }] },
    ]) {
      const response = await call('/api/users/profile', {
        method: 'POST',
        token,
        body: { first_name: 'Test', last_name: 'Inspector', ...extra },
      });
      expect(response.status, JSON.stringify(extra)).toBe(400);
    }
    expect(await storedItem(db, { pk: `USER#${user.id}`, sk: 'USER' })).toEqual(before);
  });
});

describe('links and tickets used by someone else, or after sign-out', () => {
  it('a download link stops opening once the session that asked for it has signed out', async () => {
    const user = await createTestUser('Inspector', [NORTH]);
    const session = await signInAs(user);
    const link = await call<{ url: string }>('/api/download-links', {
      method: 'POST',
      token: session,
      body: { path: `/dl/${randomUUID()}` },
    });
    expect(link.status).toBe(200);
    // Past the guard before sign-out: there is no such document.
    expect((await call(link.body.url)).status).toBe(404);
    expect((await call('/api/logout', { method: 'POST', token: session })).status).toBe(200);
    const after = await call(link.body.url);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: 'Your session has ended. Please sign in again.' });
  });

  it('an upload ticket of one user is refused to another, and its file is not recorded', async () => {
    const owner = await signInAs(await createTestUser('Admin', [NORTH]));
    const begun = await call<{ upload: string; url: string }>('/api/uploads', {
      method: 'POST',
      token: owner,
      divisionId: NORTH,
      body: { name: 'photo.jpg', size: 10 },
    });
    expect(begun.status).toBe(201);
    const before = await site.snapshot();
    const response = await call(`/api/findings/${site.finding.id}/uploads`, {
      method: 'POST',
      token: admin,
      divisionId: NORTH,
      body: { uploads: [{ upload: begun.body.upload, thumbnail: begun.body.upload }] },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'This upload is not yours' });
    expect(await site.snapshot()).toEqual(before);
  });
});

describe('evidence: a completed finding keeps its photos', () => {
  /** A photo of the finding, written straight to the table as POST .../uploads records it. */
  async function photoOf(findingId: string) {
    const image = {
      id: randomUUID(),
      findingId,
      name: 'silt-fence-fixed.jpg',
      mime_type: 'image/jpeg',
      objectKey: `findings/${NORTH}/${randomUUID()}`,
      thumbnailKey: `findings/${NORTH}/${randomUUID()}`,
      width: 640,
      height: 480,
      rotation: 0,
      annotations: [],
      uploadedAt: new Date().toISOString(),
      uploadedBy: 'review',
      version: 0,
    };
    await transact(db, [
      findingImagePutStep(db, NORTH, image),
      findingImageCountStep(db, NORTH, findingId, 1),
    ]);
    return image;
  }

  it('deleting a photo of a completed finding is refused and the photo stays; open, it goes', async () => {
    const fresh = await northSite(db);
    const photo = await photoOf(fresh.finding.id);
    const completed = await call(`/api/inspections/${fresh.inspection.id}/findings`, {
      method: 'PUT',
      token: admin,
      divisionId: NORTH,
      body: { finding_ids: [fresh.finding.id], date_completed: '2026-03-03' },
    });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    const before = {
      finding: await storedItem(db, findingKeys.finding(NORTH, fresh.finding.id)),
      photos: await listFindingImages(db, NORTH, fresh.finding.id),
    };
    const refused = await call(`/api/findings/${fresh.finding.id}/uploads/${photo.id}`, {
      method: 'DELETE',
      token: admin,
      divisionId: NORTH,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: 'This finding is completed and can no longer be changed.' });
    expect({
      finding: await storedItem(db, findingKeys.finding(NORTH, fresh.finding.id)),
      photos: await listFindingImages(db, NORTH, fresh.finding.id),
    }).toEqual(before);

    // The same photo of an open finding is removed.
    const open = await northSite(db);
    const openPhoto = await photoOf(open.finding.id);
    const removed = await call(`/api/findings/${open.finding.id}/uploads/${openPhoto.id}`, {
      method: 'DELETE',
      token: admin,
      divisionId: NORTH,
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await listFindingImages(db, NORTH, open.finding.id)).toEqual([]);
  });
});

describe('two writes at once on one record', () => {
  it('two saves of the same answers version: one is kept, the other refused, none lost silently', async () => {
    const fresh = await northSite(db);
    const save = (value: string) =>
      call<{ answersVersion: number; message?: string }>(`/api/inspections/${fresh.inspection.id}`, {
        method: 'PUT',
        token: admin,
        divisionId: NORTH,
        body: { answersVersion: 0, answers: [{ questionId: 'rs-weather-now', value }] },
      });
    const answers = await Promise.all([save('Dry'), save('Raining')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const kept = answers[0]!.status === 200 ? 'Dry' : 'Raining';
    const stored = await storedItem(db, inspectionKeys.answers(NORTH, fresh.inspection.id));
    expect((stored?.answers as Record<string, unknown>)['rs-weather-now']).toBe(kept);
  });

  it('two edits of the same finding version: one is kept, the other refused', async () => {
    const fresh = await northSite(db);
    const edit = (location: string) =>
      call(`/api/findings/${fresh.finding.id}`, {
        method: 'POST',
        token: admin,
        divisionId: NORTH,
        body: { version: fresh.finding.version, location },
      });
    const answers = await Promise.all([edit('East gate'), edit('West gate')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const kept = answers[0]!.status === 200 ? 'East gate' : 'West gate';
    const stored = await storedItem(db, findingKeys.finding(NORTH, fresh.finding.id));
    expect(stored?.location).toBe(kept);
  });
});

/**
 * Ids in the query, which the path-based tenancy file cannot see: each names a real record of
 * South, asked from North. The answer is 404, or an answer that holds nothing of South's (none of
 * its ids or names). A new query parameter naming a record must add its case here, or say in
 * NOT_A_RECORD why it names none.
 */
describe('tenancy with ids in the query: real records of another division', () => {
  const NOT_A_RECORD: Record<string, string> = {
    'GET /api/users/groups/creation roleId': 'A role of the catalogue, the same in every division.',
    'GET /api/projects/{id}/docs docTypeId':
      "A document type of the project in the path, which the path's check covers.",
    'DELETE /api/positionables/{id} inspectionId':
      "Read with the map of the feature in the path (lib/site-map-editor.ts readMap), under the caller's division, as the site map's GET case of the same parameter shows; tenancy-map.ts removes South's feature from North.",
  };

  interface South {
    site: Site;
    groupId: string;
    legendItemId: string;
    /** A user template South alone holds (its question ids name it). */
    templateId: string;
    /** What must not appear anywhere in an answer to North. */
    secrets: string[];
    /** A North regulation document, asked for under South's project. */
    northDocumentId: string;
    /** A North site map (its site-map id), asked for as it stood for South's inspection. */
    northSiteMapId: string;
  }
  let south: South;

  const CASES: Record<string, (s: South) => string> = {
    'GET /api/divisions/{id}/calendar/getCalendarData type': (s) =>
      `/api/divisions/${NORTH}/calendar/getCalendarData?type=${s.site.project.id}`,
    'GET /calendar/getCalendarData type': (s) => `/calendar/getCalendarData?type=${s.site.project.id}`,
    'GET /api/findings/{id} inspectionId': (s) =>
      `/api/findings/${site.finding.id}?inspectionId=${s.site.inspection.id}`,
    'GET /api/projects/docTypes projectId': (s) => `/api/projects/docTypes?projectId=${s.site.project.id}`,
    'GET /api/projects/post-storm pid': (s) => `/api/projects/post-storm?pid=${s.site.project.id}`,
    'GET /api/users/groups/creation clientIds': (s) =>
      `/api/users/groups/creation?clientIds=${s.site.client.id}`,
    'GET /api/users/groups/creation divisionIds': () => `/api/users/groups/creation?divisionIds=${SOUTH}`,
    'GET /api/users/groups/creation managerUserId': (s) =>
      `/api/users/groups/creation?managerUserId=${s.site.inspection.createdBy}`,
    'GET /api/clients clientIds': (s) => `/api/clients?clientIds=${s.site.client.id}`,
    'GET /api/divisions/{id}/compliance client': (s) =>
      `/api/divisions/${NORTH}/compliance?client=${s.site.client.id}`,
    'GET /api/legend-items documentGroupId': (s) => `/api/legend-items?documentGroupId=${s.groupId}`,
    'GET /api/legend-items/group/{id}/uploads LegendItemIds': (s) =>
      `/api/legend-items/group/${s.groupId}/uploads?LegendItemIds=${s.legendItemId}`,
    'GET /api/questions-config templateId': (s) => `/api/questions-config?templateId=${s.templateId}`,
    'GET /api/xfdf/{uploadId} projectId': (s) =>
      `/api/xfdf/${s.northDocumentId}?projectId=${s.site.project.id}`,
    'GET /api/projects/{id}/sitemaps/{sitemapId} inspectionId': (s) =>
      `/api/projects/${site.project.id}/sitemaps/${s.northSiteMapId}?inspectionId=${s.site.inspection.id}`,
  };

  beforeAll(async () => {
    const southSite = await siteIn(db, SOUTH);
    const group = await createGroup(db, SOUTH, { name: `South group ${randomUUID().slice(0, 6)}` });
    const item = await createLegendItem(db, SOUTH, {
      name: `South wattle ${randomUUID().slice(0, 6)}`,
      type: 'control_measure',
      groupIds: [group.id],
      mapSymbol: defaultMapSymbol('control_measure'),
    });
    const templateId = randomUUID();
    const template = await createUserTemplate(db, {
      divisionId: SOUTH,
      id: templateId,
      content: emptyContent(`South template ${templateId.slice(0, 6)}`, () =>
        partId(templateId, randomUUID().slice(0, 8)),
      ),
      by: 'attacker-review',
      now: new Date(),
    });
    const northGroup = await createGroup(db, NORTH, { name: `North group ${randomUUID().slice(0, 6)}` });
    const now = new Date();
    const northDocument = await addDocument(
      db,
      {
        id: randomUUID(),
        guid: randomUUID(),
        name: 'North permit.pdf',
        mimeType: 'application/pdf',
        size: 1000,
        width: null,
        height: null,
        objectKey: `files/attacker-review/${randomUUID()}`,
        owner: { kind: 'group', groupId: northGroup.id },
        createdAt: now.toISOString(),
        createdBy: 'attacker-review',
      },
      groupOwnerStep(db, northGroup.id, now),
    );
    const northMap = await convertedSiteMap(
      db,
      { projectId: site.project.id, createdBy: 'attacker-review' },
      'North plan.pdf',
      [{ width: 1200, height: 900 }],
    );
    south = {
      northDocumentId: northDocument.id,
      northSiteMapId: northMap.pages[0]!.siteMapId,
      site: southSite,
      groupId: group.id,
      legendItemId: item.id,
      templateId,
      secrets: [
        templateId,
        template.name,
        southSite.project.id,
        southSite.project.name,
        southSite.client.id,
        southSite.client.name,
        southSite.inspection.id,
        southSite.finding.id,
        group.id,
        group.name,
        item.id,
        item.name,
      ],
    };
  });

  it('has a case (or a reason) for every query parameter of an implemented route that names a record', () => {
    const named = ROUTES.filter((r) => r.implemented).flatMap((r) => {
      const shape = (r.query as unknown as { _zod: { def: { shape?: Record<string, unknown> } } })._zod.def
        .shape;
      return Object.keys(shape ?? {})
        .filter((key) => /Ids?$|^pid$|^client$/.test(key) || (key === 'type' && r.path.includes('calendar')))
        .map((key) => `${r.key} ${key}`);
    });
    expect(named.length).toBeGreaterThan(10);
    for (const key of named) expect(key in CASES || key in NOT_A_RECORD, `${key}: add a case`).toBe(true);
  });

  it.each(Object.keys(CASES))('%s: not found, or nothing of the other division', async (key) => {
    const response = await call(CASES[key]!(south), { token: admin, divisionId: NORTH });
    const text = JSON.stringify(response.body);
    expect([200, 404], text).toContain(response.status);
    if (response.status === 404) expect(Object.keys(response.body as object)).toEqual(['message']);
    for (const secret of south.secrets) expect(text, secret).not.toContain(secret);
  });
});
