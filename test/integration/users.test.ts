import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, NORTH, SOUTH, tokenFor } from '../support/api';
import { eventually } from '../support/eventually';
import { listCompanyUsers } from '@stormline/data/users';
import { storedItem, testTable } from '../support/table';
import { createTestUser } from '../support/users';

/** Spec 001 §2 users admin and Edit User, and the Permissions modal, through the gateway. */

const db = testTable();
afterAll(() => db.doc.destroy());

interface Row {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  roleName: string;
  status: string;
}
interface UserPage {
  pageData: Row[];
  paginationState: { pageSize: number; numModels: number | null; nextCursor: string | null };
}
interface Detail {
  id: string;
  name: string;
  email: string;
  roleName: string;
  status: string;
  managerUserId: string | null;
  divisionIds: string[];
  permissions: { perm: string; pageId: string }[];
  permissionsOverridden: boolean;
  version: number;
  message?: string;
}

let adminToken: string;
beforeAll(async () => {
  adminToken = await tokenFor('admin@example.com');
});

async function signIn(user: { email: string; password: string }) {
  const response = await call<{ token: string; message: string }>('/api/login', {
    method: 'POST',
    body: { email: user.email, password: user.password },
  });
  return response;
}

const getUser = (id: string, token = adminToken) =>
  call<Detail>(`/api/users/${id}`, { token, divisionId: NORTH });

function editBody(detail: Detail, changes: Record<string, unknown> = {}) {
  const [first_name, ...rest] = detail.name.split(' ');
  return {
    first_name,
    last_name: rest.join(' '),
    email: detail.email,
    roleId: detail.roleName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
    divisionIds: detail.divisionIds,
    version: detail.version,
    ...changes,
  };
}

const save = (id: string, body: unknown, token = adminToken) =>
  call<Detail>(`/api/users/update/${id}`, { method: 'POST', token, divisionId: NORTH, body });

describe('users admin list (GET /api/users)', () => {
  it('lists the division’s users by last name with First Name, Last Name, Email, Role, Status and the total', async () => {
    const response = await call<UserPage>('/api/users', { token: adminToken, divisionId: NORTH });
    expect(response.status).toBe(200);
    expect(response.body.paginationState.pageSize).toBe(25);
    expect(response.body.paginationState.numModels).toBeGreaterThanOrEqual(9);
    const admin = response.body.pageData.find((u) => u.email === 'admin@example.com');
    expect(admin).toMatchObject({
      first_name: 'Avery',
      last_name: 'Admin',
      roleName: 'Admin',
      status: 'active',
    });
    expect(Object.keys(admin!).sort()).toEqual([
      'email',
      'first_name',
      'id',
      'last_name',
      'roleId',
      'roleName',
      'status',
    ]);
    // South's inspector is not North's.
    expect(response.body.pageData.map((u) => u.email)).not.toContain('south.inspector@example.com');
  });

  it('pages by cursor from the server', async () => {
    const first = await call<UserPage>('/api/users', { token: adminToken, divisionId: NORTH });
    const ids = first.body.pageData.map((u) => u.id);
    let cursor = first.body.paginationState.nextCursor;
    while (cursor) {
      const next = await call<UserPage>(`/api/users?cursor=${cursor}`, {
        token: adminToken,
        divisionId: NORTH,
      });
      ids.push(...next.body.pageData.map((u) => u.id));
      cursor = next.body.paginationState.nextCursor;
    }
    // Other files add North users while this pages (the runtime is shared): no count is asserted,
    // but every user comes once, and the demo's users are all reached.
    expect(new Set(ids).size).toBe(ids.length);
    for (const s of ['ines', 'client.man', 'admin@']) {
      const found = await call<UserPage>(`/api/users?s=${encodeURIComponent(s)}`, {
        token: adminToken,
        divisionId: NORTH,
      });
      expect(found.body.pageData.length, s).toBeGreaterThan(0);
      for (const user of found.body.pageData) expect(ids, s).toContain(user.id);
    }
    const foreignCursor = await call(`/api/users?cursor=${first.body.paginationState.nextCursor ?? 'x.y'}`, {
      token: adminToken,
      divisionId: SOUTH,
    });
    expect(foreignCursor.status).toBe(400);
  });

  it('searches first name, last name and email', async () => {
    for (const [s, email] of [
      ['ines', 'inspector@example.com'],
      ['carter', 'inspector@example.com'],
      ['client.man', 'client.manager@example.com'],
      ['Claire Mas', 'client.manager@example.com'],
    ]) {
      const response = await call<UserPage>(`/api/users?s=${encodeURIComponent(s!)}`, {
        token: adminToken,
        divisionId: NORTH,
      });
      expect(
        response.body.pageData.map((u) => u.email),
        s,
      ).toContain(email);
      expect(response.body.paginationState.numModels).toBeNull();
    }
    const south = await call<UserPage>('/api/users?s=okafor', { token: adminToken, divisionId: NORTH });
    expect(south.body.pageData).toEqual([]);
  });

  it('leaves the read-only Public account out of the rows, the count and a search', async () => {
    // Other files add North users meanwhile: the rows are compared with a count that held still
    // while they were read (the same count before and after the pages).
    const count = async () =>
      (await call<UserPage>('/api/users', { token: adminToken, divisionId: NORTH })).body.paginationState
        .numModels!;
    let emails: string[] = [];
    let total = -1;
    for (let attempt = 0; attempt < 5 && emails.length !== total; attempt++) {
      emails = [];
      total = await count();
      let page = await call<UserPage>('/api/users', { token: adminToken, divisionId: NORTH });
      for (;;) {
        emails.push(...page.body.pageData.map((u) => u.email));
        const cursor = page.body.paginationState.nextCursor;
        if (!cursor) break;
        page = await call<UserPage>(`/api/users?cursor=${cursor}`, { token: adminToken, divisionId: NORTH });
      }
      if ((await count()) !== total) total = -1;
    }
    expect(emails).toContain('admin@example.com');
    expect(emails).not.toContain('public@example.com');
    expect(emails).toHaveLength(total);
    for (const s of ['public', 'viewer']) {
      const found = await call<UserPage>(`/api/users?s=${s}`, { token: adminToken, divisionId: NORTH });
      expect(found.status).toBe(200);
      expect(found.body.pageData.map((u) => u.email)).not.toContain('public@example.com');
    }
  });

  it('is refused without read on Admin', async () => {
    const response = await call('/api/users', {
      token: await tokenFor('inspector@example.com'),
      divisionId: NORTH,
    });
    expect(response.status).toBe(403);
  });
});

