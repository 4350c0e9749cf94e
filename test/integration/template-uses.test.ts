import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { templateKeys } from '@stormline/data/divisions-resources';
import { createGroup } from '@stormline/data/regulations';
import { usesKey } from '@stormline/data/template-uses';
import { rebuildTemplateUses } from '@stormline/data/template-uses-rebuild';
import { localDate } from '@stormline/domain/local-date';
import { call, NORTH } from '../support/api';
import { answerInFull, signInspection, type ApiAs } from '../support/inspection-walk';
import { storedItem, testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';

/**
 * How many inspections use each version of a template (issue 19: "The editor shows which version
 * is current and how many inspections use each", docs/decisions/0036), and Delete refused while an
 * open inspection uses the template. Through the API as the editor and an inspector use it: a
 * user template copied and published, two projects on it, their inspections created, certified,
 * reopened and deleted, a second version published.
 */

interface Versions {
  currentVersion: number;
  versions: { version: number; inspections: number; open: number }[];
}

const db = testTable();
afterAll(() => db.doc.destroy());

const tag = () => randomBytes(3).toString('hex');
const ZONE = 'Europe/London';

let api: ApiAs;
let adminId: string;
let templateId: string;
let templateName: string;
const projects: string[] = [];

beforeAll(async () => {
  const admin = await createTestUser('Admin', [NORTH]);
  adminId = admin.id;
  const token = await signInAs(admin);
  api = (path, method = 'GET', body) => call(path, { method, token, divisionId: NORTH, body });
  const consent = await call(`/api/users/${admin.id}/signature_authorization/agree`, {
    method: 'POST',
    token,
  });
  expect(consent.status).toBe(200);

  templateName = `Counted ${tag()}`;
  const copy = await api<{ id: string }>('/api/inspection-templates', 'POST', {
    name: templateName,
    copyOf: 'routine-stormwater',
  });
  expect(copy.status, JSON.stringify(copy.body)).toBe(201);
  templateId = copy.body.id;
  // Without a compliance certificate a certified inspection is locked, and reopening it clears
  // the certification (0018): it counts as open again.
  const withoutCompliance = await api(`/api/inspection-templates/${templateId}`, 'PUT', {
    name: templateName,
    has_compliance_cert: false,
  });
  expect(withoutCompliance.status, JSON.stringify(withoutCompliance.body)).toBe(200);
  const published = await api(`/api/inspection-templates/${templateId}/publish`, 'POST');
  expect(published.status, JSON.stringify(published.body)).toBe(200);

  const client = await api<{ id: string }>('/api/clients', 'POST', {
    name: `Counted Client ${tag()}`,
    address: { street_1: '1 Quay', city: 'Leeds', country_id: 'england', zip: 'LS1 4DL' },
  });
  const group = await createGroup(db, NORTH, { name: `Counted regulations ${tag()}` });
  for (const site of ['Aire Bank', 'Calder Yard']) {
    const project = await api<{ id: string }>('/api/projects', 'POST', {
      client_id: client.body.id,
      inspection_template_id: templateId,
      name: `${site} ${tag()}`,
      inspector_user_id: adminId,
      latitude: 53.8,
      longitude: -1.6,
      document_group_id: group.id,
      routine_interval: 7,
      timezone: ZONE,
      start_date: localDate(ZONE, new Date(Date.now() - 30 * 86_400_000)),
      next_inspection_date: localDate(ZONE, new Date()),
    });
    expect(project.status, JSON.stringify(project.body)).toBe(201);
    projects.push(project.body.id);
  }
});

const versions = async () => {
  const view = await api<Versions>(`/api/inspection-templates/${templateId}`);
  expect(view.status).toBe(200);
  return view.body;
};
const startInspection = async (projectId: string) => {
  const created = await api<{ id: string }>('/api/inspections', 'POST', { projectId, type: 'Routine' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
};

describe('the inspections using each version of a template', () => {
  let first: string;
  let second: string;

  it('a published template no inspection uses shows its version with none', async () => {
    expect(await versions()).toMatchObject({
      currentVersion: 1,
      versions: [{ version: 1, inspections: 0, open: 0 }],
    });
  });

  it('counts the inspections created on the current version, all open', async () => {
    first = await startInspection(projects[0]!);
    second = await startInspection(projects[1]!);
    expect((await versions()).versions).toEqual([{ version: 1, inspections: 2, open: 2 }]);
  });

  it('a certified inspection still uses its version but is no longer open', async () => {
    await answerInFull(api, first);
    await signInspection(api, first);
    const detail = await api<{ certification_date: string | null }>(`/api/inspections/${first}`);
    expect(detail.body.certification_date).not.toBeNull();
    expect((await versions()).versions).toEqual([{ version: 1, inspections: 2, open: 1 }]);
  });

  it('a deleted inspection no longer counts', async () => {
    expect((await api(`/api/inspections/${second}`, 'DELETE')).status).toBe(200);
    expect((await versions()).versions).toEqual([{ version: 1, inspections: 1, open: 0 }]);
  });

  it('a reopened inspection is open again', async () => {
    const reopened = await api(`/api/inspections/${first}/open`, 'POST');
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect((await versions()).versions).toEqual([{ version: 1, inspections: 1, open: 1 }]);
  });

  it('a new inspection counts on the version published since; the older version keeps its numbers', async () => {
    const renamed = await api(`/api/inspection-templates/${templateId}`, 'PUT', {
      name: `${templateName} v2`,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    templateName = `${templateName} v2`;
    expect((await api(`/api/inspection-templates/${templateId}/publish`, 'POST')).status).toBe(200);
    second = await startInspection(projects[1]!);
    expect(await versions()).toMatchObject({
      currentVersion: 2,
      versions: [
        { version: 2, inspections: 1, open: 1 },
        { version: 1, inspections: 1, open: 1 },
      ],
    });
  });

  it('the rebuild recounts a version from its inspections (a store from before the counters)', async () => {
    await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: { ...usesKey(templateId, 1), type: 'TemplateUses', inspections: 7, open: 7 },
      }),
    );
    await rebuildTemplateUses(db);
    expect((await versions()).versions).toEqual([
      { version: 2, inspections: 1, open: 1 },
      { version: 1, inspections: 1, open: 1 },
    ]);
  });

  it('the template item carries its current version’s finding types for the widgets’ filters', async () => {
    const types = await api<{ pageData: { code: string; name: string; details: { is_enabled: boolean } }[] }>(
      `/api/finding-types/by_template_id/${templateId}`,
    );
    expect(await storedItem(db, templateKeys.template(templateId))).toMatchObject({
      findingTypes: types.body.pageData
        .filter((t) => t.details.is_enabled)
        .map((t) => ({ code: t.code, name: t.name })),
    });
  });

  it('refuses to delete the template while open inspections use it, saying how many', async () => {
    const refused = await api(`/api/inspection-templates/${templateId}`, 'DELETE');
    expect(refused).toMatchObject({
      status: 409,
      body: {
        message: `${templateName} is used by 2 open inspections. Certify or delete them before deleting the template.`,
      },
    });
    expect((await versions()).currentVersion).toBe(2);
  });

  it('deletes it once no open inspection and no project uses it', async () => {
    for (const id of [first, second])
      expect((await api(`/api/inspections/${id}`, 'DELETE')).status).toBe(200);
    expect((await versions()).versions).toEqual([
      { version: 2, inspections: 0, open: 0 },
      { version: 1, inspections: 0, open: 0 },
    ]);
    // The projects still name it: the older rule holds.
    const refused = await api(`/api/inspection-templates/${templateId}`, 'DELETE');
    expect(refused).toMatchObject({
      status: 409,
      body: {
        message: `${templateName} is used by 2 projects (archived ones included), so it cannot be deleted.`,
      },
    });
    for (const id of projects) expect((await api(`/api/projects/${id}`, 'DELETE')).status).toBe(200);
    expect((await api(`/api/inspection-templates/${templateId}`, 'DELETE')).status).toBe(200);
    expect((await api(`/api/inspection-templates/${templateId}`)).status).toBe(404);
  });
});
