import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '@stormline/local/seed/demo-files';
import { call, NORTH } from '../support/api';
import { openSocket, request } from '../support/sockets';
import { groupWithDocument } from '../support/uploads';
import { createTestUser, signInAs } from '../support/users';
import { expectNoSeriousAxeViolations } from './axe';
import { screenshot, signIn, useBrowser, VIEWPORTS } from './browser';
import { checkPhoneScreen } from './phone-checks';

/**
 * The document viewer and live PDF annotation (issue 20, docs/decisions/0039): an Admin and an
 * Inspector of North open the same regulation PDF in two browser contexts; a rectangle drawn by
 * the Admin shows at the Inspector's within seconds, with 'Saved: …' at the Admin's, and is still
 * there after a reload. A Client User finds no annotation tool, and the server refuses their
 * command.
 */

const newPage = useBrowser();

let groupId: string;
let doc: { id: string; GUID: string; name: string };
let admin: { email: string; password: string };
let inspector: { email: string; password: string };
let clientUser: { email: string; password: string };

beforeAll(async () => {
  admin = await createTestUser('Admin', [NORTH]);
  inspector = await createTestUser('Inspector', [NORTH]);
  clientUser = await createTestUser('Client User', [NORTH]);
  const pdf = await makePdf('Spill Response Procedure', [
    'Stop the source if it is safe to do so, contain the spill with the nearest spill kit.',
    'Report every spill to the site manager at once.',
  ]);
  const made = await groupWithDocument(pdf, `spill-response-${Date.now().toString(36)}.pdf`, {
    token: await signInAs(admin),
  });
  groupId = made.groupId;
  doc = made.document;
});

const viewerUrl = (edit = false) => `/divisions/${NORTH}/documents/${doc.GUID}${edit ? '?mode=edit' : ''}`;

/** The first page drawn by the PDF engine (its image), once the stored annotations are in. */
async function pdfShown(page: Page) {
  await page.getByTestId('pdf-pages').locator('img').first().waitFor({ timeout: 30_000 });
  await page.getByTestId('annotation-count').waitFor();
}

describe('two users annotate one regulation PDF live', () => {
  let adminPage: Page;
  let inspectorPage: Page;

  it('opens the PDF from the group for the Admin (Edit) and the Inspector (View)', async () => {
    adminPage = await newPage();
    await signIn(adminPage, admin);
    await adminPage.goto(`/divisions/${NORTH}/groups/${groupId}`);
    await adminPage.getByRole('button', { name: `Actions for ${doc.name}` }).click();
    await adminPage.getByRole('menuitem', { name: 'Edit' }).click();
    await adminPage.waitForURL(`**${viewerUrl(true)}`);
    await expect.poll(() => adminPage.getByRole('heading', { level: 1 }).textContent()).toBe(doc.name);
    await pdfShown(adminPage);
    await expect.poll(() => adminPage.getByTestId('annotation-count').textContent()).toBe('0 annotations');

    inspectorPage = await newPage();
    await signIn(inspectorPage, inspector);
    await inspectorPage.goto(viewerUrl());
    await pdfShown(inspectorPage);
    // Viewing: no tools until Edit.
    expect(await inspectorPage.getByRole('button', { name: 'Rectangle' }).count()).toBe(0);
    expect(await inspectorPage.getByRole('button', { name: 'Edit' }).count()).toBe(1);
    // Who may annotate is not told the document is read-only.
    expect(await inspectorPage.getByTestId('viewer-read-only').count()).toBe(0);
  });

  it("draws a rectangle at the Admin's, saved, and shows it at the Inspector's within seconds", async () => {
    await adminPage.getByRole('button', { name: 'Rectangle' }).click();
    expect(await adminPage.getByRole('button', { name: 'Rectangle' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const box = (await adminPage.getByTestId('pdf-pages').locator('img').first().boundingBox())!;
    const x = box.x + box.width * 0.3;
    const y = box.y + box.height * 0.3;
    await adminPage.mouse.move(x, y);
    await adminPage.mouse.down();
    for (let i = 1; i <= 10; i++) await adminPage.mouse.move(x + i * 15, y + i * 8);
    await adminPage.mouse.up();

    await expect
      .poll(() => adminPage.getByTestId('annotation-status').textContent(), { timeout: 15_000 })
      .toMatch(/^Saved: \d{2}-\d{2}-\d{4} @ \d{1,2}:\d{2} (AM|PM)$/);
    await expect.poll(() => adminPage.getByTestId('annotation-count').textContent()).toBe('1 annotation');
    await expect
      .poll(() => inspectorPage.getByTestId('annotation-count').textContent(), { timeout: 10_000 })
      .toBe('1 annotation');
    await screenshot(adminPage, 'document-viewer-annotating-1280');
    await screenshot(inspectorPage, 'document-viewer-live-1280');
    await expectNoSeriousAxeViolations(adminPage, 'document viewer, editing');

    // Stored: the server's XFDF holds one square by the Admin.
    const xfdf = await call<{ xfdf: string }>(`/api/xfdf/${doc.id}`, {
      token: await signInAs(inspector),
      divisionId: NORTH,
    });
    expect(xfdf.body.xfdf).toMatch(/<square [^>]*title="Test Admin"/);
  });

  it('keeps the annotation after a reload', async () => {
    await inspectorPage.reload();
    await pdfShown(inspectorPage);
    await expect.poll(() => inspectorPage.getByTestId('annotation-count').textContent()).toBe('1 annotation');
  });
});

describe('a Client User reads the PDF and its annotations, without tools (375 px)', () => {
  it('finds no annotation tool and no Edit, and the server refuses their command', async () => {
    const page = await newPage(VIEWPORTS.mobile);
    await signIn(page, clientUser);
    await page.goto(viewerUrl(true));
    await pdfShown(page);
    await expect.poll(() => page.getByTestId('annotation-count').textContent()).toBe('1 annotation');
    for (const name of ['Rectangle', 'Ellipse', 'Free text', 'Ink', 'Highlight', 'Edit'])
      expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    // Print is labelled for what it prints: the file, not its annotations (issue 22 prints them).
    expect(await page.getByRole('button', { name: 'Print without annotations' }).count()).toBe(1);
    expect(await page.getByTestId('viewer-read-only').textContent()).toBe('Read-only');
    await screenshot(page, 'document-viewer-client-user-375');
    await expectNoSeriousAxeViolations(page, 'document viewer, read-only');
    await checkPhoneScreen(page, 'document viewer');

    const ws = await openSocket(await signInAs(clientUser));
    try {
      const reply = await request(ws, {
        action: 'xfdf',
        divisionId: NORTH,
        isCommand: true,
        key: doc.id,
        xfdfValue: '<xfdf><delete><id>anything</id></delete></xfdf>',
        projectId: null,
        uploadId: doc.id,
      });
      expect(reply).toMatchObject({ type: 'error', status: 403 });
    } finally {
      ws.terminate();
    }
  });
});
