import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup } from '@stormline/data/regulations';
import { localDate } from '@stormline/domain/local-date';
import { call, NORTH } from '../support/api';
import { answerInFull, signInspection } from '../support/inspection-walk';
import { testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';
import { expectNoSeriousAxeViolations } from './axe';
import {
  dashboardWidget,
  moveOnePlaceByKeyboard,
  screenshot,
  scrollThroughDashboard,
  signIn,
  useBrowser,
  VIEWPORTS,
} from './browser';

/**
 * Issue 11's dashboard in the browser, as a manager of its own (so its saved layout disturbs no
 * other test): certify an inspection from Certifications Due and see the row leave; customise the
 * widgets (hide one, resize one, reorder by keyboard and Save) and find it all after a reload;
 * re-assign a site from Team Management; switch Inspections Due to the calendar. Axe and
 * screenshots at 1280, 700 and 375 px.
 */

const newPage = useBrowser();
const run = Date.now().toString(36);
const zone = 'Europe/London';
const projectName = `E2E Dashboard Weir ${run}`;
const db = testTable();
afterAll(() => db.doc.destroy());

let manager: { id: string; email: string; password: string };
let managerToken: string;
let inspector: { id: string; name: string };
let otherInspector: { id: string; name: string };
let projectId: string;
let page: Page;

const api = <T>(path: string, method = 'GET', body?: unknown, as = managerToken) =>
  call<T>(path, { method, token: as, divisionId: NORTH, ...(body === undefined ? {} : { body }) });

/** A routine inspection answered in full and signed: eligible for compliance certification. */
async function signedInspection(): Promise<string> {
  const created = await api<{ id: string }>('/api/inspections', 'POST', { projectId, type: 'Routine' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await answerInFull(api, created.body.id);
  await signInspection(api, created.body.id);
  return created.body.id;
}

const widgetNames = (p: Page) => p.getByTestId('dashboard-grid').locator('section h2').allInnerTexts();

async function look(p: Page, name: string) {
  await screenshot(p, name);
  await expectNoSeriousAxeViolations(p, name);
}

beforeAll(async () => {
  manager = await createTestUser('Admin', [NORTH], { lastName: `Dashboard ${run}` });
  managerToken = await signInAs(manager);
  await call(`/api/users/${manager.id}/signature_authorization/agree`, {
    method: 'POST',
    token: managerToken,
  });
  const first = await createTestUser('Inspector', [NORTH], { lastName: `Weir ${run}` });
  const second = await createTestUser('Inspector', [NORTH], { lastName: `Sluice ${run}` });
  inspector = { id: first.id, name: `Test Weir ${run}` };
  otherInspector = { id: second.id, name: `Test Sluice ${run}` };
  const client = await api<{ id: string }>('/api/clients', 'POST', {
    name: `E2E Dashboard Client ${run}`,
    address: { street_1: '3 Lock Lane', city: 'Leeds', country_id: 'england', zip: 'LS3 1AA' },
  });
  const group = await createGroup(db, NORTH, { name: `E2E dashboard regulations ${run}` });
  const site = async (name: string) => {
    const project = await api<{ id: string }>('/api/projects', 'POST', {
      client_id: client.body.id,
      inspection_template_id: 'routine-stormwater',
      name,
      inspector_user_id: inspector.id,
      latitude: 53.8,
      longitude: -1.55,
      document_group_id: group.id,
      routine_interval: 7,
      timezone: zone,
      start_date: localDate(zone, new Date(Date.now() - 30 * 86_400_000)),
      next_inspection_date: localDate(zone, new Date()),
    });
    expect(project.status, JSON.stringify(project.body)).toBe(201);
    return project.body.id;
  };
  // Five sites named before the weir: Team Management shows the weir under "More sites".
  for (let i = 1; i <= 5; i++) await site(`E2E Dashboard Basin ${run} ${i}`);
  projectId = await site(projectName);
  await signedInspection();
  page = await newPage();
  await signIn(page, manager);
});

describe('the dashboard (issue 11)', () => {
  it('certifies from Certifications Due, and the row leaves the widget', async () => {
    await page.goto(`/divisions/${NORTH}/dashboard`);
    const due = await dashboardWidget(page, 'Certifications Due');
    await due.getByRole('searchbox', { name: 'Search sites' }).fill(projectName);
    const row = due.getByRole('row').filter({ hasText: projectName });
    // The stream lists it a moment after the signature.
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await look(page, 'dashboard-1280');
    // Nothing selected: Certify Now does nothing.
    // (aria-disabled: a click still reaches it, as a person's would.)
    await due.getByRole('button', { name: 'Certify Now (0)' }).click({ force: true });
    expect(await page.getByRole('dialog').count()).toBe(0);
    await row.getByRole('checkbox').check();
    await due.getByRole('button', { name: 'Certify Now (1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Certify Inspections' });
    await dialog.getByText(`${projectName}: Inspection #1`).waitFor();
    await dialog.getByLabel('Electronic Authorization Signature').check();
    await look(page, 'dashboard-certify-1280');
    await dialog.getByRole('button', { name: 'Certify 1 Inspection(s)' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('success-check').getByText('1 inspection certified').waitFor();
    await expect.poll(() => row.count()).toBe(0);
    await due.getByText('There are no inspection(s) that are eligible to be certified').waitFor();
  });

  it('keeps a hidden widget, a new size and a new order after a reload', async () => {
    await page.goto(`/divisions/${NORTH}/dashboard`);
    await dashboardWidget(page, 'Open Findings');
    await page.getByRole('button', { name: 'Widgets Setting' }).click();
    const drawer = page.getByRole('dialog', { name: 'Widgets Setting' });
    await drawer.getByRole('checkbox', { name: 'Findings Overview' }).uncheck();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.waitFor({ state: 'detached' });
    expect(await page.getByRole('region', { name: 'Findings Overview', exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Show More of Open Findings' }).click();
    await page.getByRole('button', { name: 'Show Less of Open Findings' }).waitFor();

    const before = await widgetNames(page);
    // Keyboard drag and drop: pick up the last widget, move it up, drop it.
    await moveOnePlaceByKeyboard(
      page,
      page.getByRole('button', { name: 'Move Inspection Calendar' }),
      'ArrowUp',
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // Either answer ends the wait, so a refused save fails here with its own message.
    const saved = page.getByTestId('success-check').getByText('Dashboard saved');
    const refused = page.getByRole('alert').filter({ hasText: 'The dashboard could not be saved' });
    await saved.or(refused).first().waitFor();
    expect(await refused.count(), await refused.allInnerTexts().then(String)).toBe(0);
    const after = await widgetNames(page);
    expect(after).not.toEqual(before);
    expect([...after].sort()).toEqual([...before].sort());

    await page.reload();
    await dashboardWidget(page, 'Open Findings');
    expect(await widgetNames(page)).toEqual(after);
    expect(after).not.toContain('Findings Overview');
    await page.getByRole('button', { name: 'Show Less of Open Findings' }).waitFor();
  });

  it('re-assigns a site from Team Management', async () => {
    await page.goto(`/divisions/${NORTH}/dashboard`);
    const team = await dashboardWidget(page, 'Team Management');
    await team.getByRole('searchbox', { name: 'Search names and sites' }).fill(inspector.name);
    // Nothing selected: Re-assign does nothing.
    await team.getByRole('button', { name: 'Re-assign (0)' }).click({ force: true });
    expect(await page.getByRole('dialog').count()).toBe(0);
    // The search is on the server, 500 ms after typing: wait for its one member.
    const members = team.getByRole('list', { name: 'Team members' }).getByRole('listitem');
    await expect.poll(() => members.count(), { timeout: 10_000 }).toBe(1);
    await team.getByRole('button', { name: new RegExp(`${inspector.name}.*5\\+ sites`) }).click();
    await team.getByRole('checkbox', { name: new RegExp(`Basin ${run} 5`) }).waitFor();
    expect(await team.getByRole('checkbox', { name: new RegExp(projectName) }).count()).toBe(0);
    await team.getByRole('button', { name: `More sites of ${inspector.name}` }).click();
    const moved = team.getByRole('checkbox', { name: new RegExp(projectName) });
    // Once seen to time out in a full run on a loaded machine: keep what the widget showed then.
    await moved.waitFor().catch(async (error: unknown) => {
      await screenshot(page, 'dashboard-reassign-more-sites-failure');
      throw error;
    });
    await moved.check();
    await team.getByRole('button', { name: 'Re-assign (1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Inspector' });
    await dialog.getByLabel('Inspector').fill(otherInspector.name);
    const option = page.getByRole('option', { name: new RegExp(otherInspector.name) });
    await option.waitFor();
    // The dropdown slides in; on a busy machine it may not hold still for Playwright's check.
    await option.click({ force: true });
    await look(page, 'dashboard-reassign-1280');
    await dialog.getByRole('button', { name: 'Re-assign' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('success-check').getByText('1 site re-assigned').waitFor();
    const project = await api<{ inspector: { id: string } | null }>(`/api/projects/${projectId}`);
    expect(project.body.inspector?.id).toBe(otherInspector.id);
  });

  it('switches Inspections Due to the calendar, with the site on its due date', async () => {
    // Today's routine inspection moved the site's due date on by its interval (7 days).
    const project = await api<{ next_inspection_date: string }>(`/api/projects/${projectId}`);
    const dueDate = project.body.next_inspection_date.slice(0, 10);
    await page.goto(`/divisions/${NORTH}/dashboard`);
    const due = await dashboardWidget(page, 'Inspections Due');
    await due.getByRole('searchbox', { name: 'Search sites' }).fill(projectName);
    await due.getByRole('link', { name: `View Project: ${projectName}` }).waitFor();
    await due.getByRole('button', { name: /Inspections Due view/ }).click();
    await page.getByRole('menuitem', { name: 'Calendar View' }).click();
    const grid = due.getByRole('table', { name: /^Inspections due, / });
    await grid.waitFor();
    if (dueDate.slice(0, 7) !== localDate(zone, new Date()).slice(0, 7))
      await due.getByRole('button', { name: 'Next month' }).click();
    const cell = grid
      .getByRole('cell')
      .filter({ has: page.getByRole('link', { name: `${projectName}: View Project` }) });
    expect(await cell.locator('span').first().innerText()).toBe(String(Number(dueDate.slice(8, 10))));
    expect(await due.getByRole('button', { name: 'Next year' }).count()).toBe(1);
    await look(page, 'dashboard-calendar-1280');
  });

  it('rings the bell live when another user signs an inspection of the contact’s project', async () => {
    const contact = await createTestUser('Client Manager', [NORTH], { lastName: `Bell ${run}` });
    const added = await api(`/api/projects/${projectId}/contacts`, 'POST', { userIds: [contact.id] });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const watcher = await newPage();
    await signIn(watcher, contact);
    const bell = watcher.getByTestId('notification-bell');
    const before = await bell.getAttribute('aria-label');
    // Marks this page: a reload would lose it.
    await watcher.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    await signedInspection();
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 20_000 }).not.toBe(before);
    expect(await watcher.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(
      true,
    );
    await bell.click();
    await watcher
      .getByRole('dialog', { name: 'Notifications' })
      .getByText('Inspection Complete')
      .first()
      .waitFor();
  });

  it('asks to share the location when the browser refuses it', async () => {
    // A fresh context grants no permission: the location is refused, as a person declining would.
    const fresh = await newPage();
    await signIn(fresh, manager);
    const strip = fresh.getByRole('region', { name: 'Weather' });
    await strip.getByText('Get daily weather updates by sharing your location').waitFor();
    await strip.getByRole('button', { name: 'Share my location' }).waitFor();
  });

  it('shows the spec’s error when the forecast provider fails, and clears what was cached', async () => {
    const located = await newPage();
    await located.context().grantPermissions(['geolocation']);
    await located.context().setGeolocation({ latitude: 53.8, longitude: -1.55 });
    // Two days cached, one of them past: fewer than 3 current days, so the strip asks again.
    const yesterday = localDate(zone, new Date(Date.now() - 86_400_000));
    const today = localDate(zone, new Date());
    await located.context().addInitScript(
      ({ days, owner }) => {
        if (!window.localStorage.getItem('weather-seeded')) {
          window.localStorage.setItem('weather-seeded', '1');
          window.localStorage.setItem(
            'weather',
            JSON.stringify({
              owner,
              temperatureUnit: 'celsius',
              days: days.map((time) => ({
                time,
                icon: 'rain',
                temperatureMax: 9,
                temperatureMin: 3,
                precipProbability: 60,
              })),
            }),
          );
        }
      },
      { days: [yesterday, today], owner: manager.id },
    );
    await signIn(located, manager);
    // Nothing answers as the provider in the test run: the server answers 502, as with no network.
    const strip = located.getByRole('region', { name: 'Weather' });
    await strip.getByText('No weather available').waitFor();
    await strip.getByText('There was an error fetching weather data').waitFor();
    expect(await located.evaluate(() => window.localStorage.getItem('weather'))).toBeNull();
    await dashboardWidget(located, 'Open Findings');
  });

  for (const [name, viewport] of [
    ['700', { width: 700, height: 900 }],
    ['375', VIEWPORTS.mobile],
  ] as const)
    it(`fits and passes axe at ${name} px`, async () => {
      const narrow = await newPage(viewport);
      await signIn(narrow, manager);
      // Every widget with its rows: each renders them when scrolled to.
      await scrollThroughDashboard(narrow);
      await (
        await dashboardWidget(narrow, 'Certifications Due')
      )
        .getByText(/There are no|Selected/)
        .first()
        .waitFor();
      const overflow = await narrow.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await look(narrow, `dashboard-${name}`);
    });
});
