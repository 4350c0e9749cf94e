import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, NORTH, SOUTH, tokenFor } from '../support/api';
import { lastMessageTo, linkToken, messagesTo } from '../support/outbox';
import { storedItem, testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';

/**
 * Who may manage whom (docs/decisions/0013): nobody gives a role, edits, changes the status of,
 * deletes or re-invites a user holding permissions they do not hold themselves; a sign-in email
 * is changed only by someone in every division of its user, and the change ends the user's
 * sessions, voids their links and tells the old address. Each refusal writes nothing.
 */

const db = testTable();
afterAll(() => db.doc.destroy());

let adminToken: string;
let external: Awaited<ReturnType<typeof createTestUser>>;
let externalToken: string;
beforeAll(async () => {
  adminToken = await tokenFor('admin@example.com');
  external = await createTestUser('Regional Manager (External)', [NORTH], { lastName: 'Escalation' });
  externalToken = await signInAs(external);
});

const newEmail = (tag = 'escalation') => `${tag}-${randomUUID().slice(0, 8)}@example.com`;
const userItem = (id: string) => storedItem(db, { pk: `USER#${id}`, sk: 'USER' });

interface Detail {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  roleId: string;
  divisionIds: string[];
  version: number;
  message?: string;
}

const getUser = (id: string, token = adminToken) =>
  call<Detail>(`/api/users/${id}`, { token, divisionId: NORTH });

function editBody(detail: Detail, changes: Record<string, unknown> = {}) {
  return {
    first_name: detail.first_name,
    last_name: detail.last_name,
    email: detail.email,
    roleId: detail.roleId,
    divisionIds: detail.divisionIds,
    version: detail.version,
    ...changes,
  };
}

const save = (id: string, body: unknown, token: string) =>
  call<Detail & { message: string }>(`/api/users/update/${id}`, {
    method: 'POST',
    token,
    divisionId: NORTH,
    body,
  });

function invite(email: string, roleId: string, token: string) {
  return call<{ users: { id: string }[]; message?: string }>('/api/users', {
    method: 'POST',
    token,
    divisionId: NORTH,
    body: { emails: [email], roleId, divisionIds: [NORTH] },
  });
}

describe('giving a role (Add Users, Edit User)', () => {
  it('refuses a Regional Manager (External) the role Divisions Admin: 403, no user, no e-mail', async () => {
    const email = newEmail();
    const refused = await invite(email, 'divisions-admin', externalToken);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Your role cannot give the role Divisions Admin');
    expect(await storedItem(db, { pk: `EMAIL#${email}`, sk: 'EMAIL' })).toBeUndefined();
    expect(await messagesTo(email)).toHaveLength(0);
    for (const roleId of ['swmp-admin', 'regional-manager', 'admin'])
      expect((await invite(newEmail(), roleId, externalToken)).status, roleId).toBe(403);
  });

  it('offers only the roles the caller may give, and still lets them invite those', async () => {
    const options = await call<{ roles: { id: string; name: string }[] }>('/api/users/groups/creation', {
      token: externalToken,
      divisionId: NORTH,
    });
    expect(options.status).toBe(200);
    const offered = options.body.roles.map((r) => r.id);
    expect(offered).toEqual(
      expect.arrayContaining(['inspector', 'area-assistant-manager', 'client-manager']),
    );
    expect(offered).not.toContain('divisions-admin');
    expect(offered).not.toContain('swmp-admin');
    expect(offered).not.toContain('regional-manager');
    expect(offered).not.toContain('admin');

    const email = newEmail();
    expect((await invite(email, 'inspector', externalToken)).status).toBe(201);
    expect((await lastMessageTo(email)).text).toContain('as Inspector in North Region');

    // An Admin gives every role but the public account's.
    const adminOptions = await call<{ roles: { id: string }[] }>('/api/users/groups/creation', {
      token: adminToken,
      divisionId: NORTH,
    });
    expect(adminOptions.body.roles).toHaveLength(15);
    expect((await invite(newEmail(), 'divisions-admin', adminToken)).status).toBe(201);
  });

  it('refuses re-roling a user to Divisions Admin, and leaves the record as it was', async () => {
    const inspector = await createTestUser('Inspector', [NORTH]);
    const before = await userItem(inspector.id);
    const detail = (await getUser(inspector.id, externalToken)).body;
    const refused = await save(inspector.id, editBody(detail, { roleId: 'divisions-admin' }), externalToken);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Your role cannot give the role Divisions Admin');
    expect(await userItem(inspector.id)).toEqual(before);
  });
});

describe('acting on a user above oneself', () => {
  it('refuses editing, deactivating and deleting a Divisions Admin; nothing changes', async () => {
    const target = await createTestUser('Divisions Admin', [NORTH]);
    const before = await userItem(target.id);
    const detail = (await getUser(target.id)).body;

    const edited = await save(target.id, editBody(detail, { first_name: 'Taken' }), externalToken);
    expect(edited.status).toBe(403);
    expect(edited.body.message).toBe('Your role cannot manage users with the role Divisions Admin');

    const status = await call<{ message: string }>(`/api/users/${target.id}/status`, {
      method: 'PUT',
      token: externalToken,
      divisionId: NORTH,
      body: { status: 'inactive', version: detail.version },
    });
    expect(status.status).toBe(403);
    expect(status.body.message).toBe('Your role cannot manage users with the role Divisions Admin');

    const deleted = await call<{ message: string }>(`/api/users/delete/${target.id}`, {
      method: 'DELETE',
      token: externalToken,
      divisionId: NORTH,
    });
    expect(deleted.status).toBe(403);

    expect(await userItem(target.id)).toEqual(before);
    // Still signs in: not deactivated, not signed out.
    expect(await signInAs(target)).toBeTruthy();
  });

  it('refuses re-inviting an invited SWMP Admin: no new link, the first one still works', async () => {
    const email = newEmail('swmp');
    const invited = await invite(email, 'swmp-admin', adminToken);
    expect(invited.status).toBe(201);
    const id = invited.body.users[0]!.id;
    const token = linkToken(await lastMessageTo(email), '/user/register/');
    const before = await userItem(id);

    const again = await call<{ message: string }>(`/api/users/${id}/invite`, {
      method: 'POST',
      token: externalToken,
      divisionId: NORTH,
    });
    expect(again.status).toBe(403);
    expect(again.body.message).toBe('Your role cannot manage users with the role SWMP Admin');
    expect(await messagesTo(email)).toHaveLength(1);
    expect(await userItem(id)).toEqual(before);
    expect((await call('/api/user/validate', { method: 'POST', body: { token } })).status).toBe(200);
  });

  it("counts a user's permissions override: an Inspector given more than the caller holds is out of reach", async () => {
    const inspector = await createTestUser('Inspector', [NORTH]);
    const permissions = await call<{ permissions: unknown[]; version: number }>(
      `/api/user-permissions/${inspector.id}`,
      { token: adminToken, divisionId: NORTH },
    );
    const raised = await call(`/api/user-permissions/${inspector.id}`, {
      method: 'PUT',
      token: adminToken,
      divisionId: NORTH,
      body: {
        permissions: [...permissions.body.permissions, { perm: 'all', pageId: 'inspection-templates' }],
        version: permissions.body.version,
      },
    });
    expect(raised.status).toBe(200);
    const before = await userItem(inspector.id);
    const detail = (await getUser(inspector.id)).body;
    const edited = await save(inspector.id, editBody(detail, { first_name: 'Taken' }), externalToken);
    expect(edited.status).toBe(403);
    expect(edited.body.message).toBe(
      'You cannot manage this user: they hold permissions you do not hold yourself',
    );
    const status = await call(`/api/users/${inspector.id}/status`, {
      method: 'PUT',
      token: externalToken,
      divisionId: NORTH,
      body: { status: 'inactive', version: detail.version },
    });
    expect(status.status).toBe(403);
    expect(await userItem(inspector.id)).toEqual(before);
  });

  it("lets a Client Manager edit the spec's roles, an Inspector included, and no others", async () => {
    const clientManager = await createTestUser('Client Manager', [NORTH]);
    const token = await signInAs(clientManager);
    const inspector = await createTestUser('Inspector', [NORTH]);
    const detail = (await getUser(inspector.id)).body;
    expect((await save(inspector.id, editBody(detail, { position: 'Lead' }), token)).status).toBe(200);
    const area = await createTestUser('Area / Assistant Manager', [NORTH]);
    const areaDetail = (await getUser(area.id)).body;
    expect((await save(area.id, editBody(areaDetail, { position: 'Lead' }), token)).status).toBe(403);
  });
});

describe('changing a sign-in email', () => {
  it('refuses a Client Manager in North the email of a user who is in South too; nothing changes', async () => {
    const clientManager = await createTestUser('Client Manager', [NORTH]);
    const token = await signInAs(clientManager);
    const target = await createTestUser('Client User', [NORTH, SOUTH]);
    const before = await userItem(target.id);
    const detail = (await getUser(target.id, token)).body;
    const refused = await save(target.id, editBody(detail, { email: newEmail('taken') }), token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'This user also belongs to divisions you do not belong to; you cannot change their email',
    );
    expect(await userItem(target.id)).toEqual(before);
    expect(await messagesTo(target.email)).toHaveLength(0);
    // The rest of the form still saves (the email as it was).
    expect((await save(target.id, editBody(detail, { position: 'Site Lead' }), token)).status).toBe(200);
    expect(await signInAs(target)).toBeTruthy();
  });

  it("ends the user's sessions, voids their reset link and tells the old address", async () => {
    const clientManager = await createTestUser('Client Manager', [NORTH], { lastName: 'Changer' });
    const managerToken = await signInAs(clientManager);
    const target = await createTestUser('Client User', [NORTH]);
    const oldToken = await signInAs(target);
    expect((await call('/api/users/profile', { token: oldToken })).status).toBe(200);
    await call('/api/forgotPassword', { method: 'POST', body: { email: target.email } });
    const resetToken = linkToken(await lastMessageTo(target.email), '/reset-password/');
    const resetHash = createHash('sha256').update(resetToken).digest('hex');
    expect(await storedItem(db, { pk: `LINK#${resetHash}`, sk: 'RESET' })).toBeDefined();

    const detail = (await getUser(target.id, managerToken)).body;
    const email = newEmail('moved');
    const saved = await save(target.id, editBody(detail, { email: email.toUpperCase() }), managerToken);
    expect(saved.status).toBe(200);
    expect(saved.body.email).toBe(email);

    // Signed out everywhere.
    expect((await call('/api/users/profile', { token: oldToken })).status).toBe(401);
    // The reset link sent to the old address no longer works.
    expect(await storedItem(db, { pk: `LINK#${resetHash}`, sk: 'RESET' })).toBeUndefined();
    const reset = await call('/api/resetPassword', {
      method: 'POST',
      body: { token: resetToken, password: 'Taken-Over-Passw0rd' },
    });
    expect(reset.status).toBe(404);
    // The old address hears of it, with the new address and who changed it.
    const notice = await lastMessageTo(target.email);
    expect(notice.subject).toBe('Your Stormline Inspections sign-in email was changed');
    expect(notice.text).toContain(
      `Your Stormline Inspections sign-in email was changed to ${email} by Test Changer (${clientManager.email})`,
    );
    expect(notice.text).toContain('If this was not expected, contact your administrator.');
    // The old address no longer signs in; the new one does with the same password.
    expect(
      (await call('/api/login', { method: 'POST', body: { email: target.email, password: target.password } }))
        .status,
    ).toBe(401);
    expect(await signInAs({ email, password: target.password })).toBeTruthy();
  });

  it("voids an invitee's invitation link when their email changes", async () => {
    const email = newEmail('invitee');
    const invited = await invite(email, 'client-user', adminToken);
    const id = invited.body.users[0]!.id;
    const token = linkToken(await lastMessageTo(email), '/user/register/');
    const detail = (await getUser(id)).body;
    const moved = newEmail('invitee-moved');
    // An invitee has no name until they register: the form asks for one.
    const body = editBody(detail, { email: moved, first_name: 'Ivy', last_name: 'Invitee' });
    expect((await save(id, body, adminToken)).status).toBe(200);
    expect((await call('/api/user/validate', { method: 'POST', body: { token } })).status).toBe(404);
    expect((await lastMessageTo(email)).text).toContain(`changed to ${moved} by Avery Admin`);
    // Sent again, the invitation goes to the new address.
    const again = await call(`/api/users/${id}/invite`, {
      method: 'POST',
      token: adminToken,
      divisionId: NORTH,
    });
    expect(again.status).toBe(200);
    const fresh = linkToken(await lastMessageTo(moved), '/user/register/');
    expect((await call('/api/user/validate', { method: 'POST', body: { token: fresh } })).status).toBe(200);
  });

  it('changes nothing else when the email stays (any case): sessions and links live on', async () => {
    const target = await createTestUser('Client User', [NORTH]);
    const oldToken = await signInAs(target);
    const detail = (await getUser(target.id)).body;
    const saved = await save(
      target.id,
      editBody(detail, { email: target.email.toUpperCase(), position: 'Surveyor' }),
      adminToken,
    );
    expect(saved.status).toBe(200);
    expect((await call('/api/users/profile', { token: oldToken })).status).toBe(200);
    expect(await messagesTo(target.email)).toHaveLength(0);
  });
});
