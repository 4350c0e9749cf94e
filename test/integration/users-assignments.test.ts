import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, NORTH, SOUTH, tokenFor } from '../support/api';
import { eventually } from '../support/eventually';
import { createTestUser } from '../support/users';

/**
 * Spec 001 §2 Edit User: 'Add Clients' (2- and 3-character search, only clients the user does not
 * have), the clients table and each client's project access switches, saved with the form; and
 * Add Users step 2. A client assignment is the client's contact row, so the client page shows it.
 */

interface Named {
  id: string;
  name: string;
}
interface Option extends Named {
  projects: Named[];
}
interface Detail {
  id: string;
  name: string;
  email: string;
  roleId: string;
  divisionIds: string[];
  clients: Named[];
  projects: (Named & { client_id: string; archived: boolean })[];
  version: number;
}

let adminToken: string;
const clients: Record<string, string> = {};
const projects: Record<string, string> = {};

async function clientNamed(name: string, divisionId: string) {
  const page = await call<{ pageData: Named[] }>(`/api/clients?s=${encodeURIComponent(name)}`, {
    token: adminToken,
    divisionId,
  });
  const client = page.body.pageData.find((c) => c.name === name);
  if (!client) throw new Error(`No client ${name} in ${divisionId}`);
  const list = await call<{ pageData: Named[] }>(`/api/clients/${client.id}/projects`, {
    token: adminToken,
    divisionId,
  });
  for (const p of list.body.pageData) projects[p.name] = p.id;
  clients[name] = client.id;
}

beforeAll(async () => {
  adminToken = await tokenFor('admin@example.com');
  await clientNamed('Pennine Homes Ltd', NORTH);
  await clientNamed('Clyde Civil Engineering', NORTH);
  await clientNamed('Severn Infrastructure Partners', SOUTH);
});

const options = (userId: string, s: string) =>
  call<Option[] & { message?: string }>(`/api/user-client-options/${userId}?s=${encodeURIComponent(s)}`, {
    token: adminToken,
    divisionId: NORTH,
  });

const getUser = async (id: string) =>
  (await call<Detail>(`/api/users/${id}`, { token: adminToken, divisionId: NORTH })).body;

function save(detail: Detail, assignments: { clients?: string[]; projects?: string[] }) {
  const [first_name, ...rest] = detail.name.split(' ');
  return call<Detail & { message?: string }>(`/api/users/update/${detail.id}`, {
    method: 'POST',
    token: adminToken,
    divisionId: NORTH,
    body: {
      first_name,
      last_name: rest.join(' '),
      email: detail.email,
      roleId: detail.roleId,
      divisionIds: detail.divisionIds,
      version: detail.version,
      ...assignments,
    },
  });
}

describe("'Add Clients' search (GET /api/user-client-options/{id})", () => {
  it('searches client names from 2 characters, project names from 3, and offers only unassigned clients of the division', async () => {
    const user = await createTestUser('Client User', [NORTH]);
    const short = await options(user.id, 'p');
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ message: 'Type at least 2 characters to search clients' });

    const byName = await options(user.id, 'pe');
    expect(byName.status).toBe(200);
    expect(byName.body.map((c) => c.name)).toContain('Pennine Homes Ltd');

    // Two characters never search projects; three do, and bring the project's client.
    expect((await options(user.id, 'ki')).body.map((c) => c.name)).not.toContain('Pennine Homes Ltd');
    const byProject = await options(user.id, 'kirk');
    expect(byProject.body).toContainEqual({
      id: clients['Pennine Homes Ltd'],
      name: 'Pennine Homes Ltd',
      projects: [{ id: projects['Kirkstall Riverside Housing'], name: 'Kirkstall Riverside Housing' }],
    });

    // Another division's client is not offered.
    expect((await options(user.id, 'severn')).body).toEqual([]);

    await save(await getUser(user.id), { clients: [clients['Pennine Homes Ltd']!], projects: [] });
    await eventually(
      () => options(user.id, 'pe'),
      (r) => expect(r.body.map((c) => c.name)).not.toContain('Pennine Homes Ltd'),
    );
  });
});

