import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordMissedInspectionOf } from '@stormline/functions/jobs/missed-inspections';
import { NORTH } from '../support/api';
import {
  ago,
  buildComplianceFixture,
  complianceNames,
  createProject,
  inspect,
  ZONE,
  type ComplianceFixture,
} from '../support/compliance-fixture';
import { testTable } from '../support/table';
import { createTestUser } from '../support/users';
import { expectNoSeriousAxeViolations } from './axe';
import { screenshot, signIn, useBrowser, VIEWPORTS } from './browser';

/**
 * The compliance report page (spec 001 §2, §8, §9; docs/decisions/0021) in the browser, over the
 * shared hand-computed fixture (test/support/compliance-fixture.ts: two clients, Aqueduct, Bridge
 * missed 3 days ago, Culvert inspected 9 days ago, eight empty projects) and Dam, added here, so
 * the two clients fill more than one page of 10; the figures are worked out by hand below.
 * The Client multi-select with Save, Min Date and Max Date, the Total and Percent Variance rows,
 * 'No data found', the pager and rows per page, Column Setting; axe and screenshots at 1280 and
 * 375 px; and a user whose Dashboard read is taken away while the page is open sees spec 001 §8's
 * message, then, signed in afresh, is not let onto the page at all.
 */

const newPage = useBrowser();
const run = Date.now().toString(36);
const db = testTable();
afterAll(() => db.doc.destroy());

const { prefix, clientNames, projectNames: fixtureNames } = complianceNames(run);
/** Dam, Birch's, is the browser test's own: a fourth project with figures. */
const projectNames = { ...fixtureNames, dam: `${prefix} Dam` };
let fx: ComplianceFixture;
let clients: ComplianceFixture['clients'];
let projects: ComplianceFixture['projects'] & { dam: string };
let page: Page;

