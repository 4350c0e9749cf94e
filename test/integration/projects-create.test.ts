import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { clientKeys } from '@stormline/data/clients';
import { keys } from '@stormline/data/keys';
import { projectKeys } from '@stormline/data/projects';
import { createGroup } from '@stormline/data/regulations';
import { localDate } from '@stormline/domain/local-date';
import type { Deps } from '@stormline/functions/lib/deps';
import { main as createProjectMain } from '@stormline/functions/http/projects/create-project';
import { call, NORTH, SOUTH, tokenFor } from '../support/api';
import { eventually } from '../support/eventually';
import { storedItem, testTable } from '../support/table';
import { createTestUser } from '../support/users';

/**
 * The Create project modal's call (spec 001 §2 and §5): POST /api/projects with every field and
 * conditional rule, checked on the server, and GET /api/projects/docTypes. The runtime's region
 * is UK; the US rules run through the same handler with the region set to US.
 */

interface Project {
  id: string;
  name: string;
  routine_interval: number;
  docTypes: { id: string; name: string }[];
  [field: string]: unknown;
}

const db = testTable();
afterAll(() => db.doc.destroy());

const tag = () => randomBytes(3).toString('hex');
const dayFrom = (days: number, zone = 'Europe/London') =>
  localDate(zone, new Date(Date.now() + days * 24 * 60 * 60 * 1000));

let admin: string;
let clientId: string;
let southClientId: string;
let groupId: string;
let southGroupId: string;
let inspectorId: string;

beforeAll(async () => {
  admin = await tokenFor('admin@example.com');
  const address = { street_1: '1 Quay', city: 'Leeds', country_id: 'england', zip: 'LS1 4DL' };
  const north = await call<{ id: string }>('/api/clients', {
    method: 'POST',
    token: admin,
    divisionId: NORTH,
    body: { name: `Project Client ${tag()}`, address },
  });
  const south = await call<{ id: string }>('/api/clients', {
    method: 'POST',
    token: admin,
    divisionId: SOUTH,
    body: { name: `South Project Client ${tag()}`, address },
  });
  clientId = north.body.id;
  southClientId = south.body.id;
  groupId = (await createGroup(db, NORTH, { name: `Project regulations ${tag()}` })).id;
  southGroupId = (await createGroup(db, SOUTH, { name: `South regulations ${tag()}` })).id;
  inspectorId = (await createTestUser('Inspector', [NORTH])).id;
});

/** The modal's fields for the routine template, as a UK user fills them in. */
function form(change: Record<string, unknown> = {}) {
  return {
    client_id: clientId,
    inspection_template_id: 'routine-stormwater',
    name: `Aire Valley Culvert ${tag()}`,
    inspector_user_id: inspectorId,
    latitude: 53.79648,
    longitude: -1.54785,
    document_group_id: groupId,
    routine_interval: 7,
    permittee: 'Aire Valley Water',
    address: { street_1: 'Kirkstall Road', city: 'Leeds', country_id: 'england', zip: 'ls4 2az' },
    timezone: 'Europe/London',
    start_date: dayFrom(-30),
    end_date: dayFrom(300),
    next_inspection_date: dayFrom(0),
    notes: 'Access from the east gate.',
    docTypes: ['swmp', 'permits'],
    ...change,
  };
}

const create = (body: Record<string, unknown>, divisionId = NORTH, token?: string) =>
  call<Project>('/api/projects', { method: 'POST', token: token ?? admin, divisionId, body });

