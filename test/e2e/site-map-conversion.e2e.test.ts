import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@stormline/data/dynamo';
import { NORTH } from '../support/api';
import { inspectedSite } from '../support/inspected-site';
import { runtimeEnv } from '../support/runtime';
import { makeSiteMapPdf } from '../support/site-maps';
import { createTestUser } from '../support/users';
import { expectNoSeriousAxeViolations } from './axe';
import { VIEWPORTS, screenshot, signIn, useBrowser } from './browser';
import { checkPhoneScreen } from './phone-checks';

/**
 * Issue 20 through the browser: a 2-page PDF Active Site Map converts while its tab is open: the
 * status goes live from queued through the progress bar to done and two page thumbnails appear;
 * the inspection's Map tab lists them.
 */

const newPage = useBrowser();
const env = runtimeEnv();
const db = createDb({ tableName: env.TABLE_NAME!, endpoint: env.DYNAMODB_ENDPOINT });
let admin: { id: string; email: string; password: string };
let site: Awaited<ReturnType<typeof inspectedSite>>;

beforeAll(async () => {
  admin = await createTestUser('Admin', [NORTH]);
  site = await inspectedSite(db, NORTH, {
    clientName: 'E2E conversion client',
    projectName: 'E2E mapped yard',
    location: 'Gate',
    createdBy: admin.id,
  });
});
afterAll(() => db.doc.destroy());

describe('site map conversion in the browser', () => {
  it('shows the progress reach done with two thumbnails, and the inspection Map tab lists them', async () => {
    const page = await newPage();
    await signIn(page, admin);
    await page.goto(`/divisions/${NORTH}/projects/${site.project.id}/active-site-map`);
    await page.getByRole('heading', { name: 'Active Site Maps' }).waitFor();
    // Every status line the tab shows, as it changes: the progress must be seen live, not only its end.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenStatuses: string[] }).seenStatuses = seen;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('[role="status"]')) {
          const text = el.textContent ?? '';
          if (/onver|ueued/.test(text) && seen.at(-1) !== text) seen.push(text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    // Uploaded as a user does: the record starts the conversion, and the tab shows it live.
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Upload Site Map' }).click(),
    ]);
    await chooser.setFiles({
      name: 'Yard plan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await makeSiteMapPdf('Yard plan', 2)),
    });
    const pages = page.getByLabel('Pages of Yard plan.pdf');
    await expect
      .poll(() => pages.getByRole('status').textContent(), { timeout: 60_000 })
      .toBe('Converted: 2 pages');
    // Shown live, without a reload: whatever steps the tab caught (a 2-page PDF can finish before the
    // row is drawn; the integration test asserts every push), in order, ending at done.
    const seen = await page.evaluate(() => (window as unknown as { seenStatuses: string[] }).seenStatuses);
    expect(seen.at(-1)).toBe('Converted: 2 pages');
    const steps = ['Not converted yet', 'Queued for conversion', 'Converting', 'Converted: 2 pages'];
    const order = seen.map((text) => steps.findIndex((step) => text.startsWith(step)));
    expect(
      order.every((step) => step >= 0),
      seen.join(' | '),
    ).toBe(true);
    expect(order, seen.join(' | ')).toEqual([...order].sort((a, b) => a - b));
    await pages.getByRole('img', { name: 'Yard plan.pdf, page 2' }).waitFor();
    expect(await pages.getByRole('img').count()).toBe(2);
    await screenshot(page, 'site-map-conversion-done-1280');
    await expectNoSeriousAxeViolations(page, 'Active Site Map tab with converted pages');

    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, 'site-map-conversion-done-375');
    await checkPhoneScreen(page, 'Active Site Map tab with converted pages (phone)');

    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto(`/inspection/${site.inspection.id}/map`);
    await page.getByRole('img', { name: 'Yard plan.pdf, page 1' }).waitFor();
    await page.getByRole('img', { name: 'Yard plan.pdf, page 2' }).waitFor();
    await screenshot(page, 'inspection-map-tab-1280');
    await expectNoSeriousAxeViolations(page, 'inspection Map tab');
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, 'inspection-map-tab-375');
    await checkPhoneScreen(page, 'inspection Map tab (phone)');
  });
});
