import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, NORTH, SOUTH } from '../support/api';
import { eventually } from '../support/eventually';
import { createTestUser, signInAs } from '../support/users';
import { expectNoSeriousAxeViolations } from './axe';
import { VIEWPORTS, screenshot, signIn, useBrowser } from './browser';

/**
 * A division's resource tabs through the browser (spec 001 §2): clients, regulations, templates
 * and a user are added from the 'Add {thing}' modals, one template is removed behind 'Yes, I
 * understand', the division's delete is refused while it still holds a user and then goes
 * through; every write is read back through the API. Axe and screenshots at 1280 and 375 px.
 */

interface Row {
  id: string;
  name?: string;
  email?: string;
  inDivision: boolean;
}

const newPage = useBrowser();
const run = Date.now().toString(36);

let admin: { id: string; email: string; password: string };
let member: { id: string; email: string };
let token: string;
let divisionId: string;
const divisionName = `E2E West ${run}`;
const MEMBER_NAME = `Tabmember${run.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;

beforeAll(async () => {
  admin = await createTestUser('Admin', [NORTH]);
  // A name of its own: the Add Users modal searches the company's users by last name.
  member = await createTestUser('Inspector', [NORTH], { lastName: MEMBER_NAME });
  token = await signInAs(admin);
  const created = await call<{ id: string }>('/api/divisions', {
    method: 'POST',
    token,
    body: { name: divisionName },
  });
  divisionId = created.body.id;
});

const tabRows = async (resource: string) =>
  (await call<{ pageData: Row[] }>(`/api/divisions/${divisionId}/${resource}`, { token })).body.pageData;

const tabTable = (page: Page, tab: string) => page.getByTestId(`division-${tab}`);

/** Opens the tab's 'Add {thing}' modal, searches, ticks the rows named, adds them. */
async function addFromModal(page: Page, label: string, search: string, rowTexts: string[], shot?: string) {
  await page.getByRole('button', { name: `Add ${label}` }).click();
  const dialog = page.getByRole('dialog', { name: `Add ${label}` });
  await dialog.getByRole('searchbox').fill(search);
  for (const text of rowTexts) {
    // North and South each hold a group of the same name: the first will do.
    const row = dialog.getByRole('row').filter({ hasText: text }).first();
    await row.waitFor();
    await row.getByRole('checkbox').check();
  }
  await dialog.getByText(`Selected ${rowTexts.length} of`).waitFor();
  if (shot) {
    await expectNoSeriousAxeViolations(page, `the Add ${label} modal at 1280 px`);
    await screenshot(page, shot);
  }
  await dialog.getByRole('button', { name: `Add ${label}` }).click();
  await dialog.waitFor({ state: 'detached' });
  // The toast that says so is closed, as a user would: left to close itself after 5 s, it was
  // caught fading out (low contrast) by the next test's axe check.
  const toast = page.getByRole('alert').filter({ hasText: `${label} added` });
  await toast.getByRole('button', { name: 'Close' }).click();
  await toast.waitFor({ state: 'detached' });
}

describe('division resources (1280 px)', () => {
  let page: Page;

  beforeAll(async () => {
    page = await newPage(VIEWPORTS.desktop);
    await signIn(page, admin);
  });

  it('adds a client from the Add Clients modal, read back through the API', async () => {
    await page.goto(`/divisions/${divisionId}/resources/clients`);
    await page.getByRole('heading', { name: divisionName, level: 1 }).waitFor();
    await tabTable(page, 'clients').getByText('No clients found').waitFor();
    await addFromModal(page, 'Clients', 'pennine', ['Pennine Homes Ltd'], 'division-add-clients-1280');
    await tabTable(page, 'clients').getByText('Pennine Homes Ltd').waitFor();
    // The Admin is not a member of this division: no detail link.
    expect(await tabTable(page, 'clients').getByRole('link').count()).toBe(0);
    expect((await tabRows('clients')).map((r) => r.name)).toEqual(['Pennine Homes Ltd']);
    await expectNoSeriousAxeViolations(page, 'the Clients tab at 1280 px');
    await screenshot(page, 'division-clients-1280');
  });

  it('adds a regulation and two inspection templates', async () => {
    await page.getByRole('tab', { name: 'Regulations' }).click();
    await page.waitForURL(/\/resources\/regulations$/);
    await tabTable(page, 'regulations').getByText('No regulations found').waitFor();
    await addFromModal(page, 'Regulations', 'spill', ['Spill Prevention and Response Plan']);
    await tabTable(page, 'regulations').getByText('Spill Prevention and Response Plan').waitFor();
    await expectNoSeriousAxeViolations(page, 'the Regulations tab at 1280 px');
    await screenshot(page, 'division-regulations-1280');

    await page.getByRole('tab', { name: 'Inspection Templates' }).click();
    await page.waitForURL(/\/resources\/inspection-templates$/);
    await addFromModal(page, 'Inspection Templates', '', ['CDOT', 'Delaware']);
    await tabTable(page, 'inspection-templates').getByText('Delaware').waitFor();
    expect((await tabRows('inspectionTemplates')).map((r) => r.name)).toEqual(['CDOT', 'Delaware']);
    expect((await tabRows('regulations')).map((r) => r.name)).toEqual(['Spill Prevention and Response Plan']);
    await expectNoSeriousAxeViolations(page, 'the Inspection Templates tab at 1280 px');
    await screenshot(page, 'division-templates-1280');
  });

  it("removes a template only after 'Yes, I understand'", async () => {
    const table = tabTable(page, 'inspection-templates');
    await table.getByRole('checkbox', { name: 'Select CDOT' }).check();
    await page.getByTestId('selection-info').filter({ hasText: 'Selected 1 of 2 items' }).waitFor();
    await page.getByRole('button', { name: 'Delete Inspection Templates' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Inspection Templates' });
    const confirm = dialog.getByRole('button', { name: 'Delete' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Yes, I understand' }).check();
    await expectNoSeriousAxeViolations(page, 'the remove confirmation at 1280 px');
    await screenshot(page, 'division-remove-confirm-1280');
    await confirm.click();
    await dialog.waitFor({ state: 'detached' });
    await eventually(
      () => tabRows('inspectionTemplates'),
      (rows) => expect(rows.map((r) => r.name)).toEqual(['Delaware']),
    );
    await expect.poll(() => table.getByText('CDOT').count()).toBe(0);
  });

  it('adds a user, then deleting the division is refused while they belong to it', async () => {
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.waitForURL(/\/resources\/users$/);
    await addFromModal(page, 'Users', MEMBER_NAME, [member.email]);
    await tabTable(page, 'users').getByText(member.email).waitFor();
    expect((await tabRows('users')).map((r) => r.email)).toEqual([member.email]);
    await expectNoSeriousAxeViolations(page, 'the Users tab at 1280 px');
    await screenshot(page, 'division-users-1280');

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete division' });
    await dialog.getByRole('checkbox', { name: 'Yes, I understand' }).check();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByText(`${divisionName} still holds 1 user besides you.`, { exact: false }).waitFor();
    await expectNoSeriousAxeViolations(page, 'the refused division delete at 1280 px');
    await screenshot(page, 'division-delete-refused-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('removes the user, then deletes the division and goes to /divisions', async () => {
    await tabTable(page, 'users')
      .getByRole('row')
      .filter({ hasText: member.email })
      .getByRole('checkbox')
      .check();
    await page.getByRole('button', { name: 'Delete Users' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete Users' });
    await remove.getByRole('checkbox', { name: 'Yes, I understand' }).check();
    await remove.getByRole('button', { name: 'Delete' }).click();
    await remove.waitFor({ state: 'detached' });
    await tabTable(page, 'users').getByText('No users found').waitFor();

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete division' });
    await dialog.getByRole('checkbox', { name: 'Yes, I understand' }).check();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/divisions$/);
    expect((await call(`/api/divisions/${divisionId}`, { token })).status).toBe(404);
    // What it shared stays North's; the user keeps North.
    const pennine = await call<{ pageData: Row[] }>(`/api/divisions/${NORTH}/clients?s=pennine`, { token });
    expect(pennine.body.pageData.map((r) => r.name)).toEqual(['Pennine Homes Ltd']);
    const northUsers = await call<{ pageData: Row[] }>(
      `/api/divisions/${NORTH}/users?s=${encodeURIComponent(member.email)}`,
      { token },
    );
    expect(northUsers.body.pageData.map((r) => r.id)).toEqual([member.id]);
  });
});

describe('division resources (375 px)', () => {
  let page: Page;

  beforeAll(async () => {
    // Someone for North's Add Users modal to offer, whatever else the run has made meanwhile.
    await createTestUser('Inspector', [SOUTH]);
    page = await newPage(VIEWPORTS.mobile);
    await signIn(page, admin);
  });

  it('keeps the tabs inside the screen and passes axe on every tab', async () => {
    for (const tab of ['regulations', 'inspection-templates', 'clients', 'users'] as const) {
      await page.goto(`/divisions/${NORTH}/resources/${tab}`);
      await tabTable(page, tab).locator('tbody').getByRole('checkbox').first().waitFor();
      await page.waitForTimeout(200);
      // Nothing widens the page: the tab list and the table scroll inside their boxes.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, tab).toBeLessThanOrEqual(0);
      await expectNoSeriousAxeViolations(page, `the ${tab} tab at 375 px`);
      await screenshot(page, `division-${tab}-375`);
    }
  });

  it('opens the Add modal and the delete confirmation at 375 px', async () => {
    await page.getByRole('button', { name: 'Add Users' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Users' });
    await dialog.getByRole('table').locator('tbody').getByRole('checkbox').first().waitFor();
    await expectNoSeriousAxeViolations(page, 'the Add Users modal at 375 px');
    await screenshot(page, 'division-add-users-375');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete division' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'the delete confirmation at 375 px');
    await screenshot(page, 'division-delete-375');
  });
});
