import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProjectInDivision } from '@stormline/data/projects';
import { createGroup } from '@stormline/data/regulations';
import { addDays, localDate } from '@stormline/domain/local-date';
import { PERMIT_CHANGE_REFUSED, PERMIT_MESSAGES } from '@stormline/domain/permit-rules';
import type { ProjectPermit } from '@stormline/domain/permit-rules';
import { grantsOf, roleByName } from '@stormline/domain/roles';
import type { Deps } from '@stormline/functions/lib/deps';
import { main as createProjectMain } from '@stormline/functions/http/projects/create-project';
import { main as updateProjectMain } from '@stormline/functions/http/projects/update-project';
import { call, NORTH, SOUTH, tokenFor } from '../support/api';
import { testTable } from '../support/table';
import { createTestUser } from '../support/users';

/**
 * A project's permit in Create and Edit Project (issue 23, docs/decisions/0049): the rule set and
 * its options, validated on the server against the rule set and answered on the form's fields;
 * the permit number beside the CGP tracking ID. The runtime's region is UK (fixed interval only);
 * the US permits run through the same handlers with the region set to US.
 */

interface Project {
  id: string;
  name: string;
  version: number;
  permit: ProjectPermit;
  permit_number: string | null;
  cgp_tracking_id: string | null;
  [field: string]: unknown;
}

const db = testTable();
afterAll(() => db.doc.destroy());
const tag = () => randomBytes(3).toString('hex');

let admin: string;
let clientId: string;
let groupId: string;
let inspectorId: string;

beforeAll(async () => {
  admin = await tokenFor('admin@example.com');
  const address = { street_1: '1 Quay', city: 'Leeds', country_id: 'england', zip: 'LS1 4DL' };
  const north = await call<{ id: string }>('/api/clients', {
    method: 'POST',
    token: admin,
    divisionId: NORTH,
    body: { name: `Permit Client ${tag()}`, address },
  });
  clientId = north.body.id;
  groupId = (await createGroup(db, NORTH, { name: `Permit regulations ${tag()}` })).id;
  inspectorId = (await createTestUser('Inspector', [NORTH])).id;
});

function ukForm(change: Record<string, unknown> = {}) {
  return {
    client_id: clientId,
    inspection_template_id: 'routine-stormwater',
    name: `Wharfe Outfall ${tag()}`,
    inspector_user_id: inspectorId,
    latitude: 53.9,
    longitude: -1.69,
    document_group_id: groupId,
    routine_interval: 7,
    address: { street_1: 'Otley Road', city: 'Otley', country_id: 'england', zip: 'LS21 1AA' },
    timezone: 'Europe/London',
    ...change,
  };
}

const create = (body: Record<string, unknown>) =>
  call<Project & { message: string; issues: { path: string; message: string }[] }>('/api/projects', {
    method: 'POST',
    token: admin,
    divisionId: NORTH,
    body,
  });

const FIXED: ProjectPermit = {
  ruleSetId: 'fixed-interval',
  frequencyId: null,
  sensitiveWaters: false,
  reducedPeriods: [],
};

