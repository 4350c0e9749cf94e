import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NORTH, call, tokenFor } from '../support/api';
import { linkToken, messagesTo } from '../support/outbox';
import { createTestUser, signInAs } from '../support/users';
import { expectNoSeriousAxeViolations } from './axe';
import { VIEWPORTS, demoAccount, fillLogin, screenshot, signIn, useBrowser } from './browser';

/**
 * Spec 001 §2 "Users admin list" in the browser, on the real stack: an admin invites users through
 * the two steps of Add Users and finds them in the list as invited with their invitation in the
 * outbox; the list is searched; a user is deactivated with the confirmation and refused at sign-in,
 * their token with them; a Client Manager sees the users they may not edit on the profile card.
 * axe and screenshots at 1280 and 375 px for the list and both steps of the modal.
 */

const ADMIN = demoAccount('admin@example.com');
const CLIENT_MANAGER = demoAccount('client.manager@example.com');
const DEACTIVATED = 'Your account has been deactivated. Please contact your administrator.';
/** Each flow walks several screens and the server; on a busy two-core machine that takes a while. */
const FLOW_TIMEOUT_MS = 150_000;
const newPage = useBrowser();

const adminHref = (search?: string) =>
  `/divisions/${NORTH}/admin${search ? `/?search=${encodeURIComponent(search)}` : ''}`;

interface UserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  roleName: string;
  status: string;
}

async function openUsers(page: Page, search?: string) {
  await page.goto(adminHref(search));
  await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
  await page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1).waitFor();
}

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
/** The row with a cell reading exactly `text` (an email, a first name). */
const rowOf = (page: Page, text: string) =>
  usersTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: text, exact: true }) });

async function findUser(email: string): Promise<UserRow> {
  const token = await tokenFor(ADMIN.email);
  const found = await call<{ pageData: UserRow[] }>(`/api/users?s=${encodeURIComponent(email)}`, {
    token,
    divisionId: NORTH,
  });
  const user = found.body.pageData.find((row) => row.email === email);
  if (!user) throw new Error(`${email} is not in the users list`);
  return user;
}

/** Step 1 of Add Users: emails, the role (divisions default to the page's). */
async function fillDetails(page: Page, emails: string[], role: string) {
  const dialog = page.getByRole('dialog', { name: 'Add Users' });
  const entry = dialog.getByRole('combobox', { name: 'Emails' });
  await entry.click();
  // Enter, comma and space all separate emails (spec 001 §2).
  const [first, ...rest] = emails;
  await entry.pressSequentially(`${first} `, { delay: 10 });
  for (const email of rest) {
    await entry.pressSequentially(`${email},`, { delay: 10 });
  }
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: role, exact: true }).click();
  return dialog;
}

