import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePdf, makePng } from '@stormline/local/seed/demo-files';
import { call, NORTH, tokenFor } from '../support/api';
import { eventually } from '../support/eventually';
import { createTestUser, signInAs } from '../support/users';
import { expectNoSeriousAxeViolations } from './axe';
import { moveOnePlaceByKeyboard, VIEWPORTS, screenshot, signIn, useBrowser } from './browser';
import { checkPhoneScreen } from './phone-checks';

/**
 * A project's documents through the browser (spec 002 §2, §5, §6; issue 20): a manager's 900x900
 * PNG is refused as an Active Site Map with the spec's message, two documents go into the SWMP
 * and are reordered by the keyboard, the order read back after a reload; a Client User's page and
 * the public view offer no upload, drag, rename, replace or delete, and the server refuses their
 * direct calls. Each tab at 1280 and 375 px, with axe and the phone checks.
 */

interface Doc {
  id: string;
  GUID: string;
  name: string;
  version: number;
}

const newPage = useBrowser();
const run = Date.now().toString(36);

let adminToken: string;
let manager: { email: string; password: string };
let clientUser: { email: string; password: string; id: string };
let projectId: string;
const projectName = `E2E Documents ${run}`;
const swmpA = `swmp-a-${run}.pdf`;
const swmpB = `swmp-b-${run}.png`;

const api = <T>(path: string, token = adminToken, method = 'GET', body?: unknown) =>
  call<T>(path, { method, token, divisionId: NORTH, body });
const swmpNames = async () =>
  (
    await api<{ docTypes: { documents: Doc[] }[] }>(`/api/projects/${projectId}/docs?docTypeId=swmp`)
  ).body.docTypes[0]!.documents.map((d) => d.name);

beforeAll(async () => {
  const admin = await createTestUser('Admin', [NORTH]);
  adminToken = await signInAs(admin);
  manager = await createTestUser('Regional Manager', [NORTH]);
  clientUser = await createTestUser('Client User', [NORTH]);
  const group = await api<{ id: string }>('/api/groups/add', adminToken, 'POST', {
    name: `E2E Documents permit ${run}`,
  });
  const client = await api<{ id: string }>('/api/clients', adminToken, 'POST', {
    name: `E2E Documents client ${run}`,
    address: { street_1: '2 Wharf St', city: 'Leeds', country_id: 'england', zip: 'LS2 7EQ' },
  });
  const project = await api<{ id: string }>('/api/projects', adminToken, 'POST', {
    client_id: client.body.id,
    inspection_template_id: 'routine-stormwater',
    name: projectName,
    inspector_user_id: admin.id,
    latitude: 53.79,
    longitude: -1.54,
    document_group_id: group.body.id,
    routine_interval: 7,
    timezone: 'Europe/London',
    docTypes: ['swmp'],
  });
  expect(project.status, JSON.stringify(project.body)).toBe(201);
  projectId = project.body.id;
  // The Client User is given the project (a contact), so it is read-only by role, not hidden.
  const contact = await api(`/api/projects/${projectId}/contacts`, adminToken, 'POST', {
    userIds: [clientUser.id],
  });
  expect(contact.status, JSON.stringify(contact.body)).toBeLessThan(300);
});

/** The file chooser a click opens, answered with the given file. */
async function chooseFile(
  page: Page,
  button: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: button }).click(),
  ]);
  await chooser.setFiles(file);
}

const tabHref = (tab: string) => `/divisions/${NORTH}/projects/${projectId}/${tab}`;
const swmpRows = (page: Page) => page.getByTestId('documents-swmp').getByTestId('document-row');

/** No control that changes a document: upload, drag, and in each row's menu rename, replace, delete. */
async function expectNoEditingControls(page: Page) {
  await page.getByTestId('document-row').first().waitFor();
  expect(await page.getByRole('button', { name: /^Upload|^Reorder / }).count()).toBe(0);
  expect(await page.getByTestId('drag-handle').count()).toBe(0);
  const rows = await page.getByTestId('document-row').all();
  for (const row of rows) {
    await row.getByRole('button', { name: /^Actions for / }).click();
    await page.getByRole('menuitem', { name: 'Download' }).waitFor();
    expect(await page.getByRole('menuitem', { name: /Rename|Replace|Delete/ }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'hidden' });
  }
}