describe('Edit User (GET /api/users/{id}, POST /api/users/update/{id})', () => {
  it('saves role, divisions and names, and clears the manager unless the role keeps one', async () => {
    const areaManager = await createTestUser('Area / Assistant Manager', [NORTH]);
    const user = await createTestUser('Inspector', [NORTH]);
    const detail = (await getUser(user.id)).body;
    expect(detail).toMatchObject({
      roleName: 'Inspector',
      status: 'active',
      managerUserId: null,
      divisionIds: [NORTH],
    });

    const withManager = await save(
      user.id,
      editBody(detail, { managerUserId: areaManager.id, first_name: 'Renamed' }),
    );
    expect(withManager.status).toBe(200);
    expect(withManager.body).toMatchObject({ managerUserId: areaManager.id, name: 'Renamed Inspector' });

    // Client User keeps no manager: the link is cleared on save.
    const asClientUser = await save(
      user.id,
      editBody(withManager.body, { roleId: 'client-user', managerUserId: areaManager.id }),
    );
    expect(asClientUser.status).toBe(200);
    expect(asClientUser.body).toMatchObject({ roleName: 'Client User', managerUserId: null });

    // Stale version: 409, nothing written.
    const stale = await save(user.id, editBody(withManager.body, { first_name: 'Stale' }));
    expect(stale.status).toBe(409);
    expect((await getUser(user.id)).body.name).toBe('Renamed Inspector');

    // Divisions: added to South (the Admin is in it); the user now appears in South's list.
    const both = await save(user.id, editBody(asClientUser.body, { divisionIds: [NORTH, SOUTH] }));
    expect(both.body.divisionIds.sort()).toEqual([NORTH, SOUTH]);
    await eventually(
      () => call<UserPage>('/api/users?s=renamed', { token: adminToken, divisionId: SOUTH }),
      (r) => expect(r.body.pageData.map((u) => u.id)).toContain(user.id),
    );
    const none = await save(user.id, editBody(both.body, { divisionIds: [] }));
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Divisions is required');
  });

  it('a role change ends the user’s sessions', async () => {
    const user = await createTestUser('Inspector', [NORTH]);
    const token = (await signIn(user)).body.token;
    const detail = (await getUser(user.id)).body;
    await save(user.id, editBody(detail, { roleId: 'client-inspector' }));
    expect((await call('/api/users/profile', { token })).status).toBe(401);
    const again = await signIn(user);
    const profile = await call<{ roleName: string }>('/api/users/profile', { token: again.body.token });
    expect(profile.body.roleName).toBe('Client Inspector');
  });

  it('lets a Client Manager edit only the roles spec 001 §2 lists', async () => {
    const clientManager = await tokenFor('client.manager@example.com');
    const regional = await createTestUser('Regional Manager', [NORTH]);
    const detail = (await getUser(regional.id)).body;
    const refused = await save(regional.id, editBody(detail, { first_name: 'Nope' }), clientManager);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Your role cannot manage users with the role Regional Manager');
    const user = await createTestUser('Client User', [NORTH]);
    const ok = await save(
      user.id,
      editBody((await getUser(user.id)).body, { first_name: 'Fine' }),
      clientManager,
    );
    expect(ok.status).toBe(200);
  });
});

