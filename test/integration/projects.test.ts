import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup } from '@stormline/data/regulations';
import { localDate } from '@stormline/domain/local-date';
import { call, NORTH, tokenFor } from '../support/api';
import { eventually } from '../support/eventually';
import { testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';

/**
 * The projects area (spec 002 §2, §4, §6, §7 "Projects and archive"; docs/decisions/0018): the
 * list and its search, who sees which projects, Edit Project, archive and restore, delete,
 * the next inspection date, contacts, the change log, and the public view.
 */

const db = testTable();
afterAll(() => db.doc.destroy());

const tag = randomBytes(3).toString('hex');
const ZONE = 'Europe/London';
const day = (offset: number) => localDate(ZONE, new Date(Date.now() + offset * 86_400_000));

interface Detail {
  id: string;
  name: string;
  version: number;
  archivedAt: string | null;
  publishedAt: string | null;
  next_inspection_date: string | null;
  client: { name: string };
}
interface Row {
  id: string;
  name: string;
}
interface PageOf<T> {
  pageData: T[];
  paginationState: { nextCursor: string | null; numModels: number | null };
}

let admin: string;
let inspectorId: string;
let clientId: string;
let groupId: string;

const as = <T>(token: string, path: string, method = 'GET', body?: unknown) =>
  call<T>(path, { method, token, divisionId: NORTH, body });

function form(name: string, change: Record<string, unknown> = {}) {
  return {
    client_id: clientId,
    inspection_template_id: 'routine-stormwater',
    name,
    inspector_user_id: inspectorId,
    latitude: 53.8,
    longitude: -1.55,
    document_group_id: groupId,
    routine_interval: 7,
    timezone: ZONE,
    start_date: day(-30),
    next_inspection_date: day(3),
    ...change,
  };
}

async function newProject(name: string) {
  const created = await as<Detail>(admin, '/api/projects', 'POST', form(name));
  expect(created.status).toBe(201);
  return created.body;
}

beforeAll(async () => {
  admin = await tokenFor('admin@example.com');
  inspectorId = (await createTestUser('Inspector', [NORTH])).id;
  clientId = (
    await as<{ id: string }>(admin, '/api/clients', 'POST', {
      name: `Projects Client ${tag}`,
      address: { street_1: '1 Quay', city: 'Leeds', country_id: 'england', zip: 'LS1 4DL' },
    })
  ).body.id;
  groupId = (await createGroup(db, NORTH, { name: `Projects regulations ${tag}` })).id;
});

describe('the projects list', () => {
  it("lists and searches ('Search Projects') by name, a page at a time", async () => {
    const project = await newProject(`Wharfedale Outfall ${tag}`);
    const listed = await as<PageOf<Row>>(admin, `/api/divisions/${NORTH}/projects`);
    expect(listed.status).toBe(200);
    expect(listed.body.paginationState.numModels).toBeGreaterThan(0);
    const found = await eventually(
      () =>
        as<PageOf<Row>>(admin, `/api/divisions/${NORTH}/projects?s=${encodeURIComponent(`outfall ${tag}`)}`),
      (r) => expect(r.body.pageData.map((p) => p.id)).toEqual([project.id]),
    );
    expect(found.status).toBe(200);
  });

  it('shows a client-side role only the projects it was given', async () => {
    const project = await newProject(`Given Site ${tag}`);
    const hidden = await newProject(`Hidden Site ${tag}`);
    const user = await createTestUser('Client User', [NORTH]);
    const token = await signInAs(user);
    expect((await as(token, `/api/projects/${hidden.id}`)).status).toBe(404);
    const added = await as(admin, `/api/projects/${project.id}/contacts`, 'POST', { userIds: [user.id] });
    expect(added.status).toBe(201);
    const mine = await eventually(
      () => as<PageOf<Row>>(token, `/api/divisions/${NORTH}/projects`),
      (r) => expect(r.body.pageData.map((p) => p.id)).toEqual([project.id]),
    );
    expect(mine.body.paginationState.numModels).toBeNull();
    expect((await as<Detail>(token, `/api/projects/${project.id}`)).body.name).toBe(`Given Site ${tag}`);
    const contacts = await as<{ pageData: { id: string }[] }>(admin, `/api/projects/${project.id}/contacts`);
    expect(contacts.body.pageData.map((c) => c.id)).toContain(user.id);
    expect((await as(admin, `/api/projects/${project.id}/contacts/${user.id}`, 'DELETE')).status).toBe(200);
    expect((await as(token, `/api/projects/${project.id}`)).status).toBe(404);
  });
});

describe('Edit Project', () => {
  it('saves at the version read, renames through the lists, and refuses a stale version', async () => {
    const project = await newProject(`Calder Bridge ${tag}`);
    const {
      client_id: _c,
      inspection_template_id: _t,
      document_group_id: _g,
      ...editable
    } = form(project.name);
    const saved = await as<Detail>(admin, `/api/projects/${project.id}`, 'PUT', {
      ...editable,
      name: `Calder Viaduct ${tag}`,
      routine_interval: 14,
      version: project.version,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      name: `Calder Viaduct ${tag}`,
      routine_interval: 14,
      version: project.version + 1,
    });
    const stale = await as(admin, `/api/projects/${project.id}`, 'PUT', {
      ...editable,
      version: project.version,
    });
    expect(stale.status).toBe(409);
    await eventually(
      () =>
        as<PageOf<Row>>(admin, `/api/divisions/${NORTH}/projects?s=${encodeURIComponent(`viaduct ${tag}`)}`),
      (r) => expect(r.body.pageData.map((p) => p.id)).toEqual([project.id]),
    );
    const old = await as<PageOf<Row>>(
      admin,
      `/api/divisions/${NORTH}/projects?s=${encodeURIComponent(`calder bridge ${tag}`)}`,
    );
    expect(old.body.pageData).toEqual([]);
  });

  it('keeps the create rules: a next date before today is refused', async () => {
    const project = await newProject(`Aire Weir ${tag}`);
    const {
      client_id: _c,
      inspection_template_id: _t,
      document_group_id: _g,
      ...editable
    } = form(project.name);
    const refused = await as(admin, `/api/projects/${project.id}`, 'PUT', {
      ...editable,
      next_inspection_date: day(-2),
      version: project.version,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: 'Next inspection date cannot be before today' });
  });
});

describe('Edit Project by a role that may not create projects', () => {
  it('saves with the inspector as it is, and refuses changing the inspector (403)', async () => {
    const project = await newProject(`Wharfe Meadows ${tag}`);
    const read = await as<Detail & { inspector: { id: string; name: string } | null }>(
      admin,
      `/api/projects/${project.id}`,
    );
    expect(read.body.inspector).toEqual({ id: inspectorId, name: 'Test Inspector' });
    const fieldInspector = await signInAs(await createTestUser('Inspector', [NORTH]));
    const {
      client_id: _c,
      inspection_template_id: _t,
      document_group_id: _g,
      ...editable
    } = form(project.name);
    const other = await createTestUser('Inspector', [NORTH], { lastName: 'Other' });
    const refused = await as<{ message: string }>(fieldInspector, `/api/projects/${project.id}`, 'PUT', {
      ...editable,
      inspector_user_id: other.id,
      version: project.version,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Your role does not allow changing the inspector');
    const saved = await as<Detail>(fieldInspector, `/api/projects/${project.id}`, 'PUT', {
      ...editable,
      routine_interval: 10,
      version: project.version,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ routine_interval: 10, inspector_user_id: inspectorId });
  });
});

describe('Edit Project, the inspector', () => {
  const editable = (name: string) => {
    const { client_id: _c, inspection_template_id: _t, document_group_id: _g, ...rest } = form(name);
    return rest;
  };

  it('gives a client-side inspector the project they are made inspector of', async () => {
    const project = await newProject(`Nidd Viaduct ${tag}`);
    const clientInspector = await createTestUser('Client Inspector', [NORTH]);
    const token = await signInAs(clientInspector);
    expect((await as(token, `/api/projects/${project.id}`)).status).toBe(404);
    const saved = await as(admin, `/api/projects/${project.id}`, 'PUT', {
      ...editable(project.name),
      inspector_user_id: clientInspector.id,
      version: project.version,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await as(token, `/api/projects/${project.id}`)).status).toBe(200);
  });

  it('refuses an inactive inspector, and a stale form with 409 before anything else', async () => {
    const project = await newProject(`Esk Gorge ${tag}`);
    const resting = await createTestUser('Inspector', [NORTH], { lastName: 'Resting' });
    const user = await as<{ version: number }>(admin, `/api/users/${resting.id}`);
    const off = await as(admin, `/api/users/${resting.id}/status`, 'PUT', {
      status: 'inactive',
      version: user.body.version,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const refused = await as<{ message: string }>(admin, `/api/projects/${project.id}`, 'PUT', {
      ...editable(project.name),
      inspector_user_id: resting.id,
      version: project.version,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('The inspector’s account is inactive');
    const fieldInspector = await signInAs(await createTestUser('Inspector', [NORTH]));
    const stale = await as<{ message: string }>(fieldInspector, `/api/projects/${project.id}`, 'PUT', {
      ...editable(project.name),
      inspector_user_id: resting.id,
      version: project.version + 5,
    });
    expect(stale.status).toBe(409);
  });

  it('keeps an inspector who has since been deactivated when the inspector is not changed', async () => {
    const leaving = await createTestUser('Inspector', [NORTH], { lastName: 'Leaving' });
    const created = await as<Detail>(admin, '/api/projects', 'POST', {
      ...form(`Swale Ings ${tag}`),
      inspector_user_id: leaving.id,
    });
    expect(created.status).toBe(201);
    const user = await as<{ version: number }>(admin, `/api/users/${leaving.id}`);
    await as(admin, `/api/users/${leaving.id}/status`, 'PUT', {
      status: 'inactive',
      version: user.body.version,
    });
    const saved = await as<Detail>(admin, `/api/projects/${created.body.id}`, 'PUT', {
      ...editable(created.body.name),
      inspector_user_id: leaving.id,
      routine_interval: 21,
      version: created.body.version,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
});

describe('who reads what of a project', () => {
  it("answers a project's document types only to those who see the project", async () => {
    const project = await newProject(`Ure Banks ${tag}`);
    const clientUser = await signInAs(await createTestUser('Client User', [NORTH]));
    const types = await as(clientUser, `/api/projects/docTypes?projectId=${project.id}`);
    expect(types.status).toBe(404);
    expect((await as(admin, `/api/projects/docTypes?projectId=${project.id}`)).status).toBe(200);
  });

  it('refuses publishing an archived project (409), and lets one be withdrawn from the public view', async () => {
    const project = await newProject(`Derwent Mouth ${tag}`);
    expect((await as(admin, `/api/projects/${project.id}/public`, 'PUT')).status).toBe(200);
    await as(admin, `/api/divisions/${NORTH}/projects/archive/${project.id}`, 'POST');
    const withdrawn = await as<Detail>(admin, `/api/projects/${project.id}/public`, 'DELETE');
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.publishedAt).toBeNull();
    const refused = await as<{ message: string }>(admin, `/api/projects/${project.id}/public`, 'PUT');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This project is archived and can no longer be changed.');
  });
});

describe('archive and restore', () => {
  it('archived projects leave the active list and search, are read-only, and come back on restore', async () => {
    const project = await newProject(`Nidd Gorge ${tag}`);
    const archived = await as<Detail>(
      admin,
      `/api/divisions/${NORTH}/projects/archive/${project.id}`,
      'POST',
    );
    expect(archived.status).toBe(200);
    expect(archived.body.archivedAt).not.toBeNull();
    await eventually(
      () =>
        as<PageOf<Row>>(
          admin,
          `/api/divisions/${NORTH}/projects?s=${encodeURIComponent(`nidd gorge ${tag}`)}`,
        ),
      (r) => expect(r.body.pageData).toEqual([]),
    );
    await eventually(
      () =>
        as<PageOf<Row>>(
          admin,
          `/api/divisions/${NORTH}/projects/archive?s=${encodeURIComponent(`nidd gorge ${tag}`)}`,
        ),
      (r) => expect(r.body.pageData.map((p) => p.id)).toEqual([project.id]),
    );
    expect((await as(admin, `/api/divisions/${NORTH}/projects/archive/${project.id}`)).status).toBe(200);
    const write = await as(admin, `/api/projects/${project.id}/attr/next_inspection_date`, 'PUT', {
      value: day(5),
    });
    expect(write.status).toBe(409);
    expect(write.body).toEqual({ message: 'This project is archived and can no longer be changed.' });
    const inspection = await as(admin, '/api/inspections', 'POST', {
      projectId: project.id,
      type: 'Routine',
    });
    expect(inspection.status).toBe(409);
    const restored = await as<Detail>(
      admin,
      `/api/divisions/${NORTH}/projects/archive/${project.id}`,
      'DELETE',
    );
    expect(restored.body.archivedAt).toBeNull();
    expect((await as(admin, `/api/divisions/${NORTH}/projects/archive/${project.id}`)).status).toBe(404);
    await eventually(
      () =>
        as<PageOf<Row>>(
          admin,
          `/api/divisions/${NORTH}/projects?s=${encodeURIComponent(`nidd gorge ${tag}`)}`,
        ),
      (r) => expect(r.body.pageData.map((p) => p.id)).toEqual([project.id]),
    );
  });
});

describe('notes under an archived project', () => {
  it('are shown as no longer editable, and are refused, until the project is restored', async () => {
    const project = await newProject(`Ouse Bank ${tag}`);
    const inspection = await as<{ id: string }>(admin, '/api/inspections', 'POST', {
      projectId: project.id,
      type: 'Routine',
    });
    const notes = `/api/inspections/${inspection.body.id}/notes`;
    const note = await as<{ id: string; mayEdit: boolean }>(admin, notes, 'POST', {
      note: { content: 'Gate left open.' },
    });
    expect(note.body.mayEdit).toBe(true);
    const mayEdit = async () =>
      (await as<{ pageData: { mayEdit: boolean }[] }>(admin, notes)).body.pageData.map((n) => n.mayEdit);
    await as(admin, `/api/divisions/${NORTH}/projects/archive/${project.id}`, 'POST');
    expect(await mayEdit()).toEqual([false]);
    const edit = await as(admin, `${notes}/${note.body.id}`, 'PUT', { note: { content: 'Gate shut.' } });
    expect(edit.status).toBe(409);
    await as(admin, `/api/divisions/${NORTH}/projects/archive/${project.id}`, 'DELETE');
    expect(await mayEdit()).toEqual([true]);
  });
});

describe('delete, next date, change log', () => {
  it('refuses to delete a project holding inspections, deletes an empty one', async () => {
    const busy = await newProject(`Busy Site ${tag}`);
    expect(
      (await as(admin, '/api/inspections', 'POST', { projectId: busy.id, type: 'Routine' })).status,
    ).toBe(201);
    const refused = await as<{ message: string }>(admin, `/api/projects/${busy.id}`, 'DELETE');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This project has 1 inspection. Delete them before deleting the project.',
    );
    const empty = await newProject(`Empty Site ${tag}`);
    expect((await as(admin, `/api/projects/${empty.id}`, 'DELETE')).status).toBe(200);
    expect((await as(admin, `/api/projects/${empty.id}`)).status).toBe(404);
  });

  it('sets the next inspection date in MM-dd-yyyy, not before today, and logs each write', async () => {
    const project = await newProject(`Swale Lane ${tag}`);
    const [y, m, d] = day(10).split('-');
    const set = await as<Detail>(admin, `/api/projects/${project.id}/attr/next_inspection_date`, 'PUT', {
      value: `${m}-${d}-${y}`,
    });
    expect(set.status).toBe(200);
    expect(set.body.next_inspection_date).toBe(day(10));
    const [py, pm, pd] = day(-1).split('-');
    const past = await as(admin, `/api/projects/${project.id}/attr/next_inspection_date`, 'PUT', {
      value: `${pm}-${pd}-${py}`,
    });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ message: 'Next inspection date cannot be before today' });
    const log = await as<
      PageOf<{ action: string; actor: { name: string }; changes: { field: string; to: unknown }[] }>
    >(admin, `/api/changelog/projects/${project.id}`);
    expect(log.body.pageData[0]).toMatchObject({
      action: 'updated',
      changes: [{ field: 'next_inspection_date', to: JSON.stringify(day(10)) }],
    });
  });
});

describe('the public view', () => {
  it('the public account reads a project only once it is published, and never writes', async () => {
    const project = await newProject(`Public Beck ${tag}`);
    const publicToken = await tokenFor('public@example.com');
    expect((await as(publicToken, `/api/publicUrl/${project.id}`)).status).toBe(404);
    const inspector = await tokenFor('inspector@example.com');
    // Only all on QR Access publishes: an Inspector has it; a Regulator does not.
    const regulator = await tokenFor('regulator@example.com');
    expect((await as(regulator, `/api/projects/${project.id}/public`, 'PUT')).status).toBe(403);
    const published = await as<Detail>(inspector, `/api/projects/${project.id}/public`, 'PUT');
    expect(published.status).toBe(200);
    expect(published.body.publishedAt).not.toBeNull();
    const header = await as<{ name: string; clientName: string }>(
      publicToken,
      `/api/publicUrl/${project.id}/header`,
    );
    expect(header.body).toMatchObject({ name: `Public Beck ${tag}`, clientName: `Projects Client ${tag}` });
    expect((await as(publicToken, `/api/projects/${project.id}/inspections`)).status).toBe(200);
    const write = await as(publicToken, `/api/projects/${project.id}/attr/next_inspection_date`, 'PUT', {
      value: day(4),
    });
    expect(write.status).toBe(403);
    expect(write.body).toEqual({ message: 'The public view is read-only' });
    expect((await as(admin, `/api/projects/${project.id}/public`, 'DELETE')).status).toBe(200);
    expect((await as(publicToken, `/api/publicUrl/${project.id}`)).status).toBe(404);
  });
});
