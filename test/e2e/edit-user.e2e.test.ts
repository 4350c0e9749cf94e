import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NORTH, call, tokenFor } from '../support/api';
import { createTestUser, signInAs } from '../support/users';
import { expectNoSeriousAxeViolations } from './axe';
import { VIEWPORTS, demoAccount, isOnScreen, screenshot, signIn, useBrowser } from './browser';

/**
 * Spec 001 §2 "Edit User" in the browser, on the real stack: an admin edits a user's clients,
 * projects and permissions through the page, the writes are read back through the API, and the
 * permission change is enforced by the server on the user's own next call; a user is deleted with
 * the confirmation. axe and screenshots at 1280 and 375 px for the page, the Permissions modal and
 * 'Add Clients'.
 */

const ADMIN = demoAccount('admin@example.com');
/** Each flow walks several screens and the server; on a busy two-core machine that takes a while. */
const FLOW_TIMEOUT_MS = 150_000;
const newPage = useBrowser();

interface UserDetail {
  id: string;
  version: number;
  clients: { id: string; name: string }[];
  projects: { id: string; name: string; client_id: string }[];
}

const editHref = (userId: string) => `/divisions/${NORTH}/user-profiles/${userId}/edit`;

async function openEditUser(page: Page, userId: string) {
  await page.goto(editHref(userId));
  await page.getByRole('heading', { level: 1, name: 'Edit User' }).waitFor();
  await page.getByRole('textbox', { name: 'First name' }).waitFor();
}

async function readUser(userId: string) {
  return call<UserDetail>(`/api/users/${userId}`, { token: await tokenFor(ADMIN.email), divisionId: NORTH });
}

/** 'Add Clients': types as a person does (the search waits for the typing to stop). */
async function searchClients(page: Page, text: string) {
  const picker = page.getByRole('combobox', { name: 'Add Clients' });
  await picker.click();
  await picker.pressSequentially(text, { delay: 40 });
}