describe('user status (PUT /api/users/{id}/status)', () => {
  it('deactivating refuses sign-in and stops the tokens the user holds; activating lets them back', async () => {
    const user = await createTestUser('Inspector', [NORTH]);
    const token = (await signIn(user)).body.token;
    expect((await call('/api/users/profile', { token })).status).toBe(200);
    const detail = (await getUser(user.id)).body;

    const off = await call<Row>(`/api/users/${user.id}/status`, {
      method: 'PUT',
      token: adminToken,
      divisionId: NORTH,
      body: { status: 'inactive', version: detail.version },
    });
    expect(off.status).toBe(200);
    expect(off.body.status).toBe('inactive');

    const held = await call('/api/users/profile', { token });
    expect(held.status).toBe(401);
    const refused = await signIn(user);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(
      'Your account has been deactivated. Please contact your administrator.',
    );

    const again = await call(`/api/users/${user.id}/status`, {
      method: 'PUT',
      token: adminToken,
      divisionId: NORTH,
      body: { status: 'inactive', version: detail.version + 1 },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: 'This user is already inactive' });

    const on = await call(`/api/users/${user.id}/status`, {
      method: 'PUT',
      token: adminToken,
      divisionId: NORTH,
      body: { status: 'active', version: detail.version + 1 },
    });
    expect(on.status).toBe(200);
    expect((await signIn(user)).status).toBe(200);
    // The token from before the deactivation stays dead.
    expect((await call('/api/users/profile', { token })).status).toBe(401);
  });

  it('needs update or create on Admin', async () => {
    const user = await createTestUser('Inspector', [NORTH]);
    const areaManager = await createTestUser('Area / Assistant Manager', [NORTH]);
    const token = (await signIn(areaManager)).body.token;
    const response = await call(`/api/users/${user.id}/status`, {
      method: 'PUT',
      token,
      divisionId: NORTH,
      body: { status: 'inactive', version: 0 },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'Your role does not allow update on Admin' });
  });
});

describe('delete user (DELETE /api/users/delete/{id})', () => {
  it('removes the account: gone from the list, its token and sign-in refused, the email free again', async () => {
    const user = await createTestUser('Client User', [NORTH]);
    const token = (await signIn(user)).body.token;
    const response = await call(`/api/users/delete/${user.id}`, {
      method: 'DELETE',
      token: adminToken,
      divisionId: NORTH,
    });
    expect(response.status).toBe(200);
    expect((await getUser(user.id)).status).toBe(404);
    expect((await call('/api/users/profile', { token })).status).toBe(401);
    expect((await signIn(user)).status).toBe(401);
    expect(await storedItem(db, { pk: `EMAIL#${user.email}`, sk: 'EMAIL' })).toBeUndefined();
    expect(await storedItem(db, { pk: `USER#${user.id}`, sk: `DIVISION#${NORTH}` })).toBeUndefined();
  });

  it('refuses a user who also belongs to a division the caller is not in', async () => {
    const northAdmin = await createTestUser('Admin', [NORTH]);
    const both = await createTestUser('Inspector', [NORTH, SOUTH]);
    const token = (await signIn(northAdmin)).body.token;
    const response = await call(`/api/users/delete/${both.id}`, {
      method: 'DELETE',
      token,
      divisionId: NORTH,
    });
    expect(response.status).toBe(403);
    expect(await storedItem(db, { pk: `USER#${both.id}`, sk: 'USER' })).toBeDefined();
  });
});

