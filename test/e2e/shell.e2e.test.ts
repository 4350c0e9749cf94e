import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createDb } from '@stormline/data/dynamo';
import { createDivision } from '@stormline/data/divisions';
import { createNotification } from '@stormline/data/notifications';
import { runtimeEnv } from '../support/runtime';
import { createTestUser } from '../support/users';
import {
  VIEWPORTS,
  demoAccount,
  divisionIdOf,
  fillLogin,
  isOnScreen,
  screenshot,
  signIn,
  useBrowser,
  mainNavigation,
} from './browser';

const ADMIN = demoAccount('admin@example.com');
const INSPECTOR = demoAccount('inspector@example.com');
const BMP_CONTRACTOR = demoAccount('bmp.contractor@example.com');

const newPage = useBrowser();

const navigation = mainNavigation;
const divisionSwitcher = (page: Page) => page.getByRole('combobox', { name: 'Division' });
/** The division the switcher shows (a select's value is the division's id). */
const chosenDivision = (page: Page) => divisionSwitcher(page).locator('option:checked').textContent();

describe('sign-in (spec 001 §2, §5, §8)', () => {
  it('asks for both fields, and for a valid email', async () => {
    const page = await newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByText('Email is required').isVisible()).toBe(true);
    expect(await page.getByText('Password is required').isVisible()).toBe(true);

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByText('Please enter a valid email address').isVisible()).toBe(true);
    await screenshot(page, 'login-validation-1280');
  });

  it("shows the server's message for a wrong password", async () => {
    const user = await createTestUser('Inspector', ['north-region']);
    const page = await newPage();
    await page.goto('/login');
    await fillLogin(page, user.email, 'not-the-password');
    const alert = page.getByTestId('login-error');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Invalid email or password');
    await screenshot(page, 'login-error-1280');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('signs in as admin and shows the layout: navigation, division switcher, bell and user menu', async () => {
    const page = await newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await screenshot(page, 'login-1280');
    await signIn(page, ADMIN);

    await page.getByTestId('welcome').waitFor();
    expect(await page.getByTestId('welcome').textContent()).toBe(`Welcome, ${ADMIN.first_name}`);
    for (const label of [
      'Dashboard',
      'Project',
      'Client',
      'Regulations',
      'Legend Item',
      'Admin',
      'Divisions',
      'Inspection Templates',
    ]) {
      expect(await navigation(page).getByRole('link', { name: label, exact: true }).isVisible()).toBe(true);
    }
    expect(await chosenDivision(page)).toBe('North Region');
    expect(await page.evaluate(() => localStorage.getItem('divisionId'))).toBe(divisionIdOf(page.url()));
    expect(await page.getByTestId('user-menu-name').textContent()).toBe(
      `${ADMIN.first_name} ${ADMIN.last_name}`,
    );
    // The seeded admin has unread notifications (two seeded, and what other tests' events raised):
    // the bell counts them.
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).waitFor();
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
    await screenshot(page, 'dashboard-1280');

    await page.getByTestId('user-menu').click();
    // The menu opens with a short transition: wait for it rather than read it at once.
    await page.getByRole('menuitem', { name: 'My Profile' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'My Profile' }).isVisible()).toBe(true);
    expect(await page.getByRole('menuitem', { name: 'Log Out' }).isVisible()).toBe(true);
    await screenshot(page, 'user-menu-1280');
  });

  it('goes to the return path after sign-in', async () => {
    const page = await newPage();
    await page.goto('/login?to=%2Fdivisions');
    await fillLogin(page, ADMIN.email, ADMIN.password);
    await page.waitForURL((url) => url.pathname === '/divisions');
  });
});

