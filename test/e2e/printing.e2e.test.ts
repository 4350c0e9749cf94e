import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@stormline/data/dynamo';
import { getInspectionWithAnswers } from '@stormline/data/inspections';
import { listSignatures } from '@stormline/data/signatures';
import type { Deps } from '@stormline/functions/lib/deps';
import { REPORT_MESSAGES } from '@stormline/domain/reports';
import { NORTH } from '../support/api';
import { inspectedSite } from '../support/inspected-site';
import { demoInspectionWithPhotos, pdfTextPages, renderPages } from '../support/printing';
import { productDeps, runtimeEnv } from '../support/runtime';
import { testFileStore } from '../support/site-maps';
import { createTestUser } from '../support/users';
import { expectNoSeriousAxeViolations } from './axe';
import { VIEWPORTS, demoAccount, downloadedBytes, screenshot, signIn, useBrowser } from './browser';
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

/** Presses Print in an open print modal and waits for the download page to hand over the PDF. */
async function printAndDownload(page: Page, dialog: Locator, name: string) {
  const downloaded = page.waitForEvent('download', { timeout: 120_000 });
  await dialog.getByRole('button', { name: 'Print', exact: true }).click();
  // Spec 002 §4: the steps are said as they happen (the first may pass before it is read).
  await expect
    .poll(() => dialog.getByRole('status').textContent(), { timeout: 60_000 })
    .toMatch(/Printing|Done/);
  await page.waitForURL(/\/inspection\/report\/download\?/, { timeout: 120_000 });
  await page.getByRole('link', { name: 'Download' }).waitFor();
  const download = await downloaded;
  const bytes = await downloadedBytes(download);
  return {
    bytes: new Uint8Array(bytes),
    fileName: download.suggestedFilename(),
    pages: pdfTextPages(name, bytes),
  };
}

const collapse = (text: string) => text.replace(/\s+/g, ' ');

// A print waits up to 120 s for its PDF (a run loaded by the other browser files slows Chromium
// in the one-machine runtime): the test's own budget is above that wait.
describe('printing end to end (spec 002 §2, §4)', { timeout: 180_000 }, () => {
  let deps: Deps;
  let demo: Awaited<ReturnType<typeof demoInspectionWithPhotos>>;
  beforeAll(async () => {
    deps = await productDeps();
    demo = await demoInspectionWithPhotos(deps);
  }, 180_000);
  afterAll(() => deps?.db.doc.destroy());

  it('Print Inspection: progress to done, the download page starts the PDF, whose text has the answers, findings, signers and attestation', async () => {
    const page = await newPage();
    await signIn(page, demoAccount('admin@example.com'));
    await page.goto(`/inspection/${demo.inspection.id}`);
    const dialog = await chooseFromMenu(page, 'Menu', 'Print Inspection');
    const { bytes, fileName, pages } = await printAndDownload(page, dialog, 'e2e-inspection');
    expect(fileName).toBe(`Inspection ${demo.inspection.number} - ${demo.project.name}.pdf`);
    await expectNoSeriousAxeViolations(page, 'the report download page');
    await screenshot(page, 'print-download-1280');

    const text = collapse(pages.join(' '));
    expect(text).toContain(demo.project.name);
    expect(text).toContain(`Page 1 of ${pages.length}`);
    const { answers } = await getInspectionWithAnswers(deps.db, NORTH, demo.inspection.id);
    // The typed answers short enough to sit on one line of the PDF ('Clear, light wind').
    const typed = Object.values(answers.answers).filter(
      (a): a is string => typeof a === 'string' && a.includes(' ') && a.length <= 40,
    );
    expect(typed.length, 'the demo inspection has typed answers to find').toBeGreaterThan(0);
    for (const answer of typed) expect(text).toContain(answer);
    for (const link of demo.links) expect(text).toContain(`${link.typeCode} #${link.number}`);
    const signatures = await listSignatures(deps.db, NORTH, demo.inspection.id);
    expect(signatures.length).toBeGreaterThan(0);
    for (const signature of signatures) {
      expect(text).toContain(signature.userName);
      if (signature.attestation) expect(text).toContain(collapse(signature.attestation).slice(0, 60));
    }
    // Each page as a picture under test/artifacts/printing/, for a person to open.
    expect(renderPages('e2e-inspection', bytes)).toHaveLength(pages.length);
  });

  it('the findings report in detail view, 2 a page: a heading page, then one page for each 2 findings', async () => {
    const page = await newPage();
    await signIn(page, demoAccount('admin@example.com'));
    await page.goto(`/inspection/${demo.inspection.id}/findings`);
    await page.getByRole('button', { name: 'Findings Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Findings Report' });
    await dialog.getByRole('radio', { name: 'Detail' }).check();
    // A segmented control: its label is what a person clicks.
    await dialog
      .getByRole('radiogroup', { name: 'Findings per page' })
      .getByText('2', { exact: true })
      .click();
    const { pages } = await printAndDownload(page, dialog, 'e2e-findings-2-a-page');
    const findings = demo.links.length;
    expect(pages.length).toBe(1 + Math.ceil(findings / 2));
    expect(pages[0]).toContain(`Page 1 of ${pages.length}`);
  });

  it('a forced failure shows its reason and Retry; Retry prints once the cause is gone', async () => {
    const store = testFileStore();
    // The copy the report embeds (the print copy once made, else the original).
    const key = (demo.photo as { printKey?: string }).printKey ?? demo.photo.objectKey;
    const kept = await store.readRange(key, 0, 64 * 1024 * 1024);
    await store.remove(key);
    try {
      const page = await newPage();
      await signIn(page, demoAccount('admin@example.com'));
      await page.goto(`/inspection/${demo.inspection.id}`);
      const dialog = await chooseFromMenu(page, 'Menu', 'Print Inspection');
      await dialog.getByRole('button', { name: 'Print', exact: true }).click();
      await dialog.getByText(REPORT_MESSAGES.photoMissing).waitFor({ timeout: 120_000 });
      const retry = dialog.getByRole('button', { name: 'Retry' });
      await expectNoSeriousAxeViolations(page, 'a print that failed');
      await screenshot(page, 'print-failed-1280');
      await store.put(key, kept, demo.photo.mime_type);
      const downloaded = page.waitForEvent('download', { timeout: 120_000 });
      await retry.click();
      await page.waitForURL(/\/inspection\/report\/download\?/, { timeout: 120_000 });
      expect((await downloaded).suggestedFilename()).toMatch(/\.pdf$/);
    } finally {
      if ((await store.size(key)) === null) await store.put(key, kept, demo.photo.mime_type);
    }
  });

  it("another user's report id on the download page goes to 'Report Not Found'", async () => {
    const page = await newPage();
    await signIn(page, admin);
    await page.goto(`/inspection/report/download?reportId=someone-elses-report&reportTitle=Inspection`);
    await page.waitForURL(/\/inspection\/report\/not-found$/);
    await page.getByRole('heading', { name: REPORT_MESSAGES.notFound }).waitFor();
  });

  it.todo('Print SWMP with two annotated appendix PDFs: the annotation text is in the merged file');
  it.todo(
    'Print Inspections of the selected inspections, Print Site Map and Print Site Maps each reach done and download',
  );
  it.todo('the progress modal and the download page at 375 px: axe, tap targets, no sideways scroll');
});
