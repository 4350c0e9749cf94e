import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@stormline/data/dynamo';
import { createNotification } from '@stormline/data/notifications';
import { runtimeEnv } from '../support/runtime';
import { createTestUser } from '../support/users';
import { expectNoSeriousAxeViolations } from './axe';
import {
  VIEWPORTS,
  demoAccount,
  fillLogin,
  isOnScreen,
  screenshot,
  scrollThroughDashboard,
  signIn,
  useBrowser,
  mainNavigation,
} from './browser';

const ADMIN = demoAccount('admin@example.com');
const BMP_CONTRACTOR = demoAccount('bmp.contractor@example.com');

const newPage = useBrowser();

const navigation = mainNavigation;

/** Screens of the inspection workflow with what shows when they are open (the walk is inspections.e2e.test.ts). */
const WORKFLOW_SCREENS = [
  [
    'the projects list',
    '/divisions/north-region/projects',
    'The sites of this division and their inspections.',
  ],
  [
    'the inspection templates list',
    '/divisions/north-region/inspection-templates',
    'Copy a system template to make one of your own.',
  ],
  [
    'a project that does not exist',
    '/divisions/north-region/projects/some-project/inspections',
    'This project was not found, or you do not have access to it.',
  ],
  [
    'an inspection that does not exist',
    '/inspection/some-inspection',
    'This inspection was not found, or you do not have access to it.',
  ],
] as const;

