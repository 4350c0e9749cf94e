import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup } from '@stormline/data/regulations';
import { localDate } from '@stormline/domain/local-date';
import { call, NORTH, SOUTH, tokenFor } from '../support/api';
import { testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';

/**
 * Team Management (spec 000 §2, §7): the division's inspectors with the projects each inspects,
 * and Re-assign (POST /api/inspections/reassign/{userId}), for those who choose inspectors.
 */

const db = testTable();
afterAll(() => db.doc.destroy());

const ZONE = 'Europe/London';
const tag = randomBytes(3).toString('hex');
const as = <T>(token: string, path: string, method = 'GET', body?: unknown) =>
  call<T & { message?: string }>(path, { method, token, divisionId: NORTH, body });

interface Team {
  team: {
    id: string;
    name: string;
    inspections: { projectId: string; siteName: string }[];
    moreSites: string | null;
  }[];
  paginationState: { nextCursor: string | null };
}

let admin: string;
let from: { id: string };
let to: { id: string };
let projectId: string;
let clientId: string;
let groupId: string;

/** A project of the test's client inspected by `inspectorId`. */
async function siteOf(inspectorId: string, name: string): Promise<string> {
  const project = await as<{ id: string }>(admin, '/api/projects', 'POST', {
    client_id: clientId,
    inspection_template_id: 'routine-stormwater',
    name,
    inspector_user_id: inspectorId,
    latitude: 53.79,
    longitude: -1.53,
    document_group_id: groupId,
    routine_interval: 7,
    timezone: ZONE,
    start_date: localDate(ZONE, new Date()),
    next_inspection_date: localDate(ZONE, new Date()),
  });
  expect(project.status, JSON.stringify(project.body)).toBe(201);
  return project.body.id;
}

async function teamMember(token: string, userId: string) {
  for (let cursor: string | null | undefined; ;) {
    const page = await as<Team>(
      token,
      `/api/divisions/${NORTH}/getTeamManagementData${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    const member = page.body.team.find((m) => m.id === userId);
    if (member || !page.body.paginationState.nextCursor) return member;
    cursor = page.body.paginationState.nextCursor;
  }
}

beforeAll(async () => {
  admin = await tokenFor('admin@example.com');
  from = await createTestUser('Inspector', [NORTH], { lastName: `From ${tag}` });
  to = await createTestUser('Inspector', [NORTH], { lastName: `To ${tag}` });
  const client = await as<{ id: string }>(admin, '/api/clients', 'POST', {
    name: `Team Client ${tag}`,
    address: { street_1: '9 Wharf St', city: 'Leeds', country_id: 'england', zip: 'LS2 7EQ' },
  });
  clientId = client.body.id;
  groupId = (await createGroup(db, NORTH, { name: `Team regulations ${tag}` })).id;
  projectId = await siteOf(from.id, `Clarence Dock ${tag}`);
});

describe('Team Management', () => {
  it('lists each inspector with the projects they inspect', async () => {
    const member = await teamMember(admin, from.id);
    expect(member?.inspections.map((i) => i.projectId)).toEqual([projectId]);
    expect(member?.name).toBe(`Test From ${tag}`);
  });

  it("shows a member's first five sites, and the rest a page at a time from the member's cursor", async () => {
    const busy = await createTestUser('Inspector', [NORTH], { lastName: `Busy ${tag}` });
    const five = await createTestUser('Inspector', [NORTH], { lastName: `Five ${tag}` });
    const names = Array.from({ length: 7 }, (_, i) => `Busy Site ${String(i + 1).padStart(2, '0')} ${tag}`);
    const busySites: string[] = [];
    for (const name of names) busySites.push(await siteOf(busy.id, name));
    for (let i = 0; i < 5; i++) await siteOf(five.id, `Five Site ${i + 1} ${tag}`);
    // A project the busy member is only a contact of is not theirs to re-assign.
    const someoneElse = await createTestUser('Inspector', [NORTH]);
    const contactOnly = await siteOf(someoneElse.id, `Busy Contact ${tag}`);
    expect(
      (await as(admin, `/api/projects/${contactOnly}/contacts`, 'POST', { userIds: [busy.id] })).status,
    ).toBe(201);

    const member = (await teamMember(admin, busy.id))!;
    expect(member.inspections.map((i) => i.siteName)).toEqual(names.slice(0, 5));
    expect(member.moreSites).toEqual(expect.any(String));
    const more = await as<{
      pageData: { projectId: string; siteName: string; clientName: string }[];
      paginationState: { nextCursor: string | null };
    }>(
      admin,
      `/api/divisions/${NORTH}/getTeamManagementData/${busy.id}/sites?cursor=${encodeURIComponent(member.moreSites!)}`,
    );
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect(more.body.pageData.map((i) => i.projectId)).toEqual(busySites.slice(5));
    expect(more.body.pageData[0]!.clientName).toBe(`Team Client ${tag}`);
    expect(more.body.paginationState.nextCursor).toBeNull();
    // Exactly five: no "More sites" that would lead to nothing.
    expect((await teamMember(admin, five.id))!.moreSites).toBeNull();

    // Another member's cursor, or a member of no division of the caller's: refused, not read.
    const borrowed = await as(
      admin,
      `/api/divisions/${NORTH}/getTeamManagementData/${five.id}/sites?cursor=${encodeURIComponent(member.moreSites!)}`,
    );
    expect(borrowed.status).toBe(400);
    expect(borrowed.body.message).toBe('The cursor is not valid');
    const outsider = await createTestUser('Inspector', [SOUTH]);
    const notOurs = await as(admin, `/api/divisions/${NORTH}/getTeamManagementData/${outsider.id}/sites`);
    expect(notOurs.status).toBe(404);
    const fieldInspector = await signInAs(await createTestUser('Inspector', [NORTH]));
    expect(
      (await as(fieldInspector, `/api/divisions/${NORTH}/getTeamManagementData/${busy.id}/sites`)).status,
    ).toBe(403);
  });

  it('searches names and sites on the server, whatever page the member is on', async () => {
    const search = async (text: string) =>
      (
        await as<Team>(admin, `/api/divisions/${NORTH}/getTeamManagementData?s=${encodeURIComponent(text)}`)
      ).body.team.map((m) => m.id);
    expect(await search(`From ${tag}`)).toEqual([from.id]);
    expect(await search(`Clarence Dock ${tag}`)).toContain(from.id);
    expect(await search(`Nobody ${tag}`)).toEqual([]);
  });

  it('re-assigns the projects to another inspector, logged, and the team shows it', async () => {
    const moved = await as<{ reassigned: string[] }>(admin, `/api/inspections/reassign/${to.id}`, 'POST', {
      projectIds: [projectId],
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.reassigned).toEqual([projectId]);
    const project = await as<{ inspector: { id: string } }>(admin, `/api/projects/${projectId}`);
    expect(project.body.inspector.id).toBe(to.id);
    expect((await teamMember(admin, to.id))?.inspections.map((i) => i.projectId)).toEqual([projectId]);
    expect((await teamMember(admin, from.id))?.inspections).toEqual([]);
    const log = await as<{ pageData: { action: string }[] }>(admin, `/api/changelog/projects/${projectId}`);
    expect(log.body.pageData[0]?.action).toBe('inspector changed');
  });

  it('is refused to roles that do not choose inspectors, and to an inactive or outside inspector', async () => {
    const fieldInspector = await signInAs(await createTestUser('Inspector', [NORTH]));
    expect((await as(fieldInspector, `/api/divisions/${NORTH}/getTeamManagementData`)).status).toBe(403);
    const refused = await as(fieldInspector, `/api/inspections/reassign/${from.id}`, 'POST', {
      projectIds: [projectId],
    });
    expect(refused.status).toBe(403);
    const clientUser = await createTestUser('Client User', [NORTH]);
    const wrongRole = await as(admin, `/api/inspections/reassign/${clientUser.id}`, 'POST', {
      projectIds: [projectId],
    });
    expect(wrongRole.status).toBe(400);
    expect(wrongRole.body.message).toMatch(/^The inspector must hold one of these roles/);
    const project = await as<{ inspector: { id: string } }>(admin, `/api/projects/${projectId}`);
    expect(project.body.inspector.id).toBe(to.id);
  });

  it('changes none of the projects when one of them is archived', async () => {
    const archived = await as<{ id: string }>(
      admin,
      `/api/divisions/${NORTH}/projects/archive/${projectId}`,
      'POST',
    );
    expect(archived.status).toBe(200);
    const refused = await as(admin, `/api/inspections/reassign/${from.id}`, 'POST', {
      projectIds: [projectId],
    });
    expect(refused.status).toBe(409);
    await as(admin, `/api/divisions/${NORTH}/projects/archive/${projectId}`, 'DELETE');
    const project = await as<{ inspector: { id: string } }>(admin, `/api/projects/${projectId}`);
    expect(project.body.inspector.id).toBe(to.id);
  });
});