describe('the clients table and project access (POST /api/users/update/{id})', () => {
  it('saves clients and project access; the client page lists the user as a contact', async () => {
    const user = await createTestUser('Client User', [NORTH]);
    const saved = await save(await getUser(user.id), {
      clients: [clients['Pennine Homes Ltd']!, clients['Clyde Civil Engineering']!],
      projects: [projects['Kirkstall Riverside Housing']!],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.clients.map((c) => c.name)).toEqual(['Clyde Civil Engineering', 'Pennine Homes Ltd']);
    expect(saved.body.projects).toEqual([
      {
        id: projects['Kirkstall Riverside Housing'],
        name: 'Kirkstall Riverside Housing',
        client_id: clients['Pennine Homes Ltd'],
        divisionId: NORTH,
        archived: false,
      },
    ]);
    const clientPage = await call<{ users: { id: string }[] }>(
      `/api/clients/${clients['Pennine Homes Ltd']}`,
      {
        token: adminToken,
        divisionId: NORTH,
      },
    );
    expect(clientPage.body.users.map((u) => u.id)).toContain(user.id);

    // Switching a project's access off, and removing a client with its projects.
    const removed = await save(saved.body, { clients: [clients['Clyde Civil Engineering']!], projects: [] });
    expect(removed.status).toBe(200);
    expect(removed.body.clients.map((c) => c.name)).toEqual(['Clyde Civil Engineering']);
    expect(removed.body.projects).toEqual([]);
    expect((await getUser(user.id)).clients.map((c) => c.name)).toEqual(['Clyde Civil Engineering']);
  });

  it("refuses another division's client or project, and a project without its client, writing nothing", async () => {
    const user = await createTestUser('Client User', [NORTH]);
    const detail = await getUser(user.id);
    const foreignClient = await save(detail, { clients: [clients['Severn Infrastructure Partners']!] });
    expect(foreignClient.status).toBe(400);
    expect(foreignClient.body.message).toBe(
      `Client ${clients['Severn Infrastructure Partners']} is not a client of this division`,
    );
    const foreignProject = await save(detail, {
      clients: [clients['Pennine Homes Ltd']!],
      projects: [projects['M4 Junction 19 Widening']!],
    });
    expect(foreignProject.status).toBe(400);
    const orphan = await save(detail, { clients: [], projects: [projects['Kirkstall Riverside Housing']!] });
    expect(orphan.status).toBe(400);
    expect(orphan.body.message).toBe('A project can be given only together with its client');
    const after = await getUser(user.id);
    expect(after).toMatchObject({ clients: [], projects: [], version: detail.version });
  });
});

describe('Add Users step 2 (POST /api/users with clients and projects)', () => {
  it('gives the invitees the clients and projects chosen', async () => {
    const email = `assigned-${randomUUID().slice(0, 8)}@example.com`;
    const created = await call<{ users: { id: string }[] }>('/api/users', {
      method: 'POST',
      token: adminToken,
      divisionId: NORTH,
      body: {
        emails: [email],
        roleId: 'client-user',
        divisionIds: [NORTH],
        clients: [clients['Clyde Civil Engineering']!],
        projects: [projects['Clyde Gateway Drainage Upgrade']!],
      },
    });
    expect(created.status).toBe(201);
    const detail = await getUser(created.body.users[0]!.id);
    expect(detail.clients.map((c) => c.name)).toEqual(['Clyde Civil Engineering']);
    expect(detail.projects.map((p) => p.name)).toEqual(['Clyde Gateway Drainage Upgrade']);
  });

  it('offers the Add Users modal its options: roles the caller may give, clients, projects, managers', async () => {
    const clientManager = await tokenFor('client.manager@example.com');
    const mine = await call<{ roles: Named[] }>('/api/users/groups/creation', {
      token: clientManager,
      divisionId: NORTH,
    });
    expect(mine.body.roles.map((r) => r.name).sort()).toEqual(
      [
        'BMP Contractor',
        'Client Inspector',
        'Client Manager',
        'Client User',
        'Inspector',
        'Regulator',
      ].sort(),
    );
    const forInspector = await call<{
      clients: Named[];
      projects: (Named & { client_id: string })[];
      managers: (Named & { roleName: string })[];
      managerRole: string | null;
    }>(`/api/users/groups/creation?roleId=area-assistant-manager&clientIds=${clients['Pennine Homes Ltd']}`, {
      token: adminToken,
      divisionId: NORTH,
    });
    expect(forInspector.status).toBe(200);
    expect(forInspector.body.clients.map((c) => c.name)).toContain('Pennine Homes Ltd');
    expect(forInspector.body.projects.map((p) => p.name).sort()).toEqual([
      'Harrogate Business Park',
      'Kirkstall Riverside Housing',
    ]);
    expect(forInspector.body.managerRole).toBe('Regional Manager');
    expect(forInspector.body.managers.map((m) => m.name)).toContain('Rafael Ortega');
    expect(forInspector.body.managers.every((m) => m.roleName === 'Regional Manager')).toBe(true);
  });
});
