import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePdf, makePng } from '@stormline/local/seed/demo-files';
import { call, NORTH } from '../support/api';
import { eventually } from '../support/eventually';
import { createTestUser, signInAs } from '../support/users';
import { expectNoSeriousAxeViolations } from './axe';
import { checkPhoneScreen } from './phone-checks';
import {
  moveOnePlaceByKeyboard,
  VIEWPORTS,
  downloadedBytes,
  screenshot,
  signIn,
  useBrowser,
} from './browser';

/**
 * Regulations and legend items through the browser (spec 001 §2): a group is created, a PDF and an
 * image go straight to storage with a progress bar, the server's refusals show in their dialogs,
 * a document is renamed, dragged (mouse and keyboard), downloaded byte for byte, replaced and
 * destroyed; a legend item is created in its modal. Every write is read back through the API.
 */

interface Doc {
  id: string;
  GUID: string;
  name: string;
  mime_type: string;
  size: number;
  version: number;
}

const newPage = useBrowser();
const run = Date.now().toString(36);

let admin: { email: string; password: string };
let token: string;

beforeAll(async () => {
  admin = await createTestUser('Admin', [NORTH]);
  token = await signInAs(admin);
});

const api = <T>(path: string) => call<T>(path, { token, divisionId: NORTH });
const documentsOf = async (groupId: string) =>
  (await api<{ pageData: Doc[] }>(`/api/groups/${groupId}/uploads`)).body.pageData;

/** The file chooser a click opens, answered with the given files. */
async function chooseFiles(
  page: Page,
  open: () => Promise<void>,
  files: { name: string; mimeType: string; buffer: Buffer }[],
) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), open()]);
  await chooser.setFiles(files);
}

/** The one legend item of a unique name, as the API reads it. */
async function legendItemNamed(name: string) {
  const listed = await api<{
    pageData: {
      id: string;
      name: string;
      type: string;
      groups: string[];
      map_symbol: { editor: number; area: { fill: string; fillType: string; fillOpacity: number } };
    }[];
  }>(`/api/legend-items?s=${encodeURIComponent(name)}`);
  expect(listed.body.pageData).toHaveLength(1);
  return listed.body.pageData[0]!;
}

const rows = (page: Page) => page.getByTestId('regulation-documents').getByTestId('document-row');
const rowNamed = (page: Page, name: string) => rows(page).filter({ hasText: name });

/** A real mouse drag in small steps, as a person drags: the pointer sensor starts after 4 px. */
async function drag(page: Page, from: Locator, to: Locator, { above }: { above: boolean }) {
  const start = (await from.boundingBox())!;
  const target = (await to.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  const endY = above ? target.y + 4 : target.y + target.height - 4;
  const steps = 12;
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(
      start.x + start.width / 2,
      start.y + start.height / 2 + ((endY - start.y - start.height / 2) * i) / steps,
    );
    await page.waitForTimeout(30);
  }
  await page.mouse.up();
}

