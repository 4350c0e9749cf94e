import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftKey } from '@stormline/data/template-drafts';
import { versionKey } from '@stormline/data/templates';
import { EPA_CGP } from '@stormline/domain/system-templates/epa-cgp';
import { makeJpeg, makePng } from '@stormline/local/seed/demo-files';
import { baseUrl, call, NORTH, SOUTH } from '../support/api';
import { runtimeEnv } from '../support/runtime';
import { storedItem, testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';

/**
 * The template logo (spec 002 §2 "The template logo can be uploaded and deleted, and is shown from
 * the /dl/{GUID} path"; §7 "Logo: GET, POST (multipart 'file') and DELETE
 * /api/inspection-templat/{templateId}/upload-logo"), through the API as the editor uses it: the
 * file goes to storage with a presigned PUT (docs/decisions/0015), the server checks its bytes.
 */

const db = testTable();
afterAll(() => db.doc.destroy());

let token: string;
let northOnly: string;
let inspector: string;
beforeAll(async () => {
  token = await signInAs(await createTestUser('Admin', [NORTH, SOUTH]));
  northOnly = await signInAs(await createTestUser('Admin', [NORTH]));
  inspector = await signInAs(await createTestUser('Inspector', [NORTH]));
});

const SPELLED_AS_SHOWN = '/api/inspection-templat';
const ALIAS = '/api/inspection-templates';
const logoPath = (templateId: string, prefix = SPELLED_AS_SHOWN) => `${prefix}/${templateId}/upload-logo`;

async function newTemplate(divisionId = NORTH, copyOf?: string): Promise<string> {
  const created = await call<{ id: string }>('/api/inspection-templates', {
    method: 'POST',
    token,
    divisionId,
    body: { name: `Logo template ${randomUUID().slice(0, 8)}`, ...(copyOf ? { copyOf } : {}) },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
}

/** Begins an upload and PUTs the bytes to the presigned URL, as the SPA does. */
async function send(
  bytes: Uint8Array,
  fileName: string,
  options: { divisionId?: string; purpose?: string } = {},
) {
  const begun = await call<{ upload: string; url: string }>('/api/uploads', {
    method: 'POST',
    token,
    divisionId: options.divisionId ?? NORTH,
    body: { name: fileName, size: bytes.byteLength, purpose: options.purpose ?? 'logo' },
  });
  expect(begun.status, JSON.stringify(begun.body)).toBe(201);
  expect((await fetch(begun.body.url, { method: 'PUT', body: Buffer.from(bytes) })).status).toBe(200);
  return begun.body.upload;
}

async function uploadLogo(
  templateId: string,
  bytes: Uint8Array,
  fileName: string,
  prefix = SPELLED_AS_SHOWN,
) {
  const upload = await send(bytes, fileName);
  const response = await call<{ logo_GUID: string; message?: string }>(logoPath(templateId, prefix), {
    method: 'POST',
    token,
    divisionId: NORTH,
    body: { upload },
  });
  return { upload, response };
}

const logoOf = async (templateId: string, prefix = SPELLED_AS_SHOWN) =>
  (await call<{ logo_GUID: string | null }>(logoPath(templateId, prefix), { token, divisionId: NORTH })).body
    .logo_GUID;

/** The pending object an upload names (its signed payload), to show nothing is left of it. */
async function pendingObjectExists(upload: string): Promise<boolean> {
  const { key } = JSON.parse(Buffer.from(upload.split('.')[0]!, 'base64url').toString()) as { key: string };
  const env = runtimeEnv();
  return (await fetch(`${env.S3_ENDPOINT}/${env.BUCKET_NAME}/${key}`, { method: 'HEAD' })).status === 200;
}

/** Opens /dl/{GUID} through a download link, as the browser does. */
async function download(guid: string, as = token) {
  const link = await call<{ url: string }>('/api/download-links', {
    method: 'POST',
    token: as,
    body: { path: `/dl/${guid}` },
  });
  return fetch(`${baseUrl()}${link.body.url}&disposition=inline`, { redirect: 'manual' });
}

describe('the template logo', () => {
  it('is uploaded as a png, named by the draft, and shown from /dl/{GUID} with its bytes and type', async () => {
    const templateId = await newTemplate();
    expect(await logoOf(templateId)).toBeNull();
    const png = makePng(240, 80);
    const { upload, response } = await uploadLogo(templateId, png, 'company-logo.png');
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const guid = response.body.logo_GUID;
    expect(guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await pendingObjectExists(upload)).toBe(false);

    // Both spellings of the path read it, and the editor's view carries it.
    expect(await logoOf(templateId)).toBe(guid);
    expect(await logoOf(templateId, ALIAS)).toBe(guid);
    const view = await call<{ content: { logo_GUID?: string | null } }>(
      `/api/inspection-templates/${templateId}`,
      {
        token,
        divisionId: NORTH,
      },
    );
    expect(view.body.content.logo_GUID).toBe(guid);

    const redirect = await download(guid);
    expect(redirect.status).toBe(302);
    const file = await fetch(redirect.headers.get('location')!);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(png))).toBe(true);
  });

  it("is an inspection reader's once a published version names it, not while only the draft does", async () => {
    // A copy of a system template can be published as it is.
    const templateId = await newTemplate(NORTH, 'routine-stormwater');
    const { response } = await uploadLogo(templateId, makePng(240, 80), 'company-logo.png');
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const guid = response.body.logo_GUID;
    expect((await download(guid, inspector)).status).toBe(404);
    const published = await call(`/api/inspection-templates/${templateId}/publish`, {
      method: 'POST',
      token,
      divisionId: NORTH,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    // An inspector reads inspections on this template's versions, so its report's logo too.
    expect((await download(guid, inspector)).status).toBe(302);
  });

  it('refuses a text file named .png with a clear 400, and records nothing', async () => {
    const templateId = await newTemplate();
    const first = await uploadLogo(templateId, makeJpeg(100, 100), 'first.jpg', ALIAS);
    expect(first.response.status).toBe(201);
    const text = new TextEncoder().encode('Not an image at all, only words about erosion control.');
    const { upload, response } = await uploadLogo(templateId, text, 'notes.png');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(
      'notes.png is not an allowed file type. Please add a png or jpeg file',
    );
    expect(await pendingObjectExists(upload)).toBe(false);
    expect(await logoOf(templateId)).toBe(first.response.body.logo_GUID);
  });

  it('refuses a file over 2 MB, before it is sent and when it was sent as another kind of upload', async () => {
    const templateId = await newTemplate();
    const big = Buffer.concat([Buffer.from(makePng(60, 60)), Buffer.alloc(2 * 1024 * 1024)]);
    const begun = await call<{ message: string }>('/api/uploads', {
      method: 'POST',
      token,
      divisionId: NORTH,
      body: { name: 'huge.png', size: big.byteLength, purpose: 'logo' },
    });
    expect(begun).toMatchObject({
      status: 400,
      body: { message: 'huge.png is too large. Max file size is 2MB' },
    });
    const upload = await send(big, 'huge.png', { purpose: 'document' });
    const refused = await call<{ message: string }>(logoPath(templateId), {
      method: 'POST',
      token,
      divisionId: NORTH,
      body: { upload },
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { message: 'huge.png is too large. Max file size is 2MB' },
    });
    expect(await pendingObjectExists(upload)).toBe(false);
    expect(await logoOf(templateId)).toBeNull();
  });

  it('replaces the draft’s logo; a version published with the old one keeps it, an unpublished one goes', async () => {
    const templateId = await newTemplate();
    const draftOnly = (await uploadLogo(templateId, makePng(80, 80), 'draft-only.png')).response.body
      .logo_GUID;
    const published = (await uploadLogo(templateId, makePng(90, 90), 'published.png')).response.body
      .logo_GUID;
    // Replaced before any version named it: its file and record are gone.
    expect((await download(draftOnly)).status).toBe(404);

    const publish = await call(`/api/inspection-templates/${templateId}/publish`, {
      method: 'POST',
      token,
      divisionId: NORTH,
    });
    expect(publish.status, JSON.stringify(publish.body)).toBe(200);
    expect(await storedItem(db, versionKey(templateId, 1))).toMatchObject({ logo_GUID: published });

    const next = (await uploadLogo(templateId, makePng(100, 100), 'next.png')).response.body.logo_GUID;
    expect(await logoOf(templateId)).toBe(next);
    const kept = await download(published);
    expect(kept.status).toBe(302);
    expect((await fetch(kept.headers.get('location')!)).status).toBe(200);

    // DELETE clears the draft's; the version's stays.
    const removed = await call(logoPath(templateId, ALIAS), { method: 'DELETE', token, divisionId: NORTH });
    expect(removed).toMatchObject({ status: 200, body: { logo_GUID: null } });
    expect(await logoOf(templateId)).toBeNull();
    expect(
      ((await storedItem(db, draftKey(templateId))) as { content: { logo_GUID: unknown } }).content.logo_GUID,
    ).toBeNull();
    expect((await download(next)).status).toBe(404);
    expect((await download(published)).status).toBe(302);
  });

  it("refuses system templates: 'Editing of System templates is not currently allowed.'", async () => {
    expect(await logoOf(EPA_CGP.templateId)).toBeNull();
    const upload = await send(makePng(60, 60), 'system.png');
    for (const [method, body] of [
      ['POST', { upload }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await call(logoPath(EPA_CGP.templateId), { method, token, divisionId: NORTH, body });
      expect(refused).toMatchObject({
        status: 403,
        body: { message: 'Editing of System templates is not currently allowed.' },
      });
    }
    expect(await logoOf(EPA_CGP.templateId)).toBeNull();
  });

  it('shows another division’s template logo to no one outside it: 404, as for a stranger', async () => {
    const created = await call<{ id: string }>('/api/inspection-templates', {
      method: 'POST',
      token,
      divisionId: SOUTH,
      body: { name: `South logo ${randomUUID().slice(0, 8)}` },
    });
    const upload = await send(makePng(70, 70), 'south.png', { divisionId: SOUTH });
    const uploaded = await call<{ logo_GUID: string }>(logoPath(created.body.id), {
      method: 'POST',
      token,
      divisionId: SOUTH,
      body: { upload },
    });
    expect(uploaded.status).toBe(201);
    expect((await download(uploaded.body.logo_GUID)).status).toBe(302);
    expect((await download(uploaded.body.logo_GUID, northOnly)).status).toBe(404);
    const asNorth = await call(logoPath(created.body.id), { token: northOnly, divisionId: NORTH });
    expect(asNorth.status).toBe(404);
  });
});
