import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Download, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { DEMO_ACCOUNTS, type DemoAccount } from '@stormline/local/seed';
import { startRuntime } from '../support/runtime';
import { signInAs } from '../support/users';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 812 },
} as const;

export const ARTIFACTS_DIR = path.resolve(import.meta.dirname, '../artifacts');

/**
 * The bytes of a download. The run's one browser is connected to, not launched here, so
 * `download.path()` is not available: the file is copied over with saveAs() first.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'stormline-download-')), 'file');
  await download.saveAs(file);
  return readFile(file);
}

/** A seeded demo account (local seed) by email. */
export function demoAccount(email: string): DemoAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.email === email);
  if (!account) throw new Error(`No demo account ${email}`);
  return account;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/**
 * A fresh context (its own local storage, so its own session) with one page. It asks for reduced
 * motion, which the theme respects: a notification then leaves at once rather than fading, so axe
 * and the screenshots never catch text half faded into its background.
 */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    locale: 'en-GB',
    reducedMotion: 'reduce',
  });
  return context.newPage();
}

/**
 * The run's browser (test/support/browser-setup.ts starts one chromium for the e2e run), for a
 * test file, on the product the run started: call it at the top of the file and open pages with
 * what it answers; each page has its own context (its own session) and all are closed after the
 * file, which then disconnects from the browser.
 */
export function useBrowser(): (viewport?: { width: number; height: number }) => Promise<Page> {
  let browser: Browser | undefined;
  let baseUrl = '';
  const pages: Page[] = [];
  beforeAll(async () => {
    baseUrl = (await startRuntime()).url;
    browser = await chromium.connect(inject('browserWsEndpoint'));
  });
  afterAll(async () => {
    for (const page of pages) await page.context().close();
    await browser?.close();
  });
  return async (viewport = VIEWPORTS.desktop) => {
    if (!browser) throw new Error('useBrowser(): the browser starts in beforeAll');
    const page = await openPage(browser, baseUrl, viewport);
    pages.push(page);
    return page;
  };
}

/** The shell's side navigation. */
export const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs in as the account and waits for its landing page (the dashboard by default): the token
 * from POST /api/login put where the SPA keeps it (local storage 'token', as the login form does),
 * then the site opened. The login form itself is driven in shell, accounts and accessibility e2e;
 * typing it for each of the run's 90 sign-ins cost 2 s each (docs/decisions/0023).
 */
export async function signIn(
  page: Page,
  account: { email: string; password: string },
  landing: RegExp = /\/divisions\/[^/]+\/dashboard$/,
): Promise<void> {
  const token = await signInAs(account);
  // Only the document opened next gets the token: a test that signs out stays signed out.
  const putToken = await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
  try {
    await page.goto('/');
  } finally {
    await putToken.dispose();
  }
  await page.waitForURL(landing);
  await page.getByTestId('user-menu').waitFor();
}

/** Inside the viewport horizontally: the collapsed navigation slides out of view but stays in the DOM. */
export async function isOnScreen(locator: Locator): Promise<boolean> {
  // Not in the page at all (the phone's navigation is built when first opened) is not on screen.
  if ((await locator.count()) === 0) return false;
  const box = await locator.boundingBox();
  const viewport = locator.page().viewportSize();
  return !!box && !!viewport && box.x + box.width > 0 && box.x < viewport.width;
}

/**
 * A dashboard widget, scrolled to as a user would: a widget's rows render when it nears the screen
 * (docs/decisions/0028), and one further down the page is only its card until then.
 */
export async function dashboardWidget(page: Page, name: string): Promise<Locator> {
  const widget = page.getByRole('region', { name, exact: true });
  await widget.waitFor();
  // The widgets mount one after another; until its turn a widget is a card of its own.
  await widget.locator('[data-widget-waiting="turn"]').waitFor({ state: 'detached' });
  await widget.scrollIntoViewIfNeeded();
  await widget.locator('[data-widget-waiting]').waitFor({ state: 'detached' });
  return widget;
}

/** Every widget of the dashboard scrolled past, so each has rendered its rows (for axe, a screenshot). */
export async function scrollThroughDashboard(page: Page): Promise<void> {
  const widgets = page.locator('[data-testid^="widget "]');
  await widgets.first().waitFor();
  await page.locator('[data-widget-waiting="turn"]').first().waitFor({ state: 'detached' });
  for (let i = 0; i < (await widgets.count()); i++) await widgets.nth(i).scrollIntoViewIfNeeded();
  await page.locator('[data-widget-waiting]').first().waitFor({ state: 'detached' });
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The division id in a /divisions/{id}/... URL. */
export function divisionIdOf(url: string): string {
  const match = /\/divisions\/([^/?#]+)\//.exec(new URL(url).pathname + '/');
  if (!match) throw new Error(`No division in ${url}`);
  return decodeURIComponent(match[1]!);
}

/**
 * Waits until no finite animation or transition runs (a modal's overlay fading in, a menu
 * opening), so axe and a screenshot see the resting state: a fixed pause was too short on a busy machine.
 * Spinners animate forever and are not waited for; after 5 s axe runs on whatever is there.
 */
export async function transitionsSettled(page: Page): Promise<void> {
  // A transition starts a frame or two after the state change that asks for it.
  await page.waitForTimeout(100);
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000, polling: 50 },
    )
    .catch(() => undefined);
}

/** A full-page screenshot into test/artifacts/ (gitignored), for a person to look at. */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  // Let transitions (menus, notifications) settle so the picture shows the resting state.
  await transitionsSettled(page);
  await page.screenshot({ path: file, fullPage });
  return file;
}

/**
 * Moves a sortable item (dnd-kit) one place by keyboard, as a person does: Space picks it up, the
 * arrow moves it, Space drops it. It starts once no list says `aria-busy` (an earlier move's answer
 * re-renders the rows), and each key waits for what dnd-kit says to a screen reader, so a key never
 * lands before the sensor listens. dnd-kit starts listening for arrows a task after the pick-up, so on
 * a loaded machine an arrow can still fall through: then, like a person whose key did nothing, it
 * presses once more. The announcements are ours: '… moved to place N of M.', '… dropped …'.
 */
export async function moveOnePlaceByKeyboard(page: Page, handle: Locator, arrow: 'ArrowUp' | 'ArrowDown') {
  const said = page.locator('[id^="DndLiveRegion"]');
  const placeSaid = async () => /moved to place (\d+) of/.exec((await said.textContent()) ?? '')?.[1];
  await expect.poll(() => page.locator('ul[aria-busy="true"]').count()).toBe(0);
  await handle.focus();
  await page.keyboard.press('Space');
  // Picked up, it is over its own place at once.
  await expect.poll(placeSaid).toBeDefined();
  const from = await placeSaid();
  // In a list the arrow moves one place; in the dashboard's grid it moves to the widget below.
  const movedOn = () =>
    expect
      .poll(placeSaid, { timeout: 3_000 })
      .not.toBe(from)
      .then(() => true)
      .catch(() => false);
  await page.keyboard.press(arrow);
  if (!(await movedOn())) {
    await page.keyboard.press(arrow);
    await expect.poll(placeSaid).not.toBe(from);
  }
  await page.keyboard.press('Space');
  await expect.poll(async () => (await said.textContent()) ?? '').toMatch(/dropped/);
}