describe('the permit through the API (UK: the fixed interval)', () => {
  it('a project created without a permit runs on the fixed interval, and says so', async () => {
    const created = await create(ukForm());
    expect(created.status).toBe(201);
    expect(created.body.permit).toEqual(FIXED);
    expect(created.body.permit_number).toBeNull();
    const read = await call<Project>(`/api/projects/${created.body.id}`, { token: admin, divisionId: NORTH });
    expect(read.body.permit).toEqual(FIXED);
  });

  it('keeps the permit number of a form type not on the CGP list', async () => {
    const created = await create(ukForm({ permit: FIXED, permit_number: ' EPR/AB1234CD ' }));
    expect(created.status).toBe(201);
    expect(created.body.permit_number).toBe('EPR/AB1234CD');
  });

  it('refuses the CGP in the UK, on the rule set field', async () => {
    const refused = await create(ukForm({ permit: { ...FIXED, ruleSetId: 'cgp-2022' } }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      message: PERMIT_MESSAGES.ruleSetRegion,
      issues: [{ path: 'permit.ruleSetId', message: PERMIT_MESSAGES.ruleSetRegion }],
    });
  });

  it('refuses a second number on a CGP form type: its CGP tracking ID is the number', async () => {
    const refused = await create(
      ukForm({ inspection_template_id: 'epa-cgp', cgp_tracking_id: 'UKR10A123', permit_number: 'X-1' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([
      { path: 'permit_number', message: PERMIT_MESSAGES.permitNumberOnCgpList },
    ]);
  });

  it('refuses a rule set that does not exist, with the field message', async () => {
    const refused = await create(ukForm({ permit: { ...FIXED, ruleSetId: 'cgp-2017' } }));
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([
      { path: 'permit.ruleSetId', message: PERMIT_MESSAGES.ruleSetUnknown },
    ]);
  });
});

describe('US permits (the same handlers with the region set to US)', () => {
  const deps = (): Deps => ({ db, region: 'US', jwtSecret: 'unused', now: () => new Date() });
  const admin = () =>
    ({
      user: { id: inspectorId },
      role: roleByName('Admin'),
      grants: grantsOf(roleByName('Admin')),
      inRequestedDivision: true,
    }) as never;
  const usForm = (change: Record<string, unknown> = {}) =>
    ukForm({
      timezone: 'America/Denver',
      address: { street_1: '5800 Spine Road', city: 'Boulder', state_id: 'CO', zip: '80301' },
      next_inspection_date: localDate('America/Denver', new Date()),
      ...change,
    });
  const createUs = async (change: Record<string, unknown>, divisionId = NORTH) =>
    (await createProjectMain({ body: usForm(change), caller: admin(), divisionId, deps: deps() } as never))
      .body as Project;
  const editUs = async (project: Project, change: Record<string, unknown>, divisionId = NORTH) => {
    const {
      client_id: _c,
      inspection_template_id: _t,
      document_group_id: _g,
      ...editable
    } = usForm({
      name: project.name,
    });
    return (await updateProjectMain({
      params: { id: project.id },
      body: { ...editable, ...change, version: project.version },
      caller: admin(),
      divisionId,
      deps: deps(),
    } as never)) as Project;
  };
  const cgp = (over: Partial<ProjectPermit> = {}): ProjectPermit => ({
    ruleSetId: 'cgp-2022',
    frequencyId: 'every-14-days-and-storm',
    sensitiveWaters: false,
    reducedPeriods: [],
    ...over,
  });

  it('creates a project on CGP 4.2.2 with a stabilized period and its NPDES tracking number, stored as sent', async () => {
    const permit = cgp({ reducedPeriods: [{ kind: 'stabilized', from: '2027-01-01', to: '2027-03-31' }] });
    const created = await createUs({ permit, permit_number: 'COR10F123' });
    expect(created.permit).toEqual(permit);
    expect(created.permit_number).toBe('COR10F123');
    const stored = await getProjectInDivision(db, NORTH, created.id);
    expect(stored.permit).toEqual(permit);
  });

  it('edits the permit: sensitive waters on, periods kept in date order, the change logged', async () => {
    const created = await createUs({ permit: cgp() });
    const saved = await editUs(created, {
      permit: cgp({
        sensitiveWaters: true,
        reducedPeriods: [
          { kind: 'frozen-continuing', from: '2027-01-01', to: null },
          { kind: 'stabilized', from: '2026-12-01', to: '2026-12-31' },
        ],
      }),
    });
    expect(saved.permit.sensitiveWaters).toBe(true);
    expect(saved.permit.reducedPeriods.map((p) => p.kind)).toEqual(['stabilized', 'frozen-continuing']);
    const log = await call<{ pageData: { changes: { field: string }[] }[] }>(
      `/api/changelog/projects/${created.id}`,
      { token: await tokenFor('admin@example.com'), divisionId: NORTH },
    );
    expect(log.body.pageData.flatMap((e) => e.changes.map((c) => c.field))).toContain('permit');
  });

  it('refuses the permit changed by a role that does not create projects, and takes the rest of its edit', async () => {
    const created = await createUs({ permit: cgp() });
    const inspector = {
      user: { id: inspectorId },
      role: roleByName('Inspector'),
      grants: grantsOf(roleByName('Inspector')),
      inRequestedDivision: true,
    } as never;
    const {
      client_id: _c,
      inspection_template_id: _t,
      document_group_id: _g,
      ...editable
    } = usForm({
      name: created.name,
    });
    const edit = (permit: ProjectPermit) =>
      updateProjectMain({
        params: { id: created.id },
        body: { ...editable, permit, notes: 'Silt fence repaired', version: created.version },
        caller: inspector,
        divisionId: NORTH,
        deps: deps(),
      } as never) as Promise<Project>;
    await expect(edit(FIXED)).rejects.toThrow(PERMIT_CHANGE_REFUSED);
    const saved = await edit(cgp());
    expect(saved).toMatchObject({ notes: 'Silt fence repaired', permit: cgp() });
  });

  it('an edit that sends no permit keeps the one stored', async () => {
    const created = await createUs({ permit: cgp() });
    const saved = await editUs(created, { notes: 'Gate code 1234' });
    expect(saved.permit).toEqual(cgp());
  });

  it.each<[string, Partial<ProjectPermit> & Record<string, unknown>, string, string]>([
    [
      'a frequency of another permit',
      { frequencyId: 'interval' },
      'permit.frequencyId',
      PERMIT_MESSAGES.frequencyUnknown,
    ],
    [
      'sensitive waters on TXR150000',
      { ruleSetId: 'txr150000-2023', frequencyId: null, sensitiveWaters: true },
      'permit.sensitiveWaters',
      PERMIT_MESSAGES.sensitiveNotApplicable,
    ],
    [
      'a frozen period on TXR150000',
      {
        ruleSetId: 'txr150000-2023',
        frequencyId: null,
        reducedPeriods: [{ kind: 'frozen-suspended', from: '2026-12-01', to: null }],
      },
      'permit.reducedPeriods.0.kind',
      PERMIT_MESSAGES.periodKindNotAllowed,
    ],
    [
      'a date that is not real',
      { reducedPeriods: [{ kind: 'stabilized', from: '2026-02-30', to: null }] },
      'permit.reducedPeriods.0.from',
      PERMIT_MESSAGES.dateFormat,
    ],
    [
      'To before From',
      { reducedPeriods: [{ kind: 'stabilized', from: '2026-12-10', to: '2026-12-01' }] },
      'permit.reducedPeriods.0.to',
      PERMIT_MESSAGES.periodToBeforeFrom,
    ],
    [
      'two stabilized periods overlapping',
      {
        reducedPeriods: [
          { kind: 'stabilized', from: '2026-12-01', to: '2026-12-31' },
          { kind: 'stabilized', from: '2026-12-15', to: null },
        ],
      },
      'permit.reducedPeriods.1.from',
      PERMIT_MESSAGES.periodsOverlap,
    ],
  ])(
    'refuses %s on create and on edit, on its field, and writes nothing',
    async (_name, change, path, message) => {
      await expect(createUs({ permit: cgp(change) })).rejects.toMatchObject({
        status: 400,
        message,
        issues: [{ path, message }],
      });
      const created = await createUs({ permit: cgp() });
      await expect(editUs(created, { permit: cgp(change) })).rejects.toMatchObject({ status: 400, message });
      const stored = await getProjectInDivision(db, NORTH, created.id);
      expect(stored.permit).toEqual(cgp());
      expect(stored.version).toBe(created.version);
    },
  );

  it('starting a routine inspection sets the next date by the permit (CGP 4.2.1: 7 days), not the project interval', async () => {
    const created = await createUs({ permit: cgp({ frequencyId: 'every-7-days' }), routine_interval: 30 });
    const started = await call('/api/inspections', {
      method: 'POST',
      token: await tokenFor('admin@example.com'),
      divisionId: NORTH,
      body: { projectId: created.id, type: 'Routine' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const today = localDate('America/Denver', new Date());
    const read = await call<Project>(`/api/projects/${created.id}`, {
      token: await tokenFor('admin@example.com'),
      divisionId: NORTH,
    });
    expect(read.body).toMatchObject({ next_inspection_date: addDays(today, 7), last_routine_date: today });
  });

  it("another division's project is not found, and stays as it was", async () => {
    const created = await createUs({ permit: cgp() });
    await expect(editUs(created, { permit: cgp({ sensitiveWaters: true }) }, SOUTH)).rejects.toMatchObject({
      status: 404,
    });
    expect((await getProjectInDivision(db, NORTH, created.id)).permit).toEqual(cgp());
  });
});