describe.each([
  ['1280', VIEWPORTS.desktop],
  ['375', VIEWPORTS.mobile],
] as const)('axe: no serious or critical violation at %s px', (size, viewport) => {
  describe('signed out', () => {
    let page: Page;
    beforeAll(async () => {
      page = await newPage(viewport);
    });

    it('sign-in, empty', async () => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await expectNoSeriousAxeViolations(page, `/login at ${size} px`);
    });

    it('sign-in with validation errors', async () => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('Email is required').waitFor();
      await expectNoSeriousAxeViolations(page, `/login with validation errors at ${size} px`);
    });

    it("sign-in with the server's error", async () => {
      const user = await createTestUser('Inspector', ['north-region']);
      await page.goto('/login');
      await fillLogin(page, user.email, 'not-the-password');
      await page.getByTestId('login-error').waitFor();
      await expectNoSeriousAxeViolations(page, `/login with a server error at ${size} px`);
    });

    // The account screens' own states (forms, answers, dialogs) are in accounts.e2e.test.ts.
    for (const [name, path, heading] of [
      ['forgot password', '/forgot', 'Forgot password'],
      ['reset password', '/reset-password/some-token-0123456789', 'Reset password'],
      ['registration with an unknown link', '/user/register/some-token-0123456789', 'Registration Error'],
    ] as const) {
      it(name, async () => {
        await page.goto(path);
        await page.getByRole('heading', { name: heading }).waitFor();
        await expectNoSeriousAxeViolations(page, `${path} at ${size} px`);
      });
    }

    it('a public page', async () => {
      await page.goto('/public/inspection/some-inspection?division=north-region');
      await page.getByText('This inspection was not found, or you do not have access to it.').waitFor();
      await expectNoSeriousAxeViolations(page, `/public/inspection at ${size} px`);
    });

    it('not found in the public view', async () => {
      await page.goto('/public/no-such-page');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await expectNoSeriousAxeViolations(page, `/public/no-such-page at ${size} px`);
    });
  });

  describe('signed in as admin', () => {
    // The shell's menus are the same on every page: open them over a light one, not the dashboard's
    // six widgets (the dashboard itself is checked above), to keep the browser tier's time down.
    const LIGHT_PAGE = '/divisions/north-region/my-profile';
    let page: Page;
    beforeAll(async () => {
      page = await newPage(viewport);
      await signIn(page, ADMIN);
    });

    it('dashboard', async () => {
      await page.goto('/divisions/north-region/dashboard');
      await page.getByTestId('welcome').waitFor();
      // The widgets load after the page, and render their rows when scrolled to: check them once
      // every one has.
      await scrollThroughDashboard(page);
      await page.getByRole('region', { name: 'Open Findings' }).getByRole('row').nth(1).waitFor();
      await expectNoSeriousAxeViolations(page, `the dashboard at ${size} px`);
    });

    it('the user menu open', async () => {
      await page.goto(LIGHT_PAGE);
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'My Profile' }).waitFor();
      await expectNoSeriousAxeViolations(page, `the user menu at ${size} px`);
    });

    it('the notification bell open', async () => {
      await page.goto(LIGHT_PAGE);
      await page.getByTestId('notification-bell').click();
      await page.getByTestId('notification-item').first().waitFor();
      await expectNoSeriousAxeViolations(page, `the notifications at ${size} px`);
    });

    if (size === '375') {
      it('the navigation open', async () => {
        await page.goto(LIGHT_PAGE);
        await page.getByTestId('nav-burger').click();
        await expect
          .poll(() => isOnScreen(navigation(page).getByRole('link', { name: 'Project', exact: true })))
          .toBe(true);
        await expectNoSeriousAxeViolations(page, `the navigation at ${size} px`);
      });
    }

    it('the division switcher', async () => {
      await page.goto(LIGHT_PAGE);
      const switcher = page.getByRole('combobox', { name: 'Division' });
      // It mounts once the page has rendered and the browser is idle.
      await switcher.waitFor();
      expect(await switcher.locator('option').allTextContents()).toContain('South Region');
      await expectNoSeriousAxeViolations(page, `the division switcher at ${size} px`);
    });

    it('my profile', async () => {
      await page.goto('/divisions/north-region/my-profile');
      await page.getByTestId('profile-summary').waitFor();
      await expectNoSeriousAxeViolations(page, `my profile at ${size} px`);
    });

    it('my profile with validation errors', async () => {
      await page.goto('/divisions/north-region/my-profile');
      await page.getByLabel('First name').fill('');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('First name is required').waitFor();
      await expectNoSeriousAxeViolations(page, `my profile with validation errors at ${size} px`);
    });

    it('divisions', async () => {
      await page.goto('/divisions');
      await page.getByTestId('divisions-table').getByText('North Region').waitFor();
      await expectNoSeriousAxeViolations(page, `/divisions at ${size} px`);
    });

    it('Add Division with a validation error', async () => {
      await page.goto('/divisions');
      await page.getByRole('button', { name: 'Add Division' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Division' });
      await dialog.getByRole('button', { name: 'Add Division' }).click();
      await dialog.getByText('Division name is required').waitFor();
      await expectNoSeriousAxeViolations(page, `the Add Division dialog at ${size} px`);
    });

    it('a division', async () => {
      await page.goto('/divisions/north-region');
      await page.getByRole('heading', { name: 'North Region', level: 1 }).waitFor();
      await expectNoSeriousAxeViolations(page, `/divisions/north-region at ${size} px`);
    });

    it('the Edit and Delete dialogs of a division', async () => {
      await page.goto('/divisions/north-region');
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('dialog', { name: 'Edit division' }).getByLabel('Division name').waitFor();
      await expectNoSeriousAxeViolations(page, `the Edit division dialog at ${size} px`);
      // Behind a dialog the skip link is neither shown nor reachable by Tab.
      expect(
        await page
          .getByRole('link', { name: 'Skip to main content', includeHidden: true })
          .evaluate((link) => getComputedStyle(link).display),
      ).toBe('none');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Edit division' }).waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByRole('dialog', { name: 'Delete division' }).waitFor();
      await expectNoSeriousAxeViolations(page, `the Delete division dialog at ${size} px`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Delete division' }).waitFor({ state: 'hidden' });
    });

    for (const [name, path, text] of WORKFLOW_SCREENS) {
      it(name, async () => {
        await page.goto(path);
        await page.getByText(new RegExp(text)).first().waitFor();
        await expectNoSeriousAxeViolations(page, `${path} at ${size} px`);
      });
    }

    it('not found', async () => {
      await page.goto('/divisions/north-region/no-such-page');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await expectNoSeriousAxeViolations(page, `a missing page at ${size} px`);
    });
  });

  describe('signed in as a BMP contractor', () => {
    it('the contractor dashboard', async () => {
      const page = await newPage(viewport);
      await signIn(page, BMP_CONTRACTOR);
      await page.getByRole('region', { name: 'Open Findings' }).waitFor();
      await expectNoSeriousAxeViolations(page, `the contractor dashboard at ${size} px`);
    });
  });
});

