import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@stormline/data/dynamo';
import { REPORT_MESSAGES } from '@stormline/domain/reports';
import { NORTH } from '../support/api';
import { inspectedSite } from '../support/inspected-site';
import { runtimeEnv } from '../support/runtime';
import { createTestUser } from '../support/users';
import { expectNoSeriousAxeViolations } from './axe';
import { VIEWPORTS, screenshot, signIn, useBrowser } from './browser';
import { checkPhoneScreen } from './phone-checks';

/**
 * Issue 22 in the browser, the screens' half (docs/decisions/0044): each print modal opens from
 * the menu spec 002 §2 puts it in, by keyboard, at 1280 and 375 px, with no serious axe violation;
 * the download page's missing-parameter and not-found pages. The prints themselves (begin, progress
 * to done, the PDF's text) need the report job on the server and are the `it.todo`s at the end, to
 * be completed when the server side is merged.
 */

const newPage = useBrowser();
const env = runtimeEnv();
const db = createDb({ tableName: env.TABLE_NAME!, endpoint: env.DYNAMODB_ENDPOINT });
let admin: { id: string; email: string; password: string };
let site: Awaited<ReturnType<typeof inspectedSite>>;

beforeAll(async () => {
  admin = await createTestUser('Admin', [NORTH]);
  site = await inspectedSite(db, NORTH, {
    clientName: 'E2E print client',
    projectName: 'E2E printed yard',
    location: 'North gate',
    createdBy: admin.id,
  });
});
afterAll(() => db.doc.destroy());

/** Opens a menu and one of its items by keyboard only: focus, Enter, arrows to the item, Enter. */
async function chooseFromMenu(page: Page, menu: string, item: string) {
  const button = page.getByRole('button', { name: menu, exact: true });
  await button.focus();
  await page.keyboard.press('Enter');
  const target = page.getByRole('menuitem', { name: item, exact: true });
  await target.waitFor();
  for (let step = 0; step < 12; step++) {
    if (await target.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('ArrowDown');
  }
  expect(await target.evaluate((el) => el === document.activeElement), `${item} reached by arrows`).toBe(
    true,
  );
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: item });
  await dialog.waitFor();
  return dialog;
}

/** Axe and the picture at 1280 px, then the phone checks at 375 px, then Escape closes it. */
async function judgeModal(page: Page, name: string) {
  await expectNoSeriousAxeViolations(page, `${name} modal`);
  await screenshot(page, `print-${name}-1280`);
  await page.setViewportSize(VIEWPORTS.mobile);
  await checkPhoneScreen(page, `print-${name}`);
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

describe('print modals open from their menus (spec 002 §2)', () => {
  it('the project’s Actions: Print SWMP, Print Inspections, Print Site Maps', async () => {
    const page = await newPage();
    await signIn(page, admin);
    await page.goto(`/divisions/${NORTH}/projects/${site.project.id}/inspections`);

    const swmp = await chooseFromMenu(page, 'Actions', 'Print SWMP');
    expect(await swmp.getByRole('checkbox', { name: 'SWMP narrative' }).isChecked()).toBe(true);
    expect(await swmp.getByRole('checkbox', { name: 'Construction documents' }).isChecked()).toBe(false);
    await judgeModal(page, 'swmp');

    const inspections = await chooseFromMenu(page, 'Actions', 'Print Inspections');
    // The site's inspection is of 2 March 2026: in the past year, not the past 3 months.
    await inspections.getByText('No inspections in this period').waitFor();
    await inspections.getByRole('combobox', { name: 'Time' }).click();
    await page.getByRole('option', { name: 'Past year' }).click();
    await inspections.getByRole('checkbox', { name: /Routine #1/ }).waitFor();
    await inspections.getByRole('button', { name: 'Print' }).click();
    await inspections.getByText(REPORT_MESSAGES.selectionRequired).waitFor();
    await judgeModal(page, 'inspections');

    await chooseFromMenu(page, 'Actions', 'Print Site Maps');
    await judgeModal(page, 'site-maps');
  });

  it('the inspection’s menu: Print Inspection and Print Site Map; the findings list: Findings Report', async () => {
    const page = await newPage();
    await signIn(page, admin);
    await page.goto(`/inspection/${site.inspection.id}/findings`);

    await chooseFromMenu(page, 'Menu', 'Print Inspection');
    await judgeModal(page, 'inspection');

    const siteMap = await chooseFromMenu(page, 'Menu', 'Print Site Map');
    await siteMap.getByText('This project has no active site maps to print.').waitFor();
    await judgeModal(page, 'site-map');

    const report = page.getByRole('button', { name: 'Findings Report' });
    await report.focus();
    await page.keyboard.press('Enter');
    const findings = page.getByRole('dialog', { name: 'Findings Report' });
    await findings.waitFor();
    await findings.getByRole('radio', { name: 'Detail' }).check();
    await findings.getByRole('radiogroup', { name: 'Findings per page' }).waitFor();
    await judgeModal(page, 'findings-report');
  });
});

describe('the report download’s own pages (spec 001 §8, spec 002 §2)', () => {
  it('a link without its parameters goes to /download-not-found, with a way home', async () => {
    const page = await newPage();
    await signIn(page, admin);
    await page.goto('/inspection/report/download?reportTitle=Inspection%201');
    await page.waitForURL(/\/download-not-found$/);
    await page.getByRole('heading', { name: 'Download not found' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'download not found');
    await screenshot(page, 'print-download-not-found-1280');
    await page.setViewportSize(VIEWPORTS.mobile);
    await checkPhoneScreen(page, 'print-download-not-found');
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await page.waitForURL(/\/dashboard$/);
  });

  it('/inspection/report/not-found says “Report Not Found”', async () => {
    const page = await newPage();
    await signIn(page, admin);
    await page.goto('/inspection/report/not-found');
    await page.getByRole('heading', { name: REPORT_MESSAGES.notFound }).waitFor();
    await expectNoSeriousAxeViolations(page, 'report not found');
    await screenshot(page, 'print-report-not-found-1280');
  });
});

// The prints themselves, once the server side of issue 22 is merged (GET /api/reports/{reportId},
// begin:{job}, the report state machine, GET /api/download/{reportId}.pdf).
describe('printing end to end (pending the server side)', () => {
  it.todo(
    'Print Inspection: connecting, requested, progress x of total to done; the download page starts the PDF after 2 s; pdftotext finds the answers, findings, signer names and attestation text',
  );
  it.todo('the findings report in detail view, 2 per page: the PDF has the expected page count');
  it.todo('Print SWMP with two annotated appendix PDFs: the annotation text is in the merged file');
  it.todo(
    'Print Inspections of the selected inspections, Print Site Map and Print Site Maps each reach done and download',
  );
  it.todo('a forced failure shows the reason and Retry, and Retry (a new key) succeeds');
  it.todo(
    'a report id of another user or division on the download page goes to /inspection/report/not-found',
  );
  it.todo('the progress modal and the download page at 375 px: axe, tap targets, no sideways scroll');
});
