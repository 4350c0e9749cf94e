import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup } from '@stormline/data/regulations';
import { localDate } from '@stormline/domain/local-date';
import { call, NORTH, SOUTH, tokenFor } from '../support/api';
import { testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';

/**
 * POST /api/inspections/{id}/inspector/{userId} (spec 000 §7; 0018 "setInspector"): who inspects,
 * changed only to an active, assignable user of the division, only while the inspection is editable,
 * for the inspection's own project; logged; refused without update Inspection. Nothing is written
 * on a refusal.
 */

const db = testTable();
afterAll(() => db.doc.destroy());

const ZONE = 'Europe/London';
const tag = () => randomBytes(3).toString('hex');
const as = <T>(token: string, path: string, method = 'GET', body?: unknown, divisionId = NORTH) =>
  call<T>(path, { method, token, divisionId, body });

interface Detail {
  id: string;
  inspector: { id: string; name: string } | null;
  project: { id: string };
}

let admin: string;
let first: { id: string };
let second: { id: string };
let projectId: string;
let otherProjectId: string;
let inspectionId: string;

async function newProject(inspectorId: string): Promise<string> {
  const client = await as<{ id: string }>(admin, '/api/clients', 'POST', {
    name: `Inspector Client ${tag()}`,
    address: { street_1: '3 Lock St', city: 'Leeds', country_id: 'england', zip: 'LS1 4DL' },
  });
  const group = await createGroup(db, NORTH, { name: `Inspector regulations ${tag()}` });
  const project = await as<{ id: string }>(admin, '/api/projects', 'POST', {
    client_id: client.body.id,
    inspection_template_id: 'routine-stormwater',
    name: `Armley Sidings ${tag()}`,
    inspector_user_id: inspectorId,
    latitude: 53.8,
    longitude: -1.58,
    document_group_id: group.id,
    routine_interval: 7,
    timezone: ZONE,
    start_date: localDate(ZONE, new Date(Date.now() - 10 * 86_400_000)),
    next_inspection_date: localDate(ZONE, new Date()),
  });
  expect(project.status, JSON.stringify(project.body)).toBe(201);
  return project.body.id;
}

beforeAll(async () => {
  admin = await tokenFor('admin@example.com');
  first = await createTestUser('Inspector', [NORTH]);
  second = await createTestUser('Inspector', [NORTH], { lastName: 'Second' });
  projectId = await newProject(first.id);
  otherProjectId = await newProject(first.id);
  const created = await as<{ id: string }>(admin, '/api/inspections', 'POST', { projectId, type: 'Routine' });
  expect(created.status).toBe(201);
  inspectionId = created.body.id;
});

const setInspector = (token: string, userId: string, body: unknown = { projectId }, divisionId = NORTH) =>
  as<Detail & { message?: string }>(
    token,
    `/api/inspections/${inspectionId}/inspector/${userId}`,
    'POST',
    body,
    divisionId,
  );

async function inspectorNow(): Promise<string | undefined> {
  return (await as<Detail>(admin, `/api/inspections/${inspectionId}`)).body.inspector?.id;
}

describe('setting the inspector of an inspection', () => {
  it('changes the inspector, read back with the inspection and written in the change log', async () => {
    const before = (await as<Detail>(admin, `/api/inspections/${inspectionId}`)).body.inspector!.name;
    const set = await setInspector(admin, second.id);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.inspector).toMatchObject({ id: second.id, name: 'Test Second' });
    expect(await inspectorNow()).toBe(second.id);
    const log = await as<{
      pageData: { action: string; changes: { field: string; from: unknown; to: unknown }[] }[];
    }>(admin, `/api/changelog/projects/${projectId}`);
    expect(log.body.pageData[0]).toMatchObject({
      action: 'inspector changed',
      changes: [{ field: 'inspector', from: JSON.stringify(before), to: JSON.stringify('Test Second') }],
    });
  });

  it('refuses a user who may not inspect, or is not of the division, and changes nothing', async () => {
    const client = await createTestUser('Client User', [NORTH]);
    const refusedRole = await setInspector(admin, client.id);
    expect(refusedRole.status).toBe(400);
    expect(refusedRole.body.message).toMatch(/^The inspector must hold one of these roles: /);
    const southern = await createTestUser('Inspector', [SOUTH]);
    const refusedDivision = await setInspector(admin, southern.id);
    expect(refusedDivision.status).toBe(400);
    expect(refusedDivision.body.message).toBe('The inspector must be a user of this division');
    expect(await inspectorNow()).toBe(second.id);
  });

  it('finds an assignable inspector by name, however many users the division has', async () => {
    const name = `Findable ${tag()}`;
    const wanted = await createTestUser('Inspector', [NORTH], { lastName: name });
    await createTestUser('Client User', [NORTH], { lastName: name });
    const found = await as<{ pageData: { id: string; roleName: string }[] }>(
      admin,
      `/api/projects/inspectors?s=${encodeURIComponent(name)}`,
    );
    expect(found.status).toBe(200);
    expect(found.body.pageData).toEqual([expect.objectContaining({ id: wanted.id, roleName: 'Inspector' })]);
  });

  it("answers 404 when projectId is not the inspection's project", async () => {
    const wrong = await setInspector(admin, first.id, { projectId: otherProjectId });
    expect(wrong.status).toBe(404);
    expect(await inspectorNow()).toBe(second.id);
  });

  it('is refused without update Inspection, and from another division', async () => {
    const regulator = await signInAs(await createTestUser('Regulator', [NORTH]));
    expect((await setInspector(regulator, first.id)).status).toBe(403);
    // update Inspection alone edits an inspection; choosing who inspects is for those who create projects.
    const fieldInspector = await signInAs(await createTestUser('Inspector', [NORTH]));
    expect((await setInspector(fieldInspector, first.id)).status).toBe(403);
    const southAdmin = await signInAs(await createTestUser('Admin', [SOUTH]));
    expect((await setInspector(southAdmin, first.id, { projectId }, SOUTH)).status).toBe(404);
    expect(await inspectorNow()).toBe(second.id);
  });

  it('gives a client-side inspector the project, so the inspection they now hold is in their sight', async () => {
    const clientInspector = await createTestUser('Client Inspector', [NORTH]);
    const token = await signInAs(clientInspector);
    expect((await as(token, `/api/inspections/${inspectionId}`)).status).toBe(404);
    const set = await setInspector(admin, clientInspector.id);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await as(token, `/api/inspections/${inspectionId}`)).status).toBe(200);
    const projects = await as<{ pageData: { id: string }[] }>(token, `/api/divisions/${NORTH}/projects`);
    expect(projects.body.pageData.map((p) => p.id)).toContain(projectId);
    expect((await setInspector(admin, second.id)).status).toBe(200);
  });

  it('is refused while the project is archived (409), and changes nothing', async () => {
    const created = await as<{ id: string }>(admin, '/api/inspections', 'POST', {
      projectId: otherProjectId,
      type: 'Routine',
    });
    expect(created.status).toBe(201);
    const inspectorBefore = (await as<Detail>(admin, `/api/inspections/${created.body.id}`)).body.inspector
      ?.id;
    const archived = await as(admin, `/api/divisions/${NORTH}/projects/archive/${otherProjectId}`, 'POST');
    expect(archived.status).toBe(200);
    const refused = await as<{ message: string }>(
      admin,
      `/api/inspections/${created.body.id}/inspector/${second.id}`,
      'POST',
      { projectId: otherProjectId },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This project is archived and can no longer be changed.');
    const read = await as<Detail>(admin, `/api/inspections/${created.body.id}`);
    expect(read.body.inspector?.id).toBe(inspectorBefore);
  });

  it('is refused once the inspection is certified (409)', async () => {
    const q = await as<{
      template: { question_groups: unknown[] };
      answers: unknown[];
      answersVersion: number;
    }>(admin, `/api/inspections/${inspectionId}/questions`);
    expect(q.status).toBe(200);
    // Certified: the read-only rule of spec 002 §4, simulated by the stored dates the signing writes.
    const { inspectionKeys } = await import('@stormline/data/inspections');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const day = localDate(ZONE, new Date());
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: inspectionKeys.inspection(NORTH, inspectionId),
        UpdateExpression: 'SET certification_date = :d, compliance_date = :d',
        ExpressionAttributeValues: { ':d': day },
      }),
    );
    const refused = await setInspector(admin, first.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This inspection is certified and can no longer be changed.');
    expect(await inspectorNow()).toBe(second.id);
  });
});