describe('project documents (1280 px, a Regional Manager)', () => {
  let page: Page;

  it("refuses a 900x900 PNG as an Active Site Map with the spec's message, takes a 1000x1000 one, and offers no site-map delete", async () => {
    page = await newPage();
    await signIn(page, manager);
    await page.goto(tabHref('active-site-map'));
    await page.getByRole('heading', { name: 'Active Site Maps' }).waitFor();
    await page.getByText('PDF, PNG or JPEG, up to 75 MB; images at least 1000x1000 pixels').waitFor();
    const small = `small-map-${run}.png`;
    await chooseFile(page, 'Upload Site Map', {
      name: small,
      mimeType: 'image/png',
      buffer: Buffer.from(makePng(900, 900)),
    });
    const dialog = page.getByRole('dialog', { name: 'Error' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('upload-failure-message').innerText()).toBe(
      `${small} dimensions do not meet the minimum size of 1000x1000`,
    );
    await expectNoSeriousAxeViolations(page, "the site map 'Error' dialog at 1280 px");
    await screenshot(page, 'project-site-map-refused-1280');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const map = `site-map-${run}.png`;
    await chooseFile(page, 'Upload Site Map', {
      name: map,
      mimeType: 'image/png',
      buffer: Buffer.from(makePng(1000, 1000)),
    });
    const row = page.getByTestId('document-row').filter({ hasText: map });
    await row.waitFor();
    await row.getByRole('button', { name: `Actions for ${map}` }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await expectNoSeriousAxeViolations(page, 'the Active Site Map tab at 1280 px');
    await screenshot(page, 'project-active-site-map-1280');
  });

  it('uploads two documents to the SWMP, reorders them by keyboard, and the order holds after a reload', async () => {
    await page.getByRole('tab', { name: 'Project Documents' }).click();
    await page.getByRole('heading', { name: 'SWMP' }).waitFor();
    await chooseFile(page, 'Upload Document', {
      name: swmpA,
      mimeType: 'application/pdf',
      buffer: Buffer.from(await makePdf('SWMP', ['Stormwater management plan, part A.'])),
    });
    await swmpRows(page).filter({ hasText: swmpA }).waitFor();
    await chooseFile(page, 'Upload Document', {
      name: swmpB,
      mimeType: 'image/png',
      buffer: Buffer.from(makePng(200, 120)),
    });
    await swmpRows(page).filter({ hasText: swmpB }).waitFor();
    expect(await swmpNames()).toEqual([swmpA, swmpB]);

    await moveOnePlaceByKeyboard(page, page.getByRole('button', { name: `Reorder ${swmpB}` }), 'ArrowUp');
    await eventually(swmpNames, (names) => expect(names).toEqual([swmpB, swmpA]));
    await page.reload();
    await swmpRows(page).first().waitFor();
    expect(await swmpRows(page).getByTestId('document-name').allInnerTexts()).toEqual([swmpB, swmpA]);
    await expectNoSeriousAxeViolations(page, 'the Project Documents tab at 1280 px');
    await screenshot(page, 'project-documents-1280');

    await page.getByRole('tab', { name: 'BMP Details' }).click();
    await page.getByText('No legend items found').waitFor();
    await expectNoSeriousAxeViolations(page, 'the BMP Details tab at 1280 px');
    await screenshot(page, 'project-bmp-details-1280');
  });
});

describe('project documents on a phone (375 px)', () => {
  it('shows each tab within the screen, with targets large enough', async () => {
    const phone = await newPage(VIEWPORTS.mobile);
    await signIn(phone, manager);
    await phone.goto(tabHref('project-docs'));
    await swmpRows(phone).first().waitFor();
    await checkPhoneScreen(phone, 'project-documents');
    await phone.goto(tabHref('active-site-map'));
    await phone.getByTestId('document-row').first().waitFor();
    await checkPhoneScreen(phone, 'project-active-site-map');
    await phone.goto(tabHref('bmp-docs'));
    await phone.getByText('No legend items found').waitFor();
    await checkPhoneScreen(phone, 'project-bmp-details');
  });
});

describe('read-only viewers', () => {
  it('a Client User finds no editing control, and the server refuses the direct calls', async () => {
    const page = await newPage();
    await signIn(page, clientUser);
    await page.goto(tabHref('project-docs'));
    await expectNoEditingControls(page);
    await screenshot(page, 'project-documents-client-user-1280');

    const token = await signInAs(clientUser);
    const doc = (
      await api<{ docTypes: { documents: Doc[] }[] }>(`/api/projects/${projectId}/docs?docTypeId=swmp`, token)
    ).body.docTypes[0]!.documents[0]!;
    for (const [method, path, body] of [
      [
        'POST',
        `/api/projects/${projectId}/uploads`,
        { upload: 'eyJrIjoiZnV6eiJ9.c2ln', project_doc_type_id: 'swmp' },
      ],
      [
        'PUT',
        '/api/documents/project/sort',
        { id: doc.id, order: 1, projectId, project_doc_type_id: 'swmp' },
      ],
      ['PUT', `/api/uploads/${doc.GUID}/name`, { name: 'Client rename', version: doc.version }],
      ['DELETE', `/api/projects/${projectId}/uploads/${doc.id}`, undefined],
    ] as const)
      expect((await api(path, token, method, body)).status, `${method} ${path}`).toBe(403);
    expect(await swmpNames()).toEqual([swmpB, swmpA]);
  });

  it('the public view of the published project shows its documents with no editing control; its calls are refused', async () => {
    expect((await api(`/api/projects/${projectId}/public`, adminToken, 'PUT')).status).toBe(200);
    for (const [viewport, width] of [
      [VIEWPORTS.desktop, 1280],
      [VIEWPORTS.mobile, 375],
    ] as const) {
      const visitor = await newPage(viewport);
      await visitor.goto(`/public/divisions/${NORTH}/projects/${projectId}`);
      await visitor.getByRole('heading', { name: projectName }).waitFor();
      await visitor.getByRole('tab', { name: 'Project Documents' }).click();
      await visitor.getByText(swmpA).waitFor();
      await expectNoEditingControls(visitor);
      if (width === 375) await checkPhoneScreen(visitor, 'public-project-documents');
      else {
        await expectNoSeriousAxeViolations(visitor, 'the public Project Documents tab at 1280 px');
        await screenshot(visitor, 'public-project-documents-1280');
      }
      await visitor.getByRole('tab', { name: 'Active Site Map' }).click();
      await visitor.getByText(`site-map-${run}.png`, { exact: true }).waitFor();
      // A finished conversion says so on the public page (no socket there): never 'connecting to server'.
      await visitor.getByText('Converted: 1 page', { exact: true }).waitFor();
      expect(await visitor.getByText('connecting to server').count()).toBe(0);
      await expectNoEditingControls(visitor);
      if (width === 375) await checkPhoneScreen(visitor, 'public-project-site-map');
      else await screenshot(visitor, 'public-project-site-map-1280');
    }
    const publicToken = await tokenFor('public@example.com');
    const doc = (
      await api<{ docTypes: { documents: Doc[] }[] }>(
        `/api/projects/${projectId}/docs?docTypeId=swmp`,
        publicToken,
      )
    ).body.docTypes[0]!.documents[0]!;
    for (const [method, path, body] of [
      [
        'POST',
        `/api/projects/${projectId}/uploads`,
        { upload: 'eyJrIjoiZnV6eiJ9.c2ln', project_doc_type_id: 'swmp' },
      ],
      [
        'PUT',
        '/api/documents/project/sort',
        { id: doc.id, order: 1, projectId, project_doc_type_id: 'swmp' },
      ],
      ['PUT', `/api/uploads/${doc.GUID}/name`, { name: 'Public rename', version: doc.version }],
      ['DELETE', `/api/projects/${projectId}/uploads/${doc.id}`, undefined],
    ] as const)
      expect((await api(path, publicToken, method, body)).status, `${method} ${path}`).toBe(403);
    expect(await swmpNames()).toEqual([swmpB, swmpA]);
  });
});