describe('the Permissions modal (GET, PUT /api/user-permissions/{id})', () => {
  it("comes with the user's own notification settings, which only the user may change", async () => {
    const user = await createTestUser('Inspector', [NORTH]);
    const token = (await signIn(user)).body.token;
    const chosen = await call(`/api/users/${user.id}/notification-types/missed-inspection`, {
      method: 'PUT',
      token,
      body: { is_enabled: ['sms'], default_email_message: null },
    });
    expect(chosen.status).toBe(200);

    type Setting = { id: string; is_enabled: string[] };
    const modal = await call<{ notifications: Setting[] }>(`/api/user-permissions/${user.id}`, {
      token: adminToken,
      divisionId: NORTH,
    });
    expect(modal.status).toBe(200);
    expect(modal.body.notifications.find((s) => s.id === 'missed-inspection')?.is_enabled).toEqual(['sms']);

    const byAdmin = await call(`/api/users/${user.id}/notification-types/missed-inspection`, {
      method: 'PUT',
      token: adminToken,
      body: { is_enabled: ['email'], default_email_message: null },
    });
    expect(byAdmin.status).toBe(403);
    const after = await call<{ notifications: Setting[] }>(`/api/user-permissions/${user.id}`, {
      token: adminToken,
      divisionId: NORTH,
    });
    expect(after.body.notifications.find((s) => s.id === 'missed-inspection')?.is_enabled).toEqual(['sms']);
  });

  it('a permission removed makes a route the user could call answer 403, from their next request', async () => {
    const user = await createTestUser('Area / Assistant Manager', [NORTH]);
    const token = (await signIn(user)).body.token;
    expect((await call('/api/users', { token, divisionId: NORTH })).status).toBe(200);

    const current = await call<{
      permissions: { perm: string; pageId: string }[];
      version: number;
      overridden: boolean;
    }>(`/api/user-permissions/${user.id}`, { token: adminToken, divisionId: NORTH });
    expect(current.body.overridden).toBe(false);
    expect(current.body.permissions).toContainEqual({ perm: 'read', pageId: 'admin' });
    const withoutAdmin = current.body.permissions.filter((p) => p.pageId !== 'admin');
    const saved = await call<{ overridden: boolean; permissions: unknown[] }>(
      `/api/user-permissions/${user.id}`,
      {
        method: 'PUT',
        token: adminToken,
        divisionId: NORTH,
        body: { permissions: withoutAdmin, version: current.body.version },
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.overridden).toBe(true);

    const refused = await call('/api/users', { token, divisionId: NORTH });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Your role does not allow read on Admin' });
    // The profile's navigation follows: no Admin page.
    const profile = await call<{ pages: { id: string }[] }>('/api/users/profile', { token });
    expect(profile.body.pages.map((p) => p.id)).not.toContain('admin');

    // Back to the role's defaults.
    const reset = await call(`/api/user-permissions/${user.id}`, {
      method: 'PUT',
      token: adminToken,
      divisionId: NORTH,
      body: { permissions: null, version: current.body.version + 1 },
    });
    expect(reset.status).toBe(200);
    expect((await call('/api/users', { token, divisionId: NORTH })).status).toBe(200);
  });

  it('is for Admin and Client Manager only, and gives nothing the editor does not hold', async () => {
    const user = await createTestUser('Client User', [NORTH]);
    const regional = await tokenFor('regional.manager@example.com');
    const notEditor = await call(`/api/user-permissions/${user.id}`, { token: regional, divisionId: NORTH });
    expect(notEditor.status).toBe(403);
    expect(notEditor.body).toEqual({
      message: "Only an Admin or a Client Manager may change a user's permissions",
    });

    const clientManager = await tokenFor('client.manager@example.com');
    const read = await call<{ version: number }>(`/api/user-permissions/${user.id}`, {
      token: clientManager,
      divisionId: NORTH,
    });
    expect(read.status).toBe(200);
    const escalate = await call(`/api/user-permissions/${user.id}`, {
      method: 'PUT',
      token: clientManager,
      divisionId: NORTH,
      body: { permissions: [{ perm: 'all', pageId: 'divisions' }], version: read.body.version },
    });
    expect(escalate.status).toBe(403);
    expect(escalate.body).toEqual({
      message: 'You cannot give all on divisions: you do not hold it yourself',
    });
    expect((await storedItem(db, { pk: `USER#${user.id}`, sk: 'USER' }))?.permissionsOverride).toBeNull();
  });
});

describe("the company's user list (the division tabs' rows to add)", () => {
  it('lists users by last name, and a rename moves them with the record', async () => {
    const user = await createTestUser('Client User', [NORTH]);
    const lastName = `Zyx${Date.now()}`;
    const detail = (await getUser(user.id)).body;
    await save(user.id, editBody(detail, { last_name: lastName }));
    await eventually(
      () => listCompanyUsers(db, { pageSize: 5 }, lastName),
      (page) => expect(page.items.map((u) => u.id)).toEqual([user.id]),
    );
    expect((await listCompanyUsers(db, { pageSize: 5 }, 'client user')).items.map((u) => u.id)).not.toContain(
      user.id,
    );
  });
});
