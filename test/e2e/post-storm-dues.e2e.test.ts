import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPostStormDuesOfProject, recordPostStormDue } from '@stormline/data/post-storm-dues';
import { createGroup } from '@stormline/data/regulations';
import { localDate } from '@stormline/domain/local-date';
import { call, NORTH } from '../support/api';
import { answerInFull, signInspection, type ApiAs } from '../support/inspection-walk';
import { testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';
import { expectNoSeriousAxeViolations } from './axe';
import { dashboardWidget, screenshot, signIn, useBrowser, VIEWPORTS } from './browser';
import { checkPhoneScreen, checkTapTargets } from './phone-checks';

/**
 * Issue 23's post-storm rows of Inspections Due in the browser (the lead's walk plays the whole
 * storm): a recorded due shows with its deadline and reason, Start Inspection starts a Post Storm
 * inspection and the due is settled; the rows at 1280 and 375 px, axe, tap targets.
 */

const newPage = useBrowser();
const run = Date.now().toString(36);
const zone = 'Europe/London';
const HOUR = 3_600_000;
const db = testTable();
afterAll(() => db.doc.destroy());

let inspector: { id: string; email: string; password: string };
let token: string;
const sites: { id: string; name: string }[] = [];

beforeAll(async () => {
  inspector = await createTestUser('Inspector', [NORTH], { lastName: `Storm ${run}` });
  const admin = await createTestUser('Admin', [NORTH], { lastName: `Storm Admin ${run}` });
  token = await signInAs(admin);
  const api = <T>(path: string, method = 'GET', body?: unknown) =>
    call<T>(path, { method, token, divisionId: NORTH, ...(body === undefined ? {} : { body }) });
  const client = await api<{ id: string }>('/api/clients', 'POST', {
    name: `E2E Storm Client ${run}`,
    address: { street_1: '3 Lock Lane', city: 'Leeds', country_id: 'england', zip: 'LS3 1AA' },
  });
  const group = await createGroup(db, NORTH, { name: `E2E storm regulations ${run}` });
  for (const name of [`E2E Alder Creek ${run}`, `E2E Birch Hollow with a long site name ${run}`]) {
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
      next_inspection_date: localDate(zone, new Date(Date.now() + 3 * 86_400_000)),
    });
    expect(project.status, JSON.stringify(project.body)).toBe(201);
    sites.push({ id: project.body.id, name });
    const countedAt = new Date(Math.floor(Date.now() / HOUR) * HOUR - HOUR);
    await recordPostStormDue(db, {
      divisionId: NORTH,
      projectId: project.body.id,
      countedAt: countedAt.toISOString(),
      dueBy: new Date(countedAt.getTime() + 24 * HOUR).toISOString(),
      kind: 'rain',
      amountInches: 0.31,
      windowStart: new Date(countedAt.getTime() - 24 * HOUR).toISOString(),
      windowEnd: countedAt.toISOString(),
      source: 'recorded',
      cell: '53.8|-1.6',
      citation: 'CGP 4.2.2: within 24 hours of the occurrence of a storm event',
      recordedAt: new Date().toISOString(),
    });
  }
});

describe("Inspections Due's post-storm rows (issue 23)", () => {
  it('lists the due with its deadline and reason, on a phone too', async () => {
    const phone = await newPage(VIEWPORTS.mobile);
    await signIn(phone, inspector);
    const widget = await dashboardWidget(phone, 'Inspections Due');
    const rows = widget.getByRole('region', { name: 'Post-storm inspections due' });
    await rows.getByText(sites[1]!.name).waitFor();
    await rows.scrollIntoViewIfNeeded();
    await screenshot(phone, 'post-storm-dues-375', { fullPage: false });
    await checkTapTargets(phone, 'post-storm dues', '[aria-labelledby="post-storm-dues-title"]', 44);
    await checkPhoneScreen(phone, 'post-storm-dues');
  });

  it('the inspection calendar marks the storm and its due date, at 1280 and 375 px', async () => {
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
      const page = await newPage(viewport);
      await signIn(page, inspector);
      const calendar = await dashboardWidget(page, 'Inspection Calendar');
      // Typed again if the options arrived after the first typing (the select filters what it has).
      const option = page.getByRole('option', { name: new RegExp(sites[0]!.name) });
      await expect
        .poll(
          async () => {
            await calendar.getByLabel('Project').fill('');
            await calendar.getByLabel('Project').fill(sites[0]!.name);
            return option.waitFor({ timeout: 5_000 }).then(
              () => true,
              () => false,
            );
          },
          { timeout: 45_000, interval: 500 },
        )
        .toBe(true);
      await option.click();
      const storm = calendar.getByRole('button', { name: /^Storm: 0\.31 in of rain, / });
      await storm.first().waitFor();
      await calendar.scrollIntoViewIfNeeded();
      const name = `post-storm-calendar-${viewport.width}`;
      await screenshot(page, name, { fullPage: false });
      await expectNoSeriousAxeViolations(page, name);
      // The due date, a day on: in the next month when the storm fell on a month's last day.
      const due = calendar.getByRole('button', {
        name: /^Post-storm inspection due by \d{2}-\d{2}-\d{4} \d{2}:\d{2}: due$/,
      });
      if ((await due.count()) === 0) await calendar.getByRole('button', { name: 'Next month' }).click();
      await due.first().waitFor();
      await due.first().click();
      await page.getByRole('dialog').getByText('Post-Storm Due').waitFor();
      await screenshot(page, `${name}-due`, { fullPage: false });
    }
  });

  it('starts a post-storm inspection from its row, which settles the due once certified', async () => {
    const page = await newPage();
    await signIn(page, inspector);
    const widget = await dashboardWidget(page, 'Inspections Due');
    const rows = widget.getByRole('region', { name: 'Post-storm inspections due' });
    const row = rows.getByTestId('post-storm-due').filter({ hasText: sites[0]!.name });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toMatch(/Due by \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    expect(await row.innerText()).toMatch(/0\.31 in of rain, \d{2}-\d{2} \d{2}:\d{2}/);
    await rows.scrollIntoViewIfNeeded();
    await screenshot(page, 'post-storm-dues-1280', { fullPage: false });
    await expectNoSeriousAxeViolations(page, 'post-storm dues at 1280 px');
    await row
      .getByRole('link', { name: `Start Inspection: post-storm inspection of ${sites[0]!.name}` })
      .click();
    await page.waitForURL(/\/inspection\/[^/]+\/questionnaire$/);
    const inspectionId = /\/inspection\/([^/]+)\/questionnaire$/.exec(page.url())![1]!;
    // Started is not done: the due is settled once the inspection is certified (0048).
    expect((await listPostStormDuesOfProject(db, NORTH, sites[0]!.id))[0]).toMatchObject({ status: 'due' });
    const inspectorToken = await signInAs(inspector);
    const api: ApiAs = (path, method = 'GET', body) =>
      call(path, {
        method,
        token: inspectorToken,
        divisionId: NORTH,
        ...(body === undefined ? {} : { body }),
      });
    await call(`/api/users/${inspector.id}/signature_authorization/agree`, {
      method: 'POST',
      token: inspectorToken,
    });
    await answerInFull(api, inspectionId);
    await signInspection(api, inspectionId);
    const [due] = await listPostStormDuesOfProject(db, NORTH, sites[0]!.id);
    expect(due).toMatchObject({ status: 'done', inspectionId });
  });
});