/** The focused element, described for a failure message: tag, role, name and test id. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'the body (nothing focused)';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 60) ?? '';
    const role = el.getAttribute('role');
    const testId = el.getAttribute('data-testid');
    return `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ''}${testId ? ` data-testid=${testId}` : ''}> "${name}"`;
  });
}

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

async function expectFocused(locator: Locator, what: string): Promise<void> {
  await expect
    .poll(() => isFocused(locator), { message: `${what} should have focus` })
    .toBe(true)
    .catch(async (error: Error) => {
      throw new Error(`${error.message}; focus is on ${await describeFocus(locator.page())}`);
    });
}

async function tabTo(page: Page, locator: Locator, what: string): Promise<void> {
  await page.keyboard.press('Tab');
  await expectFocused(locator, what);
}

/** A user with notifications of their own, so marking them read touches no one else's. */
async function userWithNotifications(notifications: { title: string; link: string | null }[]) {
  const user = await createTestUser('Inspector', ['north-region']);
  const db = createDb({ tableName: runtimeEnv().TABLE_NAME!, endpoint: runtimeEnv().DYNAMODB_ENDPOINT });
  for (const { title, link } of notifications)
    await createNotification(db, user.id, { title, content: `${title} for a test site`, link });
  db.doc.destroy();
  return user;
}