describe('creating a project', () => {
  it('writes the project with every field, the interval rounded up, the site maps among its document types', async () => {
    const body = form({ routine_interval: 7.2 });
    const response = await create(body);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: body.name,
      client_id: clientId,
      inspection_template_id: 'routine-stormwater',
      document_group_id: groupId,
      inspector_user_id: inspectorId,
      permittee: 'Aire Valley Water',
      address: {
        street_1: 'Kirkstall Road',
        city: 'Leeds',
        country_id: 'england',
        countryObj: { id: 'england', name: 'England' },
        state: null,
        zip: 'LS4 2AZ',
        latitude: 53.79648,
        longitude: -1.54785,
      },
      timezone: 'Europe/London',
      start_date: body.start_date,
      end_date: body.end_date,
      next_inspection_date: body.next_inspection_date,
      routine_interval: 8,
      isCcrProject: false,
      inspection_compliance_required: true,
      findingComplianceRequired: true,
      cgp_tracking_id: null,
      notes: 'Access from the east gate.',
      docTypes: [
        { id: 'active-site-maps', name: 'Active Site Maps' },
        { id: 'swmp', name: 'SWMP' },
        { id: 'permits', name: 'Permits' },
      ],
      divisionProject: { division_id: NORTH },
      archivedAt: null,
      version: 0,
    });
    const id = response.body.id;
    // The record as docs/data-model.md has it: in the division's active list and the client's projects.
    expect(await storedItem(db, projectKeys.project(NORTH, id))).toMatchObject({
      gsi1pk: `DIVISION#${NORTH}#PROJECTS#ACTIVE`,
      gsi2pk: `DIVISION#${NORTH}#CLIENT#${clientId}#PROJECTS`,
      divisionId: NORTH,
      publishedAt: null,
    });
    // The inspector may see it (their access row), and the counters moved with it.
    expect(await storedItem(db, projectKeys.access(NORTH, id, inspectorId))).toMatchObject({
      gsi2pk: `DIVISION#${NORTH}#USER#${inspectorId}#PROJECTS`,
    });
    expect(await storedItem(db, clientKeys.divisionLink(NORTH, clientId))).toMatchObject({ projectCount: 1 });
    // It shows on the client's Projects tab.
    await eventually(
      () =>
        call<{ pageData: { id: string }[] }>(`/api/clients/${clientId}/projects`, {
          token: admin,
          divisionId: NORTH,
        }),
      (page) => expect(page.body.pageData.map((p) => p.id)).toContain(id),
    );
  });

  it.each([
    [{ name: '' }, 'Project name is required'],
    [{ name: 'x'.repeat(356) }, 'Project name must be at most 355 characters'],
    [{ client_id: undefined }, 'Client is required'],
    [{ inspection_template_id: undefined }, 'Inspection form type is required'],
    [{ inspector_user_id: undefined }, 'Inspector is required'],
    [{ document_group_id: undefined }, 'Regulations is required'],
    [{ latitude: undefined }, 'Latitude is required'],
    [{ latitude: 53.7964812 }, 'Latitude can have at most 6 decimal places'],
    [{ longitude: 200 }, 'Longitude must be between -180 and 180'],
    [{ routine_interval: undefined }, 'Routine inspection interval is required'],
    [{ routine_interval: 0 }, 'Routine inspection interval must be between 1 and 999 days'],
    [{ routine_interval: 999.5 }, 'Routine inspection interval must be between 1 and 999 days'],
    [{ timezone: 'America/Denver' }, 'The time zone in the UK is GMT'],
    [{ address: { zip: '80302' } }, 'Please enter a valid UK postcode'],
    [{ address: { state_id: 'CO' } }, 'Addresses in the UK have a country, not a state'],
    [{ next_inspection_date: dayFrom(-1) }, 'Next inspection date cannot be before today'],
    [{ next_inspection_date: '2025-02-30' }, 'Please enter a valid date'],
    [{ end_date: dayFrom(-31) }, 'End date cannot be before the start date'],
    [{ docTypes: ['blueprints'] }, 'Please select document types from the list'],
  ])('refuses %j: %s, writing nothing', async (change, message) => {
    const count = async () => (await storedItem(db, clientKeys.divisionLink(NORTH, clientId)))?.projectCount;
    const before = await count();
    const response = await create(form(change));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message });
    expect(await count()).toBe(before);
  });
});