describe('Edit User (spec 001 §2)', () => {
  it(
    "edits a user's clients, projects and permissions, and the server enforces the permission",
    async () => {
      const target = await createTestUser('Inspector', [NORTH]);
      const token = await signInAs(target);
      // An Inspector reads clients (read on Client) before the change.
      expect((await call('/api/clients', { token, divisionId: NORTH })).status).toBe(200);

      const page = await newPage();
      await signIn(page, ADMIN);
      await openEditUser(page, target.id);
      await page.getByText('No Clients to be displayed').waitFor();

      // 'Add Clients': one character asks nothing; a project's name (3+) finds its client.
      await searchClients(page, 'K');
      await page.getByText('Type at least 2 characters to search clients').waitFor();
      await page.getByRole('combobox', { name: 'Add Clients' }).pressSequentially('ir', { delay: 40 });
      const pennine = page.getByRole('option', { name: /Pennine Homes Ltd/ });
      await pennine.waitFor();
      expect(await pennine.innerText()).toContain('with project Kirkstall Riverside Housing');
      await screenshot(page, 'edit-user-add-clients-1280', { fullPage: false });
      await expectNoSeriousAxeViolations(page, 'Edit User, Add Clients open, at 1280 px');
      await pennine.click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Save Client' }).click();

      // The client's row expands to its projects; Kirkstall came with the search, Harrogate is switched on.
      const clients = page.getByRole('table', { name: 'Clients of this user' });
      await clients.getByRole('button', { name: 'Pennine Homes Ltd', exact: true }).click();
      const projects = page.getByRole('table', { name: 'Projects of Pennine Homes Ltd' });
      await projects.getByText('Harrogate Business Park').waitFor();
      expect(
        await projects
          .getByRole('switch', { name: 'Access to project Kirkstall Riverside Housing' })
          .isChecked(),
      ).toBe(true);
      await projects.getByRole('switch', { name: 'Access to project Harrogate Business Park' }).check();
      expect(
        await projects
          .getByRole('switch', { name: /Access to statistics of Harrogate Business Park/ })
          .isDisabled(),
      ).toBe(true);

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('User saved').waitFor();

      // Read back through the API: the client and both projects are the user's now.
      const saved = await readUser(target.id);
      expect(saved.status).toBe(200);
      expect(saved.body.clients.map((c) => c.name)).toEqual(['Pennine Homes Ltd']);
      expect(saved.body.projects.map((p) => p.name).sort()).toEqual([
        'Harrogate Business Park',
        'Kirkstall Riverside Housing',
      ]);

      // Permissions: take 'Read Client' away.
      await page.getByRole('button', { name: 'Permissions' }).click();
      const dialog = page.getByRole('dialog', { name: /Permissions of/ });
      const readClient = dialog.getByRole('checkbox', { name: 'Read Client' });
      await readClient.waitFor();
      await screenshot(page, 'edit-user-permissions-1280', { fullPage: false });
      await expectNoSeriousAxeViolations(page, 'Edit User, Permissions modal, at 1280 px');
      expect(await readClient.isChecked()).toBe(true);
      await readClient.uncheck();
      await dialog.getByRole('button', { name: 'Save permissions' }).click();
      await page.getByText('Permissions saved').waitFor();

      const stored = await call<{ permissions: { perm: string; pageId: string }[]; overridden: boolean }>(
        `/api/user-permissions/${target.id}`,
        { token: await tokenFor(ADMIN.email), divisionId: NORTH },
      );
      expect(stored.body.overridden).toBe(true);
      expect(stored.body.permissions).not.toContainEqual({ perm: 'read', pageId: 'client' });
      expect(stored.body.permissions).toContainEqual({ perm: 'read', pageId: 'dashboard' });
      // The server holds the user to it from their next call, with the token they already had.
      const refused = await call<{ message: string }>('/api/clients', { token, divisionId: NORTH });
      expect(refused.status).toBe(403);
      expect((await call('/api/users/profile', { token })).status).toBe(200);

      // The whole page at rest, after the save's reload.
      await page.waitForTimeout(2500);
      // From the top: scrolled, a full-page picture repeats the fixed top bar mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'edit-user-1280');
      await expectNoSeriousAxeViolations(page, 'Edit User at 1280 px');

      // Back with an unsaved change asks first; Continue goes to the users list.
      await page.getByRole('textbox', { name: 'Position' }).fill('Lead Inspector');
      await page.getByRole('button', { name: 'Back' }).click();
      const leave = page.getByRole('dialog', { name: 'Unsaved changes' });
      await leave.getByText('There are some unsaved changes would you like to proceed?').waitFor();
      await expectNoSeriousAxeViolations(page, 'Edit User, unsaved changes, at 1280 px');
      await leave.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(new RegExp(`/divisions/${NORTH}/admin`));
      expect((await readUser(target.id)).body.version).toBe(saved.body.version + 1);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'deletes a user after the confirmation',
    async () => {
      const victim = await createTestUser('Client User', [NORTH]);
      const page = await newPage();
      await signIn(page, ADMIN);
      await openEditUser(page, victim.id);
      await page.getByRole('button', { name: 'Delete User' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete User' });
      await dialog.getByText('Are you sure you want to delete ?', { exact: true }).waitFor();
      await dialog.getByText('Test Client User will no longer be able to sign in.').waitFor();
      await expectNoSeriousAxeViolations(page, 'Edit User, delete confirmation, at 1280 px');
      await dialog.getByRole('button', { name: 'Delete user' }).click();
      await page.waitForURL(new RegExp(`/divisions/${NORTH}/admin`));

      expect((await readUser(victim.id)).status).toBe(404);
      await expect(signInAs(victim)).rejects.toThrow(/Sign-in of .* failed/);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'looks right at 375 px: the page, the Permissions modal and Add Clients',
    async () => {
      const user = await createTestUser('Inspector', [NORTH]);
      const adminToken = await tokenFor(ADMIN.email);
      // Give the user a client with its projects through the API, so the table has rows to show.
      const found = await call<{ pageData: { id: string; name: string }[] }>('/api/clients?s=Pennine', {
        token: adminToken,
        divisionId: NORTH,
      });
      const pennine = found.body.pageData.find((c) => c.name === 'Pennine Homes Ltd')!;
      const projectsOf = await call<{ pageData: { id: string }[] }>(`/api/clients/${pennine.id}/projects`, {
        token: adminToken,
        divisionId: NORTH,
      });
      const before = await readUser(user.id);
      const assigned = await call(`/api/users/update/${user.id}`, {
        method: 'POST',
        token: adminToken,
        divisionId: NORTH,
        body: {
          first_name: 'Test',
          last_name: 'Inspector',
          email: user.email,
          roleId: 'inspector',
          divisionIds: [NORTH],
          clients: [pennine.id],
          projects: projectsOf.body.pageData.slice(0, 1).map((p) => p.id),
          version: before.body.version,
        },
      });
      expect(assigned.status).toBe(200);

      const page = await newPage(VIEWPORTS.mobile);
      await signIn(page, ADMIN);
      await openEditUser(page, user.id);
      await page
        .getByRole('table', { name: 'Clients of this user' })
        .getByRole('button', { name: 'Pennine Homes Ltd', exact: true })
        .click();
      await page
        .getByRole('table', { name: 'Projects of Pennine Homes Ltd' })
        .getByText('Harrogate Business Park')
        .waitFor();
      // From the top: scrolled, a full-page picture repeats the fixed top bar mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'edit-user-375');
      await expectNoSeriousAxeViolations(page, 'Edit User at 375 px');
      // The row's delete icon stays on the phone's screen: the projects table scrolls inside its row.
      expect(await isOnScreen(page.getByRole('button', { name: 'Delete client Pennine Homes Ltd' }))).toBe(
        true,
      );
      // Nothing wider than the phone: tables scroll inside their own box.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      await searchClients(page, 'Cly');
      await page.getByRole('option', { name: /Clyde Civil Engineering/ }).waitFor();
      await screenshot(page, 'edit-user-add-clients-375', { fullPage: false });
      await expectNoSeriousAxeViolations(page, 'Edit User, Add Clients open, at 375 px');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Permissions' }).click();
      await page
        .getByRole('dialog', { name: /Permissions of/ })
        .getByRole('checkbox', { name: 'Read Client' })
        .waitFor();
      await screenshot(page, 'edit-user-permissions-375', { fullPage: false });
      await expectNoSeriousAxeViolations(page, 'Edit User, Permissions modal, at 375 px');
    },
    FLOW_TIMEOUT_MS,
  );
});