describe('the shell by keyboard alone', () => {
  it('Tab goes skip link, brand, division switcher, bell, user menu, every navigation link; the skip link reaches the main content (1280 px)', async () => {
    const page = await newPage();
    await signIn(page, ADMIN);
    // A fresh load: focus starts at the top of the document, as it does for a visitor.
    await page.goto('/divisions/north-region/dashboard');
    await page.getByTestId('welcome').waitFor();
    // The top bar's switcher, bell and menu mount once the page is idle (app-layout.tsx): a
    // visitor tabs past them once they are there.
    await page.getByTestId('user-menu').waitFor();

    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await tabTo(page, skip, 'the skip link');
    expect(await isOnScreen(skip)).toBe(true);
    await screenshot(page, 'keyboard-skip-link-1280', { fullPage: false });
    await tabTo(page, page.getByRole('link', { name: 'Stormline home' }), 'the brand');
    await tabTo(page, page.getByRole('combobox', { name: 'Division' }), 'the division switcher');
    await tabTo(page, page.getByTestId('notification-bell'), 'the bell');
    await tabTo(page, page.getByTestId('user-menu'), 'the user menu');
    const links = navigation(page).getByRole('link');
    const labels = await links.allInnerTexts();
    expect(labels.length).toBeGreaterThanOrEqual(8);
    for (let index = 0; index < labels.length; index++)
      await tabTo(page, links.nth(index), `the navigation link ${labels[index]}`);

    // Back to the top: the skip link jumps past all of that into the page's content.
    await page.keyboard.press('Shift+Tab');
    while (!(await isFocused(skip))) await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expectFocused(page.getByRole('main'), 'the main content');
    expect(new URL(page.url()).hash).toBe('');
  });

  it('Enter and Space open the bell and the user menu; Escape closes them and returns focus to their button', async () => {
    const user = await userWithNotifications([{ title: 'Missed Inspection', link: null }]);
    const page = await newPage();
    await signIn(page, user);
    const bell = page.getByTestId('notification-bell');
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    for (const key of ['Enter', 'Space']) {
      await bell.focus();
      await page.keyboard.press(key);
      await panel.waitFor();
      // Focus moves into the panel, so Tab reaches its controls rather than the page behind it.
      await expect.poll(() => panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      expect(await bell.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
      await expectFocused(bell, `the bell after ${key} and Escape`);
    }

    const userMenu = page.getByTestId('user-menu');
    const menu = page.getByRole('menu');
    for (const key of ['Enter', 'Space']) {
      await userMenu.focus();
      await page.keyboard.press(key);
      await menu.waitFor();
      // The menu button pattern: opening puts focus on the first item, arrows move through the rest.
      await expectFocused(page.getByRole('menuitem', { name: 'My Profile' }), `the first item after ${key}`);
      await page.keyboard.press('ArrowDown');
      await expectFocused(page.getByRole('menuitem', { name: 'User Manuals' }), 'the second item');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      await expectFocused(userMenu, `the user menu after ${key} and Escape`);
    }
  });

  it('reaches each notification: Enter on one without a link marks it read, on one with a link follows it', async () => {
    const user = await userWithNotifications([
      { title: 'Missed Inspection', link: null },
      { title: 'Inspection Ready To Sign', link: '/divisions/north-region/projects' },
    ]);
    const page = await newPage();
    await signIn(page, user);
    const bell = page.getByRole('button', { name: 'Notifications, 2 unread' });
    await bell.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.waitFor();

    const plain = panel.getByRole('button', { name: /Missed Inspection/ });
    expect(await plain.getAttribute('data-testid')).toBe('notification-item');
    for (let presses = 0; presses < 5 && !(await isFocused(plain)); presses++)
      await page.keyboard.press('Tab');
    await expectFocused(plain, 'the notification without a link');
    await screenshot(page, 'keyboard-notifications-1280', { fullPage: false });
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();

    const linked = panel.getByRole('link', { name: /Inspection Ready To Sign/ });
    for (let presses = 0; presses < 5 && !(await isFocused(linked)); presses++)
      await page.keyboard.press('Tab');
    await expectFocused(linked, 'the notification with a link');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/divisions/north-region/projects');
    await panel.waitFor({ state: 'hidden' });
    await expectFocused(page.getByRole('heading', { name: 'Projects', level: 1 }), 'the new page’s heading');
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
  });

  it('at 375 px the burger opens the navigation from the keyboard, and a link in it is followed', async () => {
    const page = await newPage(VIEWPORTS.mobile);
    await signIn(page, ADMIN);
    await page.goto('/divisions/north-region/dashboard');
    await page.getByTestId('welcome').waitFor();
    const project = navigation(page).getByRole('link', { name: 'Project', exact: true });

    await tabTo(page, page.getByRole('link', { name: 'Skip to main content' }), 'the skip link');
    const burger = page.getByTestId('nav-burger');
    await tabTo(page, burger, 'the burger');
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    await expect.poll(() => isOnScreen(project)).toBe(true);
    expect(await burger.getAttribute('aria-expanded')).toBe('true');

    const dashboard = navigation(page).getByRole('link', { name: 'Dashboard', exact: true });
    for (let presses = 0; presses < 8 && !(await isFocused(dashboard)); presses++)
      await page.keyboard.press('Tab');
    await expectFocused(dashboard, 'the first navigation link');
    await tabTo(page, project, 'the Project link');
    await screenshot(page, 'keyboard-navigation-375', { fullPage: false });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/divisions/north-region/projects');
    await expect.poll(() => isOnScreen(project)).toBe(false);
    await expectFocused(page.getByRole('heading', { name: 'Projects', level: 1 }), 'the new page’s heading');
  });
});

describe('a route change (client-side navigation)', () => {
  it('moves focus to the new page’s h1 and names the page in the document title', async () => {
    const page = await newPage();
    await signIn(page, ADMIN);
    for (const [link, heading] of [
      ['Client', 'Clients'],
      ['Divisions', 'Divisions'],
      ['Dashboard', 'Dashboard'],
    ] as const) {
      await navigation(page).getByRole('link', { name: link, exact: true }).click();
      const h1 = page.getByRole('heading', { name: heading, level: 1 });
      await expectFocused(h1, `the ${heading} heading`);
      expect(await page.title()).toMatch(new RegExp(`^${heading} · `));
      // Focusable from script only: the heading is not a Tab stop.
      expect(await h1.getAttribute('tabindex')).toBe('-1');
      if (heading === 'Clients') await screenshot(page, 'route-focus-1280', { fullPage: false });
    }
  });

  it('leaves focus on a control inside the page that changed the URL and is still there', async () => {
    const page = await newPage();
    await signIn(page, ADMIN);
    await page.goto('/divisions/north-region/resources/clients');
    await page.getByRole('heading', { name: 'North Region', level: 1 }).waitFor();
    const users = page.getByRole('tab', { name: 'Users' });
    await users.click();
    await page.waitForURL((url) => url.pathname.endsWith('/resources/users'));
    await page.waitForTimeout(300);
    expect(await isFocused(users)).toBe(true);
  });

  it('announces the title in a polite live region when the new page shows no heading in time', async () => {
    const page = await newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    // The public view signs in with the public account first; hold that answer back.
    await page.route('**/api/login', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 4000));
      await route.continue();
    });
    await page.getByRole('textbox', { name: 'Email' }).click();
    // A client-side navigation, as the router makes it for Back and Forward.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/public/inspection/slow');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const announcer = page.getByTestId('route-announcer');
    expect(await announcer.getAttribute('aria-live')).toBe('polite');
    await expect.poll(() => announcer.textContent(), { timeout: 6000 }).toMatch(/^Public inspection · /);
  });
});