describe('the conditional options of the template', () => {
  it("takes CCR, the compliance choice and completed findings for 'Delaware'", async () => {
    const response = await create(
      form({
        inspection_template_id: 'delaware',
        isCcrProject: true,
        inspection_compliance_required: true,
        findingComplianceRequired: false,
      }),
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      isCcrProject: true,
      inspection_compliance_required: true,
      findingComplianceRequired: false,
    });
  });

  it('leaves compliance off, and completed findings with it, when the project chooses so', async () => {
    const response = await create(
      form({ inspection_template_id: 'delaware', inspection_compliance_required: false }),
    );
    expect(response.body).toMatchObject({
      inspection_compliance_required: false,
      findingComplianceRequired: false,
    });
    const refused = await create(
      form({
        inspection_template_id: 'delaware',
        inspection_compliance_required: false,
        findingComplianceRequired: true,
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      message:
        'The completed findings option applies only when compliance is required on an inspection form type whose compliance is optional',
    });
  });

  it('requires the CGP tracking ID for a CGP template, and keeps it', async () => {
    const missing = await create(form({ inspection_template_id: 'epa-cgp' }));
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ message: 'CGP tracking ID is required' });
    const created = await create(form({ inspection_template_id: 'epa-cgp', cgp_tracking_id: 'UKR10A123' }));
    expect(created.status).toBe(201);
    expect(created.body.cgp_tracking_id).toBe('UKR10A123');
  });

  it.each([
    [{ isCcrProject: true }, 'CCR applies only to inspection form types on the CCR list'],
    [
      { inspection_compliance_required: false },
      'The compliance signature option applies only to inspection form types whose compliance is optional',
    ],
    [
      { cgp_tracking_id: 'UKR10A123' },
      'A CGP tracking ID applies only to inspection form types on the CGP list',
    ],
  ])('refuses %j for a template it does not apply to', async (change, message) => {
    const response = await create(form(change));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message });
  });

  it("gives a template without a compliance certificate ('CDOT') no compliance", async () => {
    const response = await create(form({ inspection_template_id: 'cdot' }));
    expect(response.body).toMatchObject({
      inspection_compliance_required: false,
      findingComplianceRequired: false,
    });
  });
});

describe('the inspector', () => {
  it('may hold any of the listed roles', async () => {
    const manager = await createTestUser('Client Manager', [NORTH]);
    const response = await create(form({ inspector_user_id: manager.id }));
    expect(response.status).toBe(201);
  });

  it.each(['Client User', 'BMP Contractor', 'Regulator'] as const)('may not be a %s', async (role) => {
    const user = await createTestUser(role, [NORTH]);
    const response = await create(form({ inspector_user_id: user.id }));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      message:
        'The inspector must hold one of these roles: Admin, Inspector, Area / Assistant Manager, Regional Manager, SWMP Admin, CDOT PE/Designee, Supervising Engineer, Client Inspector, Client Manager, Regional Manager (External)',
    });
  });

  it('may not be inactive', async () => {
    const user = await createTestUser('Inspector', [NORTH]);
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.user(user.id),
        UpdateExpression: 'SET #status = :inactive',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':inactive': 'inactive' },
      }),
    );
    const response = await create(form({ inspector_user_id: user.id }));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message: 'The inspector’s account is inactive' });
  });
});

describe("another division's records", () => {
  it.each([
    ['client_id', () => southClientId, 'Please select a client of this division'],
    ['document_group_id', () => southGroupId, 'Please select regulations of this division'],
    ['inspector_user_id', () => 'south-only', 'The inspector must be a user of this division'],
    [
      'inspection_template_id',
      () => 'no-such-template',
      'Please select an inspection form type of this division',
    ],
  ])('refuses a %s that is not the division’s, writing nothing', async (field, value, message) => {
    // The project's client counts its projects (this file's own, or the other division's): the
    // division's count moves with the other files' projects, written meanwhile (0023).
    const id = field === 'inspector_user_id' ? (await createTestUser('Inspector', [SOUTH])).id : value();
    const body = form({ [field]: id });
    const count = async () =>
      (await storedItem(db, clientKeys.divisionLink(NORTH, body.client_id as string)))?.projectCount;
    const before = await count();
    const response = await create(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message });
    expect(await count()).toBe(before);
  });

  it('refuses a role without create on Project', async () => {
    const manager = await tokenFor('client.manager@example.com');
    const response = await create(form(), NORTH, manager);
    expect(response.status).toBe(403);
  });
});

