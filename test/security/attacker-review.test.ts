import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@stormline/data/clients';
import type { Db } from '@stormline/data/dynamo';
import { createFinding, findingKeys } from '@stormline/data/findings';
import { createInspection, inspectionKeys } from '@stormline/data/inspections';
import { createProject, projectKeys } from '@stormline/data/projects';
import { ROUTINE_STORMWATER } from '@stormline/domain/system-templates/routine-stormwater';
import { roleByName } from '@stormline/domain/roles';
import { sampleClient, sampleProject } from '@stormline/local/sample-records';
import { call, NORTH } from '../support/api';
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

/** A North project with one inspection and one open finding, written straight to the table. */
async function northSite(database: Db) {
  const client = await createClient(
    database,
    NORTH,
    sampleClient(`Review client ${randomUUID().slice(0, 6)}`),
  );
  const project = await createProject(
    database,
    sampleProject({
      divisionId: NORTH,
      client_id: client.id,
      name: `Review site ${randomUUID().slice(0, 6)}`,
    }),
  );
  const inspection = await createInspection(
    database,
    {
      divisionId: NORTH,
      projectId: project.id,
      type: 'Routine',
      created_date: '2026-03-02T09:30',
      inspectorId: null,
      createdBy: 'review',
      version: ROUTINE_STORMWATER,
      answers: {},
      carried: [],
    },
    () => [],
    new Date(),
  );
  const finding = await createFinding(
    database,
    {
      divisionId: NORTH,
      projectId: project.id,
      typeId: 'ca',
      typeCode: 'CA',
      typeName: 'Corrective Action',
      color: '#E03131',
      is_required_for_cert: true,
      location: 'North gate',
      date_initiated: '2026-03-02',
      date_completed: null,
      condition: null,
      control_measure_id: null,
      comments: null,
      initialInspectionId: inspection.id,
      createdBy: 'review',
    },
    inspection,
    () => [],
    new Date(),
  );
  const snapshot = async () => ({
    project: await storedItem(database, projectKeys.project(NORTH, project.id)),
    inspection: await storedItem(database, inspectionKeys.inspection(NORTH, inspection.id)),
    answers: await storedItem(database, inspectionKeys.answers(NORTH, inspection.id)),
    finding: await storedItem(database, findingKeys.finding(NORTH, finding.id)),
  });
  return { client, project, inspection, finding, snapshot };
}

type Site = Awaited<ReturnType<typeof northSite>>;

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

  const attempts: [string, string, (s: Site) => string, ((s: Site) => unknown)?][] = [
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
    attempts.map((attempt) => [role, ...attempt] as const),
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