describe('Users admin (spec 001 §2)', () => {
  it(
    'invites users through Add Users: listed as invited, each with an invitation in the outbox',
    async () => {
      const tag = randomUUID().slice(0, 8);
      const ann = `ann-${tag}@example.com`;
      const bob = `bob-${tag}@example.com`;
      const page = await newPage();
      await signIn(page, ADMIN);
      await openUsers(page);
      await screenshot(page, 'users-admin-1280');
      await expectNoSeriousAxeViolations(page, 'Users admin at 1280 px');

      await page.getByRole('button', { name: 'Add Users' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Users' });
      await dialog.getByRole('combobox', { name: 'Role' }).waitFor();

      // The rules of the email entry: at least one, each valid, each once.
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByText('At least one email is required').waitFor();
      const entry = dialog.getByRole('combobox', { name: 'Emails' });
      await entry.pressSequentially('someone@', { delay: 10 });
      await entry.press('Enter');
      await dialog.getByText('Please enter a valid email address').waitFor();
      await screenshot(page, 'users-admin-add-step1-errors-1280', { fullPage: false });
      await expectNoSeriousAxeViolations(page, 'Add Users, step 1 with a malformed email, at 1280 px');
      await entry.press('Backspace');

      await fillDetails(page, [ann, bob], 'Client User');
      await entry.pressSequentially(`${ann.toUpperCase()}`, { delay: 5 });
      await entry.press('Enter');
      await dialog.getByText('Each email may be entered once').waitFor();
      expect(await dialog.getByTestId('email-entry').locator('.mantine-Pill-root').count()).toBe(2);
      await screenshot(page, 'users-admin-add-step1-1280', { fullPage: false });
      await expectNoSeriousAxeViolations(page, 'Add Users, step 1, at 1280 px');
      await dialog.getByRole('button', { name: 'Next' }).click();

      // Step 2: a client of the division and one of its projects.
      const clients = dialog.getByRole('combobox', { name: 'Clients' });
      await clients.click();
      await page.getByRole('option', { name: 'Pennine Homes Ltd' }).click();
      await page.keyboard.press('Escape');
      const pennine = dialog.getByRole('group', { name: 'Pennine Homes Ltd' });
      await pennine.getByRole('checkbox', { name: 'Kirkstall Riverside Housing' }).check();
      await screenshot(page, 'users-admin-add-step2-1280', { fullPage: false });
      await expectNoSeriousAxeViolations(page, 'Add Users, step 2, at 1280 px');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await page.getByText('Invitations sent').waitFor();
      await dialog.waitFor({ state: 'hidden' });

      // In the list as invited (found by their email: invitees have no name yet).
      await page.getByRole('searchbox', { name: 'Search users' }).fill(ann);
      await expect.poll(() => usersTable(page).getByRole('row').count(), { timeout: 5000 }).toBe(2);
      await rowOf(page, ann).getByText('Invited').waitFor();

      // Each has an invitation in the outbox, with a registration link.
      for (const email of [ann, bob]) {
        const mail = await messagesTo(email);
        expect(mail).toHaveLength(1);
        expect(linkToken(mail[0]!, '/user/register/')).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(mail[0]!.text).toContain('Avery Admin');
      }

      // Read back: the role, the division, the client and the project were stored.
      const stored = await findUser(ann);
      expect(stored).toMatchObject({ roleName: 'Client User', status: 'invited' });
      const detail = await call<{
        divisionIds: string[];
        clients: { name: string }[];
        projects: { name: string }[];
      }>(`/api/users/${stored.id}`, { token: await tokenFor(ADMIN.email), divisionId: NORTH });
      expect(detail.body.divisionIds).toEqual([NORTH]);
      expect(detail.body.clients.map((c) => c.name)).toEqual(['Pennine Homes Ltd']);
      expect(detail.body.projects.map((p) => p.name)).toEqual(['Kirkstall Riverside Housing']);

      // Re-invite: a second invitation, and the first link stops working.
      const firstLink = linkToken((await messagesTo(ann))[0]!, '/user/register/');
      await rowOf(page, ann)
        .getByRole('button', { name: `Re-invite ${ann}` })
        .click();
      const confirm = page.getByRole('dialog', { name: 'Re-invite user' });
      await confirm.getByText(`Send the invitation to ${ann} again?`, { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Send invitation' }).click();
      await page.getByText(`A new invitation was sent to ${ann}.`).waitFor();
      const mail = await messagesTo(ann);
      expect(mail).toHaveLength(2);
      const old = await call('/api/user/validate', { method: 'POST', body: { token: firstLink } });
      expect(old.status).not.toBe(200);
      const fresh = await call('/api/user/validate', {
        method: 'POST',
        body: { token: linkToken(mail[1]!, '/user/register/') },
      });
      expect(fresh.status).toBe(200);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'searches over first name, last name and email, with the search in the URL',
    async () => {
      const page = await newPage();
      await signIn(page, ADMIN);
      await openUsers(page);
      const search = page.getByRole('searchbox', { name: 'Search users' });

      await search.fill('Ines');
      await rowOf(page, 'inspector@example.com').waitFor();
      await expect.poll(() => rowOf(page, 'admin@example.com').count(), { timeout: 5000 }).toBe(0);
      expect(new URL(page.url()).searchParams.get('search')).toBe('Ines');

      await search.fill('Martinez');
      await rowOf(page, 'bmp.contractor@example.com').waitFor();
      await expect.poll(() => rowOf(page, 'inspector@example.com').count(), { timeout: 5000 }).toBe(0);

      await search.fill('client.user@example.com');
      await rowOf(page, 'Chris').waitFor();
      await expect.poll(() => usersTable(page).getByRole('row').count(), { timeout: 5000 }).toBe(2);

      // A division page's link /admin/?search={email} opens the list searched.
      await openUsers(page, 'regulator@example.com');
      expect(await search.inputValue()).toBe('regulator@example.com');
      await rowOf(page, 'Riley').waitFor();
      await expect.poll(() => usersTable(page).getByRole('row').count(), { timeout: 5000 }).toBe(2);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'deactivates a user with the confirmation: refused at sign-in, their token too; activates them again',
    async () => {
      const target = await createTestUser('Inspector', [NORTH]);
      const heldToken = await signInAs(target);
      expect((await call('/api/users/profile', { token: heldToken })).status).toBe(200);

      const page = await newPage();
      await signIn(page, ADMIN);
      await openUsers(page, target.email);
      const toggle = rowOf(page, target.email).getByRole('switch', { name: 'Active: Test Inspector' });
      expect(await toggle.isChecked()).toBe(true);
      await toggle.click({ force: true });
      const confirm = page.getByRole('dialog', { name: 'Deactivate user' });
      await confirm
        .getByText('Are you sure you want to deactivate Test Inspector?', { exact: false })
        .waitFor();
      await screenshot(page, 'users-admin-deactivate-1280', { fullPage: false });
      await expectNoSeriousAxeViolations(page, 'Users admin, deactivate confirmation, at 1280 px');
      await confirm.getByRole('button', { name: 'Deactivate' }).click();
      await page.getByText('User deactivated').waitFor();
      await rowOf(page, target.email).getByText('Inactive').waitFor();
      expect(await toggle.isChecked()).toBe(false);
      expect((await findUser(target.email)).status).toBe('inactive');

      // Refused at sign-in with the server's message, and the token held before stops working.
      const login = await call<{ message: string }>('/api/login', {
        method: 'POST',
        body: { email: target.email, password: target.password },
      });
      expect(login.status).toBe(401);
      expect(login.body.message).toBe(DEACTIVATED);
      expect((await call('/api/users/profile', { token: heldToken })).status).toBe(401);

      // The browser's sign-in form shows the refusal.
      const theirs = await newPage();
      await theirs.goto('/login');
      await fillLogin(theirs, target.email, target.password);
      await theirs.getByRole('alert').filter({ hasText: DEACTIVATED }).waitFor();
      expect(theirs.url()).toMatch(/\/login/);

      // Activated again with its own confirmation, they sign in; the old token stays dead.
      await toggle.click({ force: true });
      const activate = page.getByRole('dialog', { name: 'Activate user' });
      await activate.getByRole('button', { name: 'Activate' }).click();
      await page.getByText('User activated').waitFor();
      await rowOf(page, target.email).getByText('Active', { exact: true }).waitFor();
      expect(await signInAs(target)).toBeTruthy();
      expect((await call('/api/users/profile', { token: heldToken })).status).toBe(401);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    "a Client Manager's view: the roles they may edit open the edit page, the others the profile card",
    async () => {
      const page = await newPage();
      await signIn(page, CLIENT_MANAGER);
      await openUsers(page);
      // Each by a search of its own: other test files add many users to the same runtime.
      const find = async (email: string) => {
        await page.goto(`/divisions/${NORTH}/admin/?search=${encodeURIComponent(email)}`);
        await rowOf(page, email).waitFor();
        return rowOf(page, email);
      };

      // An Inspector is theirs to edit: a link to the edit page, and the status toggle.
      const inspector = await find('inspector@example.com');
      expect(
        await inspector.getByRole('link', { name: 'inspector@example.com' }).getAttribute('href'),
      ).toMatch(new RegExp(`/divisions/${NORTH}/user-profiles/[^/]+/edit$`));
      expect(await inspector.getByRole('switch', { name: 'Active: Ines Carter' }).count()).toBe(1);

      // The Admin and the Regional Manager are not: the view-only profile card, no toggle.
      expect(await (await find('regional.manager@example.com')).getByRole('switch').count()).toBe(0);
      const adminRow = await find('admin@example.com');
      expect(await adminRow.getByRole('switch').count()).toBe(0);
      expect(await adminRow.getByRole('link').count()).toBe(0);
      await adminRow.getByRole('button', { name: 'admin@example.com' }).click();
      const card = page.getByRole('dialog', { name: 'User profile' });
      await card.getByText('Avery Admin').waitFor();
      await card.getByText('Operations Director').waitFor();
      await screenshot(page, 'users-admin-profile-card-1280', { fullPage: false });
      await expectNoSeriousAxeViolations(page, 'Users admin, profile card, at 1280 px');
      await page.keyboard.press('Escape');
      await card.waitFor({ state: 'hidden' });

      // Add Users offers only the roles a Client Manager may give.
      await page.getByRole('button', { name: 'Add Users' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Users' });
      await dialog.getByRole('combobox', { name: 'Role' }).click();
      await page.getByRole('option', { name: 'Client Inspector' }).waitFor();
      // The role dropdown's options (the division switcher is a native select with options too).
      const roles = await page.getByRole('listbox').getByRole('option').allInnerTexts();
      expect(roles.sort()).toEqual(
        [
          'BMP Contractor',
          'Client Inspector',
          'Client Manager',
          'Client User',
          'Inspector',
          'Regulator',
        ].sort(),
      );
      await page.keyboard.press('Escape');

      // Opening the Inspector goes to the edit page.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await (
        await find('inspector@example.com')
      )
        .getByRole('link', { name: 'inspector@example.com' })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Edit User' }).waitFor();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'looks right at 375 px: the list and both steps of Add Users',
    async () => {
      const page = await newPage(VIEWPORTS.mobile);
      await signIn(page, ADMIN);
      await openUsers(page);
      await screenshot(page, 'users-admin-375');
      await expectNoSeriousAxeViolations(page, 'Users admin at 375 px');
      // Nothing wider than the phone: the table scrolls inside its own box.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      await page.getByRole('button', { name: 'Add Users' }).click();
      const dialog = await fillDetails(page, [`phone-${randomUUID().slice(0, 8)}@example.com`], 'Inspector');
      await dialog.getByRole('combobox', { name: 'Manager' }).waitFor();
      await screenshot(page, 'users-admin-add-step1-375', { fullPage: false });
      await expectNoSeriousAxeViolations(page, 'Add Users, step 1, at 375 px');

      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByRole('combobox', { name: 'Clients' }).click();
      await page.getByRole('option', { name: 'Pennine Homes Ltd' }).click();
      await page.keyboard.press('Escape');
      await dialog
        .getByRole('group', { name: 'Pennine Homes Ltd' })
        .getByRole('checkbox', { name: 'Harrogate Business Park' })
        .waitFor();
      await screenshot(page, 'users-admin-add-step2-375', { fullPage: false });
      await expectNoSeriousAxeViolations(page, 'Add Users, step 2, at 375 px');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    },
    FLOW_TIMEOUT_MS,
  );
});