describe('regulations: a group and its documents (1280 px)', () => {
  let page: Page;
  let groupId: string;
  const groupName = `E2E Permit ${run}`;
  const pdfName = `permit-${run}.pdf`;
  const pngName = `site-plan-${run}.png`;
  let pdfBytes: Buffer;
  let pngBytes: Buffer;

  beforeAll(async () => {
    pdfBytes = Buffer.from(await makePdf('E2E permit', ['Install silt fence before grading.']));
    pngBytes = Buffer.from(makePng(160, 90));
    page = await newPage(VIEWPORTS.desktop);
    await signIn(page, admin);
  });

  it('lists the groups, then creates one after refusing an empty name', async () => {
    await page.goto(`/divisions/${NORTH}/groups`);
    await page.getByTestId('groups-table').locator('tbody tr a').first().waitFor();
    await expectNoSeriousAxeViolations(page, 'the regulations list at 1280 px');
    await screenshot(page, 'regulations-list-1280');

    await page.getByRole('searchbox', { name: 'Search Regulations' }).fill(`no such regulation ${run}`);
    await page.getByText('No regulations found').waitFor();
    await page.getByRole('searchbox', { name: 'Search Regulations' }).fill('');

    await page.getByRole('button', { name: 'Add Regulation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Regulation' });
    await dialog.getByLabel('Regulation name').fill('   ');
    await dialog.getByRole('button', { name: 'Add Regulation' }).click();
    await dialog.getByText('Regulation name cannot be empty').waitFor();
    await expectNoSeriousAxeViolations(page, 'Add Regulation with its validation message at 1280 px');
    await dialog.getByLabel('Regulation name').fill(groupName);
    await dialog.getByRole('button', { name: 'Add Regulation' }).click();
    await page.waitForURL(/\/groups\/[^/?]+$/);
    groupId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('heading', { name: groupName, level: 1 }).waitFor();

    const group = await api<{ name: string; num_documents: number }>(`/api/groups/${groupId}`);
    expect(group.body).toMatchObject({ name: groupName, num_documents: 0 });
  });

  it('uploads a PDF with a progress bar, then an image, typed by their content', async () => {
    await page.getByText('No documents found').waitFor();
    // Slow uploads down so the progress bar can be seen and pictured.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: Math.max(1024, Math.floor(pdfBytes.byteLength / 4)),
    });
    await chooseFiles(page, () => page.getByRole('button', { name: 'Upload Document' }).click(), [
      { name: pdfName, mimeType: 'application/pdf', buffer: pdfBytes },
    ]);
    const progress = page.getByRole('progressbar', { name: `Uploading ${pdfName}` });
    await progress.waitFor();
    await screenshot(page, 'regulation-upload-in-progress-1280');
    await expectNoSeriousAxeViolations(page, 'an upload in progress at 1280 px');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.getByTestId('upload-status').filter({ hasText: 'Uploaded' }).first().waitFor();
    await rowNamed(page, pdfName).waitFor();
    // The success status clears after 1.6 s.
    await page.getByTestId('upload-entries').waitFor({ state: 'detached', timeout: 5000 });

    await chooseFiles(page, () => page.getByRole('button', { name: 'Upload Document' }).click(), [
      { name: pngName, mimeType: 'image/png', buffer: pngBytes },
    ]);
    await rowNamed(page, pngName).waitFor();

    const documents = await documentsOf(groupId);
    expect(documents.map((d) => [d.name, d.mime_type, d.size])).toEqual([
      [pdfName, 'application/pdf', pdfBytes.byteLength],
      [pngName, 'image/png', pngBytes.byteLength],
    ]);
    await expect.poll(() => page.getByTestId('group-document-count').innerText()).toBe('2');
  });

  it("shows the server's refusals: a file by its content, an image by its size", async () => {
    await chooseFiles(page, () => page.getByRole('button', { name: 'Upload Document' }).click(), [
      {
        name: `notes-${run}.pdf`,
        mimeType: 'application/pdf',
        buffer: Buffer.from('Just some text, not a PDF at all.'),
      },
    ]);
    const refused = page.getByRole('dialog', { name: 'Error' });
    await refused
      .getByText(`notes-${run}.pdf is not an allowed file type. Please add a png, jpeg or pdf file`)
      .waitFor();
    await expectNoSeriousAxeViolations(page, "the upload 'Error' dialog at 1280 px");
    await screenshot(page, 'regulation-upload-refused-1280');
    await refused.getByRole('button', { name: 'OK' }).click();
    await refused.waitFor({ state: 'hidden' });

    await chooseFiles(page, () => page.getByRole('button', { name: 'Upload Document' }).click(), [
      { name: `tiny-${run}.png`, mimeType: 'image/png', buffer: Buffer.from(makePng(10, 10)) },
    ]);
    await refused.getByText(`tiny-${run}.png dimensions do not meet the minimum size of 50x50`).waitFor();
    await refused.getByRole('button', { name: 'OK' }).click();
    expect((await documentsOf(groupId)).length).toBe(2);
  });

  it('renames a document', async () => {
    await page.getByRole('button', { name: `Actions for ${pdfName}` }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename document' });
    await dialog.getByLabel('Document name').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Document name is required').waitFor();
    await dialog.getByLabel('Document name').fill(`Permit ${run}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await rowNamed(page, `Permit ${run}`).waitFor();
    expect((await documentsOf(groupId)).map((d) => d.name)).toEqual([`Permit ${run}`, pngName]);
  });

  it('reorders by a real mouse drag, and by the keyboard', async () => {
    const handleOf = (name: string) => rowNamed(page, name).getByRole('button', { name: `Reorder ${name}` });
    await drag(page, handleOf(pngName), rowNamed(page, `Permit ${run}`), { above: true });
    await eventually(
      () => documentsOf(groupId),
      (docs) => expect(docs.map((d) => d.name)).toEqual([pngName, `Permit ${run}`]),
    );
    expect(await rows(page).getByTestId('document-name').allInnerTexts()).toEqual([pngName, `Permit ${run}`]);

    await moveOnePlaceByKeyboard(page, handleOf(pngName), 'ArrowDown');
    await eventually(
      () => documentsOf(groupId),
      (docs) => expect(docs.map((d) => d.name)).toEqual([`Permit ${run}`, pngName]),
    );
  });

  it('downloads the bytes that were uploaded, through /dl/{GUID}', async () => {
    for (const [name, bytes] of [
      [`Permit ${run}`, pdfBytes],
      [pngName, pngBytes],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        rowNamed(page, name).getByTestId('document-name').click(),
      ]);
      const saved = await downloadedBytes(download);
      expect(Buffer.compare(saved, bytes), `${name} downloads as uploaded`).toBe(0);
      expect(download.suggestedFilename()).toBe(name.endsWith('.png') ? name : `${name}.pdf`);
    }
  });

  it('replaces the image, keeping its name and place', async () => {
    const before = (await documentsOf(groupId)).find((d) => d.name === pngName)!;
    const replacement = Buffer.from(makePng(200, 120));
    await page.getByRole('button', { name: `Actions for ${pngName}` }).click();
    await chooseFiles(page, () => page.getByRole('menuitem', { name: 'Replace' }).click(), [
      { name: 'other.png', mimeType: 'image/png', buffer: replacement },
    ]);
    const after = await eventually(
      () => documentsOf(groupId),
      (docs) => expect(docs.find((d) => d.id === before.id)?.size).toBe(replacement.byteLength),
    );
    expect(after.map((d) => d.name)).toEqual([`Permit ${run}`, pngName]);
    expect(after[1]!.GUID).toBe(before.GUID);
  });

  it('destroys a document after its confirmation', async () => {
    await page.getByRole('button', { name: `Actions for ${pngName}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete document' });
    await dialog.getByText('Are you sure you want to delete').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await rowNamed(page, pngName).waitFor({ state: 'detached' });
    expect((await documentsOf(groupId)).map((d) => d.name)).toEqual([`Permit ${run}`]);
    await expectNoSeriousAxeViolations(page, 'a group with its documents at 1280 px');
    await screenshot(page, 'regulation-group-1280');
  });

  it('renames the group', async () => {
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit regulation' });
    await dialog.getByLabel('Regulation name').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Regulation name cannot be empty').waitFor();
    await dialog.getByLabel('Regulation name').fill(`${groupName} (rev. 2)`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: `${groupName} (rev. 2)`, level: 1 }).waitFor();
    expect((await api<{ name: string }>(`/api/groups/${groupId}`)).body.name).toBe(`${groupName} (rev. 2)`);
  });

  it('creates a legend item listing the group in its modal, and the BMP tab shows it', async () => {
    const itemName = `E2E Silt fence ${run}`;
    await page.goto(`/divisions/${NORTH}/map-legend`);
    await page.getByTestId('legend-table').locator('tbody tr').first().waitFor();
    await page.getByRole('button', { name: 'Create' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Legend Item' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(itemName);
    await dialog.getByRole('radio', { name: 'Pollutant' }).check();
    await dialog.getByRole('combobox', { name: 'Regulations' }).fill(`${groupName} (rev. 2)`);
    await page.getByRole('option', { name: `${groupName} (rev. 2)` }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Create' }).click();
    // Created: the modal turns into the new item's Edit, where its documents can be added.
    const edit = page.getByRole('dialog', { name: 'Edit Legend Item' });
    await edit.getByText('No documents found').waitFor();
    await expectNoSeriousAxeViolations(page, 'the Edit Legend Item modal at 1280 px');
    await screenshot(page, 'legend-item-modal-1280', { fullPage: false });
    const created = await legendItemNamed(itemName);
    expect(created).toMatchObject({ name: itemName, type: 'pollutant', groups: [groupId] });
    // Spec 002 §9's defaults: a pollutant is an area, filled #999999.
    expect(created.map_symbol).toMatchObject({ editor: 3, area: { fill: '#999999', fillType: 'solid' } });
    await chooseFiles(page, () => edit.getByRole('button', { name: 'Upload Document' }).click(), [
      { name: `washout-${run}.png`, mimeType: 'image/png', buffer: pngBytes },
    ]);
    await edit
      .getByTestId('document-row')
      .filter({ hasText: `washout-${run}.png` })
      .waitFor();

    // Its map symbol, drawn in the modal's symbol editor: a green hatch at 60 %.
    const symbol = edit.getByRole('group', { name: 'Map symbol' });
    await symbol.getByLabel('Fill colour').fill('#2F9E44');
    await symbol.getByRole('radiogroup', { name: 'Fill type' }).getByText('Hatch', { exact: true }).click();
    const opacity = symbol.getByRole('slider', { name: 'Fill opacity' });
    await opacity.focus();
    for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowLeft');
    const preview = symbol.getByRole('img', {
      name: 'Map symbol: polygon, hatch fill #2F9E44, opacity 60%, boundary #4D4D4D width 5',
    });
    await preview.waitFor();
    await preview.scrollIntoViewIfNeeded();
    await expectNoSeriousAxeViolations(page, 'the symbol editor at 1280 px');
    await screenshot(page, 'legend-symbol-editor-1280', { fullPage: false });
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });

    // The list draws the item with its new symbol.
    await page.getByRole('searchbox', { name: 'Search Map Legend' }).fill(itemName);
    await page
      .getByTestId('legend-table')
      .getByRole('row')
      .filter({ hasText: itemName })
      .getByRole('img', { name: /^Map symbol: polygon, hatch fill #2F9E44, opacity 60%/ })
      .waitFor();
    const saved = await legendItemNamed(itemName);
    expect(saved.map_symbol).toMatchObject({
      editor: 3,
      area: { fill: '#2F9E44', fillType: 'hatch', fillOpacity: 0.6 },
    });
    await expectNoSeriousAxeViolations(page, 'the legend list at 1280 px');
    await screenshot(page, 'legend-list-1280');

    await page.goto(`/divisions/${NORTH}/groups/${groupId}?tab=bmp`);
    const section = page.getByRole('region', { name: itemName });
    await section.getByText(`washout-${run}.png`).waitFor();
    await expectNoSeriousAxeViolations(page, 'the BMP tab at 1280 px');
    await screenshot(page, 'regulation-group-bmp-1280');
  });
});

/** Nothing wider than the phone: tables scroll inside their box, the page itself never sideways. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} is ${width} px wide`).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
}

describe('regulations and legend at 375 px', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage(VIEWPORTS.mobile);
    await signIn(page, admin);
  });

  it('the groups list, a group with both tabs, the legend list and its modal', async () => {
    await page.goto(`/divisions/${NORTH}/groups`);
    await page.getByTestId('groups-table').locator('tbody tr a').first().waitFor();
    await expectNoSeriousAxeViolations(page, 'the regulations list at 375 px');
    await expectNoSidewaysScroll(page, 'the regulations list at 375 px');
    await screenshot(page, 'regulations-list-375');

    // A seeded group with documents of its own and legend items listing it, found by name (other
    // files add groups to the division, so it need not be on the first page).
    await page.getByRole('searchbox', { name: 'Search Regulations' }).fill('Erosion and Sediment Control');
    await page
      .getByTestId('groups-table')
      .getByRole('link', { name: 'Erosion and Sediment Control BMP Manual' })
      .click();
    await page.getByTestId('regulation-documents').getByTestId('document-row').first().waitFor();
    await expectNoSeriousAxeViolations(page, 'a group at 375 px');
    await expectNoSidewaysScroll(page, 'a group at 375 px');
    await screenshot(page, 'regulation-group-375');
    await page.getByRole('tab', { name: 'BMP' }).click();
    await page.getByTestId('bmp-documents').first().waitFor();
    await expectNoSeriousAxeViolations(page, 'the BMP tab at 375 px');
    await expectNoSidewaysScroll(page, 'the BMP tab at 375 px');
    await screenshot(page, 'regulation-group-bmp-375');

    await page.goto(`/divisions/${NORTH}/map-legend`);
    await page.getByTestId('legend-table').locator('tbody tr').first().waitFor();
    await expectNoSeriousAxeViolations(page, 'the legend list at 375 px');
    await expectNoSidewaysScroll(page, 'the legend list at 375 px');
    await screenshot(page, 'legend-list-375');
    await page.getByTestId('legend-table').locator('tbody tr').first().getByRole('button').first().click();
    await page.getByTestId('legend-item-view').waitFor();
    await expectNoSeriousAxeViolations(page, 'the legend item view at 375 px');
    await screenshot(page, 'legend-item-view-375', { fullPage: false });
    await page.getByTestId('legend-item-view').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Create' }).click();
    await page
      .getByRole('dialog', { name: 'Create Legend Item' })
      .getByRole('textbox', { name: /^Name/ })
      .waitFor();
    await expectNoSeriousAxeViolations(page, 'the Create Legend Item modal at 375 px');
    await screenshot(page, 'legend-item-create-375', { fullPage: false });
    // Its symbol editor on the phone: an area with a hatch fill.
    const create = page.getByRole('dialog', { name: 'Create Legend Item' });
    await create.getByRole('radio', { name: 'Pollutant' }).check();
    const symbol = create.getByRole('group', { name: 'Map symbol' });
    await symbol.getByRole('radiogroup', { name: 'Fill type' }).getByText('Hatch', { exact: true }).click();
    await symbol.getByRole('img', { name: /^Map symbol: polygon, hatch fill/ }).waitFor();
    await checkPhoneScreen(page, 'legend-symbol-editor');
    await symbol.getByRole('radiogroup', { name: 'Fill type' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'legend-symbol-editor-375', { fullPage: false });
  });
});