describe('the notification bell (spec 001 §2)', () => {
  it('shows the unread count, marks one read when opened, and all with Mark all read', async () => {
    const user = await createTestUser('Inspector', ['north-region']);
    const db = createDb({ tableName: runtimeEnv().TABLE_NAME!, endpoint: runtimeEnv().DYNAMODB_ENDPOINT });
    for (const title of ['Missed Inspection', 'Inspection Ready To Sign', 'Inspection Complete']) {
      await createNotification(db, user.id, { title, content: `${title} for a test site`, link: null });
    }
    db.doc.destroy();

    const page = await newPage();
    await signIn(page, user);
    await page.getByRole('button', { name: 'Notifications, 3 unread' }).click();
    await page.getByText('3 unread').waitFor();
    await screenshot(page, 'notifications-1280', { fullPage: false });
    await page.getByTestId('notification-item').filter({ hasText: 'Missed Inspection' }).click();
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor();

    await page.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(await page.locator('.mantine-Indicator-indicator').count()).toBe(0);
  });
});

describe('route conventions (spec 000 §2, 001 §2)', () => {
  it('sends a signed-out visitor of /projects to /login?to=/projects, and back there after sign-in', async () => {
    const page = await newPage();
    await page.goto('/projects');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('to')).toBe('/projects');

    await fillLogin(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/divisions\/[^/]+\/projects$/);
  });

  it('puts /projects under the working division when signed in', async () => {
    const page = await newPage();
    await signIn(page, ADMIN);
    const divisionId = divisionIdOf(page.url());
    await page.goto('/projects');
    await page.waitForURL((url) => url.pathname === `/divisions/${divisionId}/projects`);
    await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search Projects' }).isVisible()).toBe(true);
  });

  it('sends a division that is not the user’s to the same page under the working division', async () => {
    const page = await newPage();
    await signIn(page, INSPECTOR);
    await page.goto('/divisions/south-region/clients');
    await page.waitForURL((url) => url.pathname === '/divisions/north-region/clients');
  });

  it('sends / to the dashboard when signed in and to sign-in when not', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/login');
    await signIn(page, ADMIN);
    await page.goto('/');
    await page.waitForURL(/\/divisions\/[^/]+\/dashboard$/);
  });

  it('shows an inspector neither Inspection Templates nor Divisions, and does not open them', async () => {
    const page = await newPage();
    await signIn(page, INSPECTOR);
    await navigation(page).getByRole('link', { name: 'Dashboard', exact: true }).waitFor();
    expect(await navigation(page).getByRole('link', { name: 'Inspection Templates' }).count()).toBe(0);
    expect(await navigation(page).getByRole('link', { name: 'Divisions' }).count()).toBe(0);
    expect(await chosenDivision(page)).toBe('North Region');

    // A page outside the user's navigation goes to the start page with a notice (docs/decisions/0003).
    await page.goto('/divisions');
    await page.waitForURL(/\/divisions\/north-region\/dashboard$/);
    await page.getByText('Not permitted').waitFor();
    await page.goto('/inspection-templates');
    await page.waitForURL(/\/divisions\/north-region\/dashboard$/);
  });

  it('gives a BMP Contractor the contractor dashboard', async () => {
    const page = await newPage();
    await signIn(page, BMP_CONTRACTOR);
    // The findings to correct and the sites' due dates; nothing to customise.
    await page.getByRole('region', { name: 'Open Findings' }).waitFor();
    await page.getByRole('region', { name: 'Inspections Due' }).waitFor();
    expect(await page.getByRole('button', { name: 'Widgets Setting' }).count()).toBe(0);
  });

  it('switches division: same page under the new division, stored for next time', async () => {
    const page = await newPage();
    await signIn(page, ADMIN);
    await page.goto('/projects');
    await page.waitForURL(/\/divisions\/north-region\/projects$/);

    await divisionSwitcher(page).selectOption({ label: 'South Region' });
    await page.waitForURL((url) => url.pathname === '/divisions/south-region/projects');
    await expect.poll(() => chosenDivision(page)).toBe('South Region');
    expect(await page.evaluate(() => localStorage.getItem('divisionId'))).toBe('south-region');

    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/divisions/south-region/dashboard');
  });

  it('switches division by keyboard only on Enter: stepping through the list goes nowhere, focus stays', async () => {
    const page = await newPage();
    await signIn(page, ADMIN);
    await page.goto('/divisions/north-region/projects');
    // The switcher mounts once the page has rendered and the browser is idle.
    await divisionSwitcher(page).waitFor();
    const options = await divisionSwitcher(page).locator('option').allTextContents();
    expect(options.slice(0, 2)).toEqual(['North Region', 'South Region']);

    await divisionSwitcher(page).focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => chosenDivision(page)).toBe('South Region');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/divisions/north-region/projects');

    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/divisions/south-region/projects');
    expect(await divisionSwitcher(page).evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('keeps two tabs on two divisions apart: no rewriting each other, no remount, no borrowed division', async () => {
    const first = await newPage();
    await signIn(first, ADMIN);
    // A second tab of the same browser: the same local storage, so the same session.
    const second = await first.context().newPage();
    const sent = new Map<Page, (string | undefined)[]>([
      [first, []],
      [second, []],
    ]);
    for (const page of [first, second]) {
      await page.addInitScript(() => {
        const counted = window as unknown as { divisionWrites: number };
        counted.divisionWrites = 0;
        const setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key: string, value: string) {
          if (key === 'divisionId') counted.divisionWrites++;
          return setItem.call(this, key, value);
        };
      });
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/'))
          sent.get(page)!.push(request.headers()['divisionid']);
      });
    }
    await first.goto('/divisions/north-region/my-profile');
    await second.goto('/divisions/south-region/my-profile');
    await first.bringToFront();
    await first.getByLabel('Position').fill('Typed in the north tab');

    await first.waitForTimeout(3000);
    for (const [page, divisionId] of [
      [first, 'north-region'],
      [second, 'south-region'],
    ] as const) {
      expect(new URL(page.url()).pathname).toBe(`/divisions/${divisionId}/my-profile`);
      expect(
        await page.evaluate(() => (window as unknown as { divisionWrites: number }).divisionWrites),
      ).toBeLessThanOrEqual(1);
      await expect
        .poll(() => chosenDivision(page))
        .toBe(divisionId === 'north-region' ? 'North Region' : 'South Region');
      // A call either names no division (the profile, notifications) or this tab's own.
      expect(sent.get(page)!.filter((header) => header !== undefined && header !== divisionId)).toEqual([]);
    }
    // Nothing remounted the form: what was typed is still there.
    expect(await first.getByLabel('Position').inputValue()).toBe('Typed in the north tab');
  });

  it('logs out: back to sign-in, and signed-in pages ask for sign-in again', async () => {
    const page = await newPage();
    await signIn(page, ADMIN);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await page.goto('/divisions/north-region/dashboard');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('to')).toBe('/divisions/north-region/dashboard');
  });

  it('signs out when the profile cannot be loaded (spec 001 §8)', async () => {
    const page = await newPage();
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('token', 'not-a-valid-token'));
    await page.goto('/divisions/north-region/dashboard');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.getByText('Your session has ended. Please sign in again.').waitFor();
  });

  it('opens a public page with the public account, in the public layout', async () => {
    const page = await newPage();
    await page.goto('/public/inspection/some-inspection?division=north-region');
    await page.getByText('This inspection was not found, or you do not have access to it.').waitFor();
    expect(await page.getByRole('banner').getByText('Public view').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('publicToken'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('does not start without apiBaseUrl in config.json', async () => {
    const page = await newPage();
    await page.route('**/config.json', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"region":"UK"}' }),
    );
    await page.goto('/login');
    await page
      .getByText(
        'The API base URL setting (apiBaseUrl) is missing from config.json; the application cannot start.',
      )
      .waitFor();
    expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(0);
  });
});

describe('my profile (spec 001 §2, §5)', () => {
  it('shows the details and saves the form', async () => {
    const user = await createTestUser('Inspector', ['north-region']);
    const page = await newPage();
    await signIn(page, user);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await page.waitForURL(/\/divisions\/north-region\/my-profile$/);
    await page.getByTestId('profile-summary').getByText(user.email).waitFor();

    await page.getByLabel('First name').fill('');
    await page.getByLabel('Extension').fill('12a');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('First name is required').waitFor();
    await page.getByText('Extension must be numeric').waitFor();

    await page.getByLabel('First name').fill('Morgan');
    await page.getByLabel('Position').fill('Senior Inspector');
    await page.getByLabel('Extension').fill('42');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Profile saved').first().waitFor();
    await expect
      .poll(() => page.getByTestId('user-menu-name').textContent())
      .toBe(`Morgan ${user.last_name}`);

    await page.reload();
    expect(await page.getByLabel('Position').inputValue()).toBe('Senior Inspector');
  });

  it("shows the server's message when the profile changed elsewhere (409), and recovers", async () => {
    const user = await createTestUser('Inspector', ['north-region']);
    const page = await newPage();
    await signIn(page, user);
    await page.goto('/my-profile');
    await page.getByTestId('profile-summary').waitFor();

    // Another tab saves first: the version this page holds is now stale.
    const conflict = await page.evaluate(async () => {
      const headers = {
        Authorization: `Bearer ${localStorage.getItem('token')}`,
        'Content-Type': 'application/json',
      };
      const profile = await (await fetch('/api/users/profile', { headers })).json();
      const body = { first_name: 'Elsewhere', last_name: profile.last_name, version: profile.version };
      await fetch('/api/users/profile', { method: 'POST', headers, body: JSON.stringify(body) });
      const stale = await fetch('/api/users/profile', {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      return { status: stale.status, message: ((await stale.json()) as { message: string }).message };
    });
    expect(conflict.status).toBe(409);

    await page.getByLabel('Position').fill('Field Lead');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const error = page.getByTestId('profile-error');
    await error.getByText(conflict.message).waitFor();

    await error.getByRole('button', { name: 'Load the latest version' }).click();
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Elsewhere');
    await page.getByLabel('Position').fill('Field Lead');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Profile saved').first().waitFor();
  });
});

describe('divisions (spec 001 §2)', () => {
  it('lists, searches, adds and renames divisions', async () => {
    const page = await newPage();
    await signIn(page, ADMIN);
    await navigation(page).getByRole('link', { name: 'Divisions' }).click();
    await page.waitForURL((url) => url.pathname === '/divisions');
    const table = page.getByTestId('divisions-table');
    await table.getByText('North Region').waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Name', 'Created At']);
    expect(await table.locator('tbody tr').first().locator('td').nth(1).textContent()).toMatch(
      /^\d{2}-\d{2}-\d{4}$/,
    );

    await page.getByRole('button', { name: 'Add Division' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Division' });
    await dialog.getByRole('button', { name: 'Add Division' }).click();
    await dialog.getByText('Division name is required').waitFor();

    const name = `Zeta Test ${randomUUID().slice(0, 8)}`;
    await dialog.getByLabel('Division name').fill(name);
    await dialog.getByRole('button', { name: 'Add Division' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('searchbox', { name: 'Search divisions' }).fill(name);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await table.getByText(name).click();
    await page.waitForURL(/\/divisions\/[^/]+$/);
    await page.getByRole('heading', { name, level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit division' });
    await edit.getByLabel('Division name').fill(`${name} renamed`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: `${name} renamed`, level: 1 }).waitFor();
  });

  it('after a 409 reads the division again, so the second save succeeds', async () => {
    const name = `Conflict Test ${randomUUID().slice(0, 8)}`;
    const db = createDb({ tableName: runtimeEnv().TABLE_NAME!, endpoint: runtimeEnv().DYNAMODB_ENDPOINT });
    const division = await createDivision(db, { name });
    db.doc.destroy();
    const [mine, theirs] = [await newPage(), await newPage()];
    for (const page of [mine, theirs]) {
      await signIn(page, ADMIN);
      await page.goto(`/divisions/${division.id}`);
      await page.getByRole('heading', { name, level: 1 }).waitFor();
    }
    const rename = async (page: Page, to: string) => {
      await page.getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit division' });
      await dialog.getByLabel('Division name').fill(to);
      await dialog.getByRole('button', { name: 'Save' }).click();
      return dialog;
    };
    await (await rename(theirs, `${name} theirs`)).waitFor({ state: 'hidden' });

    const dialog = await rename(mine, `${name} mine`);
    await dialog
      .getByRole('alert')
      .getByText('This record was changed by someone else. Reload it and try again.')
      .waitFor();
    // The page read the division again: its heading shows their name, and saving again works.
    await mine.getByRole('heading', { name: `${name} theirs`, level: 1 }).waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await mine.getByRole('heading', { name: `${name} mine`, level: 1 }).waitFor();
  });

  it('pages with Next and Previous through the server’s cursors', async () => {
    const db = createDb({ tableName: runtimeEnv().TABLE_NAME!, endpoint: runtimeEnv().DYNAMODB_ENDPOINT });
    const tag = `Zzpager${randomUUID().slice(0, 6)}`;
    for (let i = 0; i < 27; i++) await createDivision(db, { name: `${tag} ${String(i).padStart(2, '0')}` });
    db.doc.destroy();

    const page = await newPage();
    await signIn(page, ADMIN);
    await page.goto('/divisions');
    const table = page.getByTestId('divisions-table');
    await table.getByText('North Region').waitFor();
    await page.getByRole('searchbox', { name: 'Search divisions' }).fill(tag.toLowerCase());
    // The search has answered when the divisions it does not match are gone.
    await expect.poll(() => table.getByText('North Region').count()).toBe(0);
    await table.getByText(`${tag} 00`).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(25);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await screenshot(page, 'divisions-paged-1280');

    await page.getByRole('button', { name: 'Next' }).click();
    await table.getByText(`${tag} 26`).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(2);
    expect(await page.getByText('Page 2').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Previous' }).click();
    await table.getByText(`${tag} 00`).waitFor();
    expect(await page.getByText('Page 1').isVisible()).toBe(true);
  });
});

describe('narrow screens (spec 001 §9: hamburger under 992 px)', () => {
  it('shows the hamburger at 375 px and opens the navigation with it', async () => {
    const page = await newPage(VIEWPORTS.mobile);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await screenshot(page, 'login-375');
    await signIn(page, ADMIN);
    await page.getByTestId('welcome').waitFor();
    await screenshot(page, 'dashboard-375');

    const burger = page.getByTestId('nav-burger');
    const projects = navigation(page).getByRole('link', { name: 'Project', exact: true });
    expect(await burger.isVisible()).toBe(true);
    expect(await isOnScreen(projects)).toBe(false);
    await burger.click();
    await expect.poll(() => isOnScreen(projects)).toBe(true);
    await screenshot(page, 'navigation-375', { fullPage: false });
    await projects.click();
    await page.waitForURL(/\/projects$/);
    await expect.poll(() => isOnScreen(projects)).toBe(false);
  });

  it('shows the hamburger at 991 px but not at 992 px', async () => {
    const page = await newPage({ width: 991, height: 800 });
    await signIn(page, ADMIN);
    await page.getByTestId('nav-burger').waitFor();
    await page.setViewportSize({ width: 992, height: 800 });
    await expect.poll(() => page.getByTestId('nav-burger').isVisible()).toBe(false);
  });
});

describe('screenshots for review (test/artifacts/)', () => {
  for (const [size, viewport] of [
    ['1280', VIEWPORTS.desktop],
    ['375', VIEWPORTS.mobile],
  ] as const) {
    it(`profile and divisions at ${size} px`, async () => {
      const page = await newPage(viewport);
      await signIn(page, ADMIN);
      await page.goto('/my-profile');
      await page.getByTestId('profile-summary').waitFor();
      await screenshot(page, `profile-${size}`);
      await page.goto('/divisions');
      await page.getByTestId('divisions-table').getByText('North Region').waitFor();
      await screenshot(page, `divisions-${size}`);
      await page.goto('/divisions/north-region');
      await page.getByRole('heading', { name: 'North Region', level: 1 }).waitFor();
      await screenshot(page, `division-${size}`);
      await page.goto('/clients');
      await page.getByTestId('clients-table').getByRole('link').first().waitFor();
      await screenshot(page, `clients-${size}`);
    });
  }
});