beforeAll(async () => {
  // Culvert 9 days ago: its open CA is late.
  fx = await buildComplianceFixture(db, run, { culvertDaysAgo: 9 });
  clients = fx.clients;
  projects = { ...fx.projects, dam: await createProject(fx, projectNames.dam, clients.birch) };
  // Dam: 10 days ago a CA corrected in 2 days, acknowledged the next day.
  await inspect(fx, projects.dam, ago(10), [{ code: 'CA', initiated: ago(10), completed: ago(8) }], {
    acknowledgement: ago(9),
  });
  // Bridge, due 3 days ago: the hourly job records it missed (run here for this project only).
  const bridge = { divisionId: NORTH, id: projects.bridge, next_inspection_date: ago(3), timezone: ZONE };
  expect(await recordMissedInspectionOf(db, bridge, new Date())).toBe(ago(3));
  // The statistics follow the table's stream a moment later (expect.poll is for tests, not hooks).
  const counted = async () => {
    const answer = await fx.api<{
      pageData: { projectId: string; missedIsp: number; findingsCount: number }[];
    }>(`/api/divisions/${NORTH}/compliance?client=${clients.alder},${clients.birch}&r=All`);
    const row = (id: string) => answer.body.pageData.find((r) => r.projectId === id);
    return (
      row(projects.bridge)?.missedIsp === 1 &&
      row(projects.dam)?.findingsCount === 1 &&
      row(projects.culvert)?.findingsCount === 2 &&
      row(projects.aqueduct)?.findingsCount === 3
    );
  };
  const deadline = Date.now() + 30_000;
  while (!(await counted())) {
    if (Date.now() > deadline) throw new Error('The report did not count the fixture within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  page = await newPage();
  await signIn(page, fx.admin);
}, 240_000);

/*
 * The rows, worked out by hand from the fixture (docs/decisions/0021 "The columns"), over each
 * project's life to today, in the default columns' order: Inspections, Findings, Avg Findings,
 * Avg Days to Correct, Max Days to Correct, Open Findings, Not Complete in 7 Days, Acknowledged,
 * Compliance Signed, Missed Inspections.
 *   Aqueduct  2  3  1.50  6.50  10  1  2  2  1  0   (3 findings / 2; (3 + 10) / 2 days)
 *   Culvert   1  2  2.00  0.00   0  1  1  0  0  0
 *   Bridge    0  0  -     -      -  0  0  0  0  1
 *   Dam       1  1  1.00  2.00   2  0  0  1  0  0
 *   Empty 01-08: 0 and '-'
 * Percent Variance (value over its reference column's total x 100): Open Findings and Not Complete
 * in 7 Days of Findings; Acknowledged and Compliance Signed of Inspections; Missed Inspections of
 * Inspections plus Missed Inspections.
 */
const EXPECTED = {
  alder: {
    total: ['Total', '3', '5', '1.75', '3.25', '10', '2', '3', '2', '1', '0'], // (1.5 + 2) / 2, (6.5 + 0) / 2
    percent: ['Percent Variance', '40.00%', '60.00%', '66.67%', '33.33%', '0.00%'], // 2/5, 3/5, 2/3, 1/3, 0/(3+0)
  },
  both: {
    // 2+1+0+1 inspections; 3+2+0+1 findings; (1.5 + 2 + 1) / 3; (6.5 + 0 + 2) / 3 = 2.833…
    total: ['Total', '4', '6', '1.50', '2.83', '10', '2', '3', '3', '1', '1'],
    percent: ['Percent Variance', '33.33%', '50.00%', '75.00%', '25.00%', '20.00%'], // 2/6, 3/6, 3/4, 1/4, 1/(4+1)
  },
  // Page 2 of 10 rows holds two empty projects: nothing to average, no reference to divide by.
  secondPage: {
    total: ['Total', '0', '0', '-', '-', '-', '0', '0', '0', '0', '0'],
    percent: ['Percent Variance', '-', '-', '-', '-', '-'],
  },
  /*
   * Min Date 20 days ago to Max Date 6 days ago: Aqueduct's second inspection (1 inspection, its
   * open CA, late, acknowledged; no completed finding: '-'), Culvert's and Dam's inspections; not
   * Aqueduct's first (30 days ago), nor Bridge's missed day (3 days ago).
   *   Aqueduct 1 1 1.00 - - 1 1 1 0 0; Culvert 1 2 2.00 0.00 0 1 1 0 0 0; Dam 1 1 1.00 2.00 2 0 0 1 0 0
   */
  range: {
    total: ['Total', '3', '4', '1.33', '1.00', '2', '2', '2', '2', '0', '0'], // (1 + 2 + 1) / 3; (0 + 2) / 2
    percent: ['Percent Variance', '50.00%', '50.00%', '66.67%', '0.00%', '0.00%'], // 2/4, 2/4, 2/3, 0/3, 0/(3+0)
  },
};

const summaryCells = (p: Page, kind: 'total' | 'percent') =>
  p.getByTestId(`report-${kind}-row`).locator('th, td').allInnerTexts();
const table = (p: Page) => p.getByRole('table', { name: 'Compliance Report' });
const bodyRows = (p: Page) => table(p).locator('tbody tr');
const pagerStatus = (p: Page) => p.getByTestId('report-pager-status');

async function expectSummary(p: Page, expected: { total: string[]; percent: string[] }) {
  await expect.poll(() => summaryCells(p, 'total')).toEqual(expected.total);
  expect(await summaryCells(p, 'percent')).toEqual(expected.percent);
}

/** Picks clients in the Client multi-select (the server searches by the run's tag) and saves. */
async function filterByClients(p: Page, names: string[]) {
  const input = p.getByRole('combobox', { name: 'Client', exact: true });
  for (const name of names) {
    await input.click();
    await input.fill(run);
    await p.getByRole('option', { name, exact: true }).click();
  }
  await p.keyboard.press('Escape');
  await p.getByRole('button', { name: 'Save Client filter' }).click();
}

async function look(p: Page, name: string) {
  await screenshot(p, name);
  await expectNoSeriousAxeViolations(p, name);
}

describe('the compliance report page (spec 001 §2)', () => {
  it('loads the division’s report, then filters by client with Save: Total and Percent Variance of the rows shown', async () => {
    await page.goto(`/divisions/${NORTH}/reports`);
    await page.getByRole('heading', { name: 'Compliance Report', level: 1 }).waitFor();
    await bodyRows(page).first().locator('a').waitFor();
    await look(page, 'compliance-report-1280');

    await filterByClients(page, [clientNames.alder]);
    await page.waitForURL(new RegExp(`client=${clients.alder}$`));
    await expect
      .poll(() => bodyRows(page).locator('a').allInnerTexts())
      .toEqual([projectNames.aqueduct, projectNames.culvert]);
    const aqueduct = bodyRows(page).filter({ hasText: projectNames.aqueduct });
    expect(await aqueduct.locator('td').allInnerTexts()).toEqual([
      projectNames.aqueduct,
      '2',
      '3',
      '1.50',
      '6.50',
      '10',
      '1',
      '2',
      '2',
      '1',
      '0',
    ]);
    await expectSummary(page, EXPECTED.alder);

    // Picking Birch as well reloads nothing until Save, which goes back to page 1.
    await page.goto(`/divisions/${NORTH}/reports?client=${clients.alder}&p=2`);
    await expect.poll(() => pagerStatus(page).innerText()).toContain('Page 1 of 1');
    await filterByClients(page, [clientNames.birch]);
    await page.waitForURL((url) => url.searchParams.get('client') === `${clients.alder},${clients.birch}`);
    expect(new URL(page.url()).searchParams.get('p')).toBeNull();
    await expect.poll(() => pagerStatus(page).innerText()).toBe('1–10 of 12 · Page 1 of 2');
    expect(await bodyRows(page).count()).toBe(10);
    // Page 1 holds the four projects with figures and six empty ones: the totals of all twelve.
    await expectSummary(page, EXPECTED.both);
    await look(page, 'compliance-report-clients-1280');
  });

  it('pages with next, last, previous and first, and shows 10, 20, 30, 50 or All rows', async () => {
    await page.goto(`/divisions/${NORTH}/reports?client=${clients.alder},${clients.birch}`);
    await expect.poll(() => pagerStatus(page).innerText()).toBe('1–10 of 12 · Page 1 of 2');
    expect(await page.getByLabel('Rows per page').locator('option').allInnerTexts()).toEqual([
      '10',
      '20',
      '30',
      '50',
      'All',
    ]);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => pagerStatus(page).innerText()).toBe('11–12 of 12 · Page 2 of 2');
    expect(await bodyRows(page).locator('a').allInnerTexts()).toEqual([
      `${prefix} Empty 07`,
      `${prefix} Empty 08`,
    ]);
    await expectSummary(page, EXPECTED.secondPage);
    await page.getByRole('button', { name: 'First page' }).click();
    await expect.poll(() => pagerStatus(page).innerText()).toBe('1–10 of 12 · Page 1 of 2');
    await page.getByRole('button', { name: 'Last page' }).click();
    await expect.poll(() => pagerStatus(page).innerText()).toBe('11–12 of 12 · Page 2 of 2');
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(() => pagerStatus(page).innerText()).toBe('1–10 of 12 · Page 1 of 2');

    await page.getByLabel('Rows per page').selectOption('20');
    await expect.poll(() => pagerStatus(page).innerText()).toBe('1–12 of 12 · Page 1 of 1');
    expect(await bodyRows(page).count()).toBe(12);
    await expectSummary(page, EXPECTED.both);
    await page.getByLabel('Rows per page').selectOption('All');
    await page.waitForURL(/r=All/);
    await expect.poll(() => pagerStatus(page).innerText()).toBe('1–12 of 12 · Page 1 of 1');
  });

  it('Min Date and Max Date narrow the figures; the pickers offer no future day and take no typing', async () => {
    await page.goto(`/divisions/${NORTH}/reports?client=${clients.alder},${clients.birch}&r=20`);
    await expectSummary(page, EXPECTED.both);
    const minDate = page.getByLabel('Min Date', { exact: true });
    const maxDate = page.getByLabel('Max Date', { exact: true });
    const today = await page.evaluate(() => {
      const now = new Date();
      return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    });
    expect(await maxDate.getAttribute('max')).toBe(today);
    // Typing is disabled: a key pressed in the field changes nothing.
    await minDate.focus();
    await page.keyboard.type('2020');
    expect(await minDate.inputValue()).toBe('');

    await minDate.fill(ago(20));
    await page.waitForURL(new RegExp(`minDate=${ago(20)}`));
    await maxDate.fill(ago(6));
    await page.waitForURL(new RegExp(`maxDate=${ago(6)}`));
    await expectSummary(page, EXPECTED.range);
    expect(await minDate.getAttribute('max')).toBe(ago(6));
    const [y, m, d] = ago(20).split('-');
    expect(await page.getByTestId('report-summary').innerText()).toContain(`from ${m}-${d}-${y}`);
    await look(page, 'compliance-report-dates-1280');

    // Clearing the dates brings the whole life of each project back.
    await page.getByRole('button', { name: 'Clear Min Date' }).click();
    await page.getByRole('button', { name: 'Clear Max Date' }).click();
    await expectSummary(page, EXPECTED.both);
  });

  it("says 'No data found' for a search that matches nothing", async () => {
    await page.goto(`/divisions/${NORTH}/reports?client=${clients.alder},${clients.birch}`);
    await expectSummary(page, EXPECTED.both);
    await page.getByRole('searchbox', { name: 'Search' }).fill(`Zq${run} nothing`);
    await table(page).getByText('No data found').waitFor();
    expect(await page.getByTestId('report-total-row').count()).toBe(0);
    expect(await pagerStatus(page).innerText()).toBe('No projects');
    await page.getByRole('searchbox', { name: 'Search' }).fill(projectNames.dam);
    await expect.poll(() => bodyRows(page).locator('a').allInnerTexts()).toEqual([projectNames.dam]);
  });

  it('Column Setting: Client Name widens the Total label; a hidden column leaves the percent span', async () => {
    await page.goto(`/divisions/${NORTH}/reports?client=${clients.alder}`);
    await expectSummary(page, EXPECTED.alder);
    await page.getByRole('button', { name: 'Column Setting' }).click();
    const drawer = page.getByRole('dialog', { name: 'Column Setting' });
    expect(await drawer.getByRole('checkbox', { name: 'Client Name' }).isChecked()).toBe(false);
    await drawer.getByRole('checkbox', { name: 'Client Name' }).check();
    await drawer.getByRole('checkbox', { name: 'Acknowledged' }).uncheck();
    await look(page, 'compliance-report-columns-1280');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    const totalLabel = page.getByTestId('report-total-row').locator('th');
    expect(await totalLabel.getAttribute('colspan')).toBe('2');
    expect(await summaryCells(page, 'total')).toEqual([
      'Total',
      '3',
      '5',
      '1.75',
      '3.25',
      '10',
      '2',
      '3',
      '1',
      '0',
    ]);
    expect(await page.getByTestId('report-percent-row').locator('th').getAttribute('colspan')).toBe('7');
    expect(await summaryCells(page, 'percent')).toEqual([
      'Percent Variance',
      '40.00%',
      '60.00%',
      '33.33%',
      '0.00%',
    ]);
    expect(await table(page).getByText(clientNames.alder).count()).toBe(2);
  });

  it('fits a 375 px phone: the table scrolls inside its box, never the page; axe passes', async () => {
    const phone = await newPage(VIEWPORTS.mobile);
    await signIn(phone, fx.admin);
    await phone.goto(`/divisions/${NORTH}/reports?client=${clients.alder},${clients.birch}`);
    await expectSummary(phone, EXPECTED.both);
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    const scroller = phone.getByRole('region', { name: 'Compliance Report, scrolls sideways' });
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await look(phone, 'compliance-report-375');
  });
});

describe('a failed report call (spec 001 §8)', () => {
  it("shows 'This User role doesnt have the access to the reports page' when Dashboard read is taken away", async () => {
    const manager = await createTestUser('Area / Assistant Manager', [NORTH], { lastName: `Report ${run}` });
    const managerPage = await newPage();
    await signIn(managerPage, manager);
    await managerPage.goto(`/divisions/${NORTH}/reports`);
    await bodyRows(managerPage).first().waitFor();
    await table(managerPage).locator('tbody a').first().waitFor();

    // An admin takes Dashboard read away while the page is open: the next report call is refused.
    const current = await fx.api<{ permissions: { perm: string; pageId: string }[]; version: number }>(
      `/api/user-permissions/${manager.id}`,
    );
    const saved = await fx.api(`/api/user-permissions/${manager.id}`, 'PUT', {
      permissions: current.body.permissions.filter((p) => p.pageId !== 'dashboard'),
      version: current.body.version,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await managerPage.getByLabel('Rows per page').selectOption('20');
    await managerPage.getByText('This User role doesnt have the access to the reports page').waitFor();
    expect(await table(managerPage).count()).toBe(0);
    await look(managerPage, 'compliance-report-no-access-1280');

    // Signed in afresh, the profile no longer lists the Dashboard page: the shell does not open the report.
    await managerPage.reload();
    await managerPage.getByText(/Your role does not include Compliance Report/).waitFor();
    expect(new URL(managerPage.url()).pathname).not.toContain('/reports');
  });
});