describe('the US region (the same handler with the region set to US)', () => {
  const deps = (): Deps => ({ db, region: 'US', jwtSecret: 'unused', now: () => new Date() });
  const createUs = (change: Record<string, unknown>) =>
    createProjectMain({
      body: form({
        timezone: 'America/Denver',
        address: { street_1: '5800 Spine Road', city: 'Boulder', state_id: 'CO', zip: '80301' },
        next_inspection_date: dayFrom(0, 'America/Denver'),
        ...change,
      }),
      caller: { user: { id: inspectorId } },
      divisionId: NORTH,
      deps: deps(),
    } as never);

  it('takes a state, a five-digit zip and a US time zone', async () => {
    await expect(createUs({})).resolves.toMatchObject({
      status: 201,
      body: { timezone: 'America/Denver', address: { state: { name: 'Colorado' }, zip: '80301' } },
    });
  });

  it.each([
    [{ timezone: 'Europe/London' }, 'Please select a US time zone from the list'],
    [{ address: { zip: '8030' } }, 'Zip code must be 5 digits'],
    [{ address: { country_id: 'england' } }, 'Addresses in the US have a state, not a country'],
  ])('refuses %j: %s', async (change, message) => {
    await expect(createUs(change)).rejects.toMatchObject({ status: 400, message });
  });
});

describe('project document types', () => {
  it('lists the catalogue, one by name, and a project’s own', async () => {
    const all = await call<{ id: string; name: string }[]>('/api/projects/docTypes', {
      token: admin,
      divisionId: NORTH,
    });
    expect(all.status).toBe(200);
    expect(all.body.map((t) => t.name)).toContain('Active Site Maps');
    const siteMaps = await call('/api/projects/docTypes?name=Active%20Site%20Maps', {
      token: admin,
      divisionId: NORTH,
    });
    expect(siteMaps.body).toEqual([{ id: 'active-site-maps', name: 'Active Site Maps' }]);
    const created = await create(form({ docTypes: ['inspection-reports'] }));
    const own = await call(`/api/projects/docTypes?projectId=${created.body.id}`, {
      token: admin,
      divisionId: NORTH,
    });
    expect(own.body).toEqual([
      { id: 'active-site-maps', name: 'Active Site Maps' },
      { id: 'inspection-reports', name: 'Inspection Reports' },
    ]);
  });

  it("answers 404 for another division's project, and for an unpublished one in the public view", async () => {
    const created = await create(form());
    const south = await call('/api/projects/docTypes?projectId=' + created.body.id, {
      token: admin,
      divisionId: SOUTH,
    });
    expect(south.status).toBe(404);
    expect(south.body).toEqual({ message: 'Project not found' });
    const publicView = await call(`/api/projects/docTypes?projectId=${created.body.id}`, {
      token: await tokenFor('public@example.com'),
      divisionId: NORTH,
    });
    expect(publicView.status).toBe(404);
  });
});

describe('the inspector select', () => {
  async function allInspectors() {
    const seen: { id: string; roleName: string; name: string }[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { pageData: typeof seen; paginationState: { nextCursor: string | null } } } =
        await call(`/api/projects/inspectors${cursor ? `?cursor=${cursor}` : ''}`, {
          token: admin,
          divisionId: NORTH,
        });
      seen.push(...page.body.pageData);
      cursor = page.body.paginationState.nextCursor;
    } while (cursor);
    return seen;
  }

  it('offers the users of the listed roles, and neither other roles nor inactive accounts', async () => {
    const clientUser = await createTestUser('Client User', [NORTH]);
    const inactive = await createTestUser('Inspector', [NORTH]);
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.user(inactive.id),
        UpdateExpression: 'SET #status = :inactive',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':inactive': 'inactive' },
      }),
    );
    const offered = await eventually(allInspectors, (list) =>
      expect(list.map((u) => u.id)).toContain(inspectorId),
    );
    expect(offered.find((u) => u.id === inspectorId)).toMatchObject({ roleName: 'Inspector' });
    // The demo's invited inspector has no name yet: offered by e-mail, never as a blank.
    expect(offered.map((u) => u.name)).toContain('new.inspector@example.com');
    expect(offered.every((u) => u.name.trim() !== '')).toBe(true);
    const ids = offered.map((u) => u.id);
    expect(ids).not.toContain(clientUser.id);
    expect(ids).not.toContain(inactive.id);
    expect(offered.every((u) => u.roleName !== 'Client User' && u.roleName !== 'Public')).toBe(true);
  });
});
