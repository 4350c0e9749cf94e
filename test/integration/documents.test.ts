import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg, makePdf, makePng } from '@stormline/local/seed/demo-files';
import { baseUrl, call, NORTH, SOUTH, tokenFor } from '../support/api';
import { runtimeEnv } from '../support/runtime';
import { testTable } from '../support/table';
import { sendFile } from '../support/uploads';
import { createTestUser, signInAs } from '../support/users';

/**
 * Documents of regulation groups, as a user sees them: the file goes straight to storage with a
 * presigned URL, the server checks what arrived before it records anything, and downloads are
 * redirects to a short-lived presigned URL of the private bucket.
 */

interface Doc {
  id: string;
  GUID: string;
  name: string;
  mime_type: string;
  size: number;
  width: number | null;
  height: number | null;
  version: number;
}

interface DocPage {
  pageData: Doc[];
  paginationState: { numModels: number | null; nextCursor: string | null };
}

const db = testTable();
afterAll(() => db.doc.destroy());

let token: string;
let northOnly: string;

beforeAll(async () => {
  token = await signInAs(await createTestUser('Admin', [NORTH, SOUTH]));
  northOnly = await signInAs(await createTestUser('Admin', [NORTH]));
});

async function newGroup(name: string, divisionId = NORTH): Promise<string> {
  const response = await call<{ id: string }>('/api/groups/add', {
    method: 'POST',
    token,
    divisionId,
    body: { name },
  });
  return response.body.id;
}

/** Begins an upload and PUTs the bytes to the presigned URL, as the SPA does. */
async function send(bytes: Uint8Array, fileName: string, divisionId = NORTH, as = token) {
  const { upload, url } = await sendFile(bytes, fileName, { token: as, divisionId });
  expect(url).toMatch(/X-Amz-Signature=/);
  // The declared length is signed: storage refuses a body of any other size.
  expect(url).toMatch(/X-Amz-SignedHeaders=content-length%3Bhost/);
  return upload;
}

async function addToGroup(
  groupId: string,
  bytes: Uint8Array,
  fileName: string,
  options: { name?: string; divisionId?: string; as?: string } = {},
) {
  const upload = await send(bytes, fileName, options.divisionId ?? NORTH, options.as ?? token);
  return {
    upload,
    response: await call<Doc & { message?: string }>(`/api/groups/${groupId}/uploads`, {
      method: 'POST',
      token: options.as ?? token,
      divisionId: options.divisionId ?? NORTH,
      body: { upload, ...(options.name ? { name: options.name } : {}) },
    }),
  };
}

const documentsOf = async (groupId: string, divisionId = NORTH) =>
  (await call<DocPage>(`/api/groups/${groupId}/uploads`, { token, divisionId })).body;

/** The pending object an upload names (its signed payload), to show nothing is left of it. */
async function pendingObjectExists(upload: string): Promise<boolean> {
  const { key } = JSON.parse(Buffer.from(upload.split('.')[0]!, 'base64url').toString()) as { key: string };
  const env = runtimeEnv();
  const response = await fetch(`${env.S3_ENDPOINT}/${env.BUCKET_NAME}/${key}`, { method: 'HEAD' });
  return response.status === 200;
}

/** Opens /dl/{GUID} through a download link, as the browser does, and reads the file. */
async function download(guid: string, as = token) {
  const link = await call<{ url: string }>('/api/download-links', {
    method: 'POST',
    token: as,
    body: { path: `/dl/${guid}` },
  });
  return fetch(`${baseUrl()}${link.body.url}`, { redirect: 'manual' });
}

describe('documents of a regulation group', () => {
  it('uploads a PDF and an image, typed by their content, and lists them in order with the count', async () => {
    const groupId = await newGroup('Erosion Control Manual');
    const pdf = await makePdf('Erosion Control Manual', ['Install silt fence before grading.']);
    const png = makePng(120, 80);
    const first = await addToGroup(groupId, pdf, 'manual.pdf');
    expect(first.response.status, JSON.stringify(first.response.body)).toBe(201);
    expect(first.response.body).toMatchObject({
      name: 'manual.pdf',
      mime_type: 'application/pdf',
      size: pdf.byteLength,
      width: null,
      version: 0,
    });
    // Named like a PDF, but its bytes are a PNG: the content decides.
    const second = await addToGroup(groupId, png, 'site-plan.pdf', { name: 'Site plan' });
    expect(second.response.body).toMatchObject({
      name: 'Site plan',
      mime_type: 'image/png',
      width: 120,
      height: 80,
    });

    const page = await documentsOf(groupId);
    expect(page.pageData.map((d) => d.name)).toEqual(['manual.pdf', 'Site plan']);
    expect(page.paginationState.numModels).toBe(2);
    const group = await call<{ num_documents: number }>(`/api/groups/${groupId}`, {
      token,
      divisionId: NORTH,
    });
    expect(group.body.num_documents).toBe(2);
    // The pending object was moved to the document's own key.
    expect(await pendingObjectExists(first.upload)).toBe(false);
  });

  it('downloads through /dl/{GUID}: a redirect to a one-minute presigned URL, with the very bytes', async () => {
    const groupId = await newGroup('Download Group');
    const pdf = await makePdf('Spill Response Plan', ['Keep spill kits at every fuelling area.']);
    const doc = (await addToGroup(groupId, pdf, 'spill-plan.pdf')).response.body;
    const redirect = await download(doc.GUID);
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location')!;
    expect(location).toMatch(/X-Amz-Expires=60&/);
    expect(location).toMatch(/X-Amz-Signature=/);
    expect(decodeURIComponent(location)).toContain('attachment; filename="spill-plan.pdf"');
    const file = await fetch(location);
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
    // The session token works too (the SPA's own requests), and the link is for its path only.
    const bySession = await fetch(`${baseUrl()}/dl/${doc.GUID}`, {
      headers: { authorization: `Bearer ${token}` },
      redirect: 'manual',
    });
    expect(bySession.status).toBe(302);
    expect((await call(`/dl/${doc.GUID}`)).status).toBe(401);
  });

  it('refuses a file that is not png, jpeg or pdf, or an image under 50x50: nothing recorded, nothing left', async () => {
    const groupId = await newGroup('Refusals');
    const text = new TextEncoder().encode('This is plain text pretending to be a PDF.');
    const fake = await addToGroup(groupId, text, 'report.pdf');
    expect(fake.response.status).toBe(400);
    expect(fake.response.body).toEqual({
      message: 'report.pdf is not an allowed file type. Please add a png, jpeg or pdf file',
    });
    expect(await pendingObjectExists(fake.upload)).toBe(false);

    const tiny = await addToGroup(groupId, makePng(40, 60), 'tiny.png');
    expect(tiny.response.status).toBe(400);
    expect(tiny.response.body).toEqual({
      message: 'tiny.png dimensions do not meet the minimum size of 50x50',
    });
    expect(await pendingObjectExists(tiny.upload)).toBe(false);

    const tooLarge = await call('/api/uploads', {
      method: 'POST',
      token,
      divisionId: NORTH,
      body: { name: 'survey.pdf', size: 75 * 1024 * 1024 + 1 },
    });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body).toEqual({ message: 'survey.pdf is too large. Max file size is 75MB' });

    expect((await documentsOf(groupId)).pageData).toEqual([]);
    const group = await call<{ num_documents: number }>(`/api/groups/${groupId}`, {
      token,
      divisionId: NORTH,
    });
    expect(group.body.num_documents).toBe(0);
  });

  it('renames with the version read; a blank name or a stale version is refused', async () => {
    const groupId = await newGroup('Rename Group');
    const doc = (await addToGroup(groupId, makePng(60, 60), 'photo.png')).response.body;
    const rename = (name: string, version: number) =>
      call<Doc>(`/api/uploads/${doc.GUID}/name`, {
        method: 'PUT',
        token,
        divisionId: NORTH,
        body: { name, version },
      });
    const renamed = await rename('Outfall photo', 0);
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Outfall photo', version: 1, GUID: doc.GUID });
    expect((await rename('  ', 1)).body).toMatchObject({ message: 'Document name is required' });
    expect((await rename('Lost', 0)).status).toBe(409);
    expect((await documentsOf(groupId)).pageData[0]!.name).toBe('Outfall photo');
  });

  it('replaces the file (images 20x20 at least), keeping the GUID, name and place', async () => {
    const groupId = await newGroup('Replace Group');
    const doc = (await addToGroup(groupId, await makePdf('Old', ['Old text']), 'plan.pdf')).response.body;
    const jpeg = makeJpeg(30, 24);
    const replace = async (bytes: Uint8Array, name: string, version: number) =>
      call<Doc>(`/api/uploads/${doc.GUID}`, {
        method: 'PUT',
        token,
        divisionId: NORTH,
        body: { upload: await send(bytes, name), version },
      });
    const small = await replace(makePng(19, 40), 'small.png', 0);
    expect(small.body).toEqual({ message: 'small.png dimensions do not meet the minimum size of 20x20' });
    const replaced = await replace(jpeg, 'new-plan.jpg', 0);
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      GUID: doc.GUID,
      name: 'plan.pdf',
      mime_type: 'image/jpeg',
      width: 30,
      height: 24,
      version: 1,
    });
    const location = (await download(doc.GUID)).headers.get('location')!;
    expect(Buffer.from(await (await fetch(location)).arrayBuffer()).equals(Buffer.from(jpeg))).toBe(true);
    expect((await replace(makePng(60, 60), 'again.png', 0)).status).toBe(409);
  });

  it('moves a document by drag to a new place, and the list keeps it', async () => {
    const groupId = await newGroup('Sort Group');
    const names = ['One', 'Two', 'Three', 'Four'];
    const docs: Doc[] = [];
    for (const name of names)
      docs.push((await addToGroup(groupId, makePng(50, 50), `${name}.png`, { name })).response.body);
    const sort = (id: string, order: number) =>
      call<{ documents: Doc[] }>('/api/documents/group/sort', {
        method: 'PUT',
        token,
        divisionId: NORTH,
        body: { id, order, documentGroupId: groupId },
      });
    const moved = await sort(docs[3]!.id, 0);
    expect(moved.status).toBe(200);
    expect(moved.body.documents.map((d) => d.name)).toEqual(['Four', 'One', 'Two', 'Three']);
    await sort(docs[0]!.id, 2);
    expect((await documentsOf(groupId)).pageData.map((d) => d.name)).toEqual(['Four', 'Two', 'One', 'Three']);
    await sort(docs[2]!.id, 99);
    expect((await documentsOf(groupId)).pageData.map((d) => d.name)).toEqual(['Four', 'Two', 'One', 'Three']);
  });

  it('destroys a document: gone from the list, the count and storage', async () => {
    const groupId = await newGroup('Destroy Group');
    const doc = (await addToGroup(groupId, makePng(50, 50), 'gone.png')).response.body;
    const location = (await download(doc.GUID)).headers.get('location')!;
    const destroyed = await call(`/api/groups/${groupId}/uploads/${doc.id}`, {
      method: 'DELETE',
      token,
      divisionId: NORTH,
    });
    expect(destroyed.status).toBe(200);
    expect(destroyed.body).toEqual({ id: doc.id });
    expect((await documentsOf(groupId)).pageData).toEqual([]);
    expect((await download(doc.GUID)).status).toBe(404);
    expect((await fetch(location)).status).toBe(404);
  });

  it('deleting the last division’s group destroys its documents and their files', async () => {
    const groupId = await newGroup('Doomed Group');
    const doc = (await addToGroup(groupId, makePng(50, 50), 'doomed.png')).response.body;
    const location = (await download(doc.GUID)).headers.get('location')!;
    const deleted = await call(`/api/groups/delete/${groupId}`, {
      method: 'DELETE',
      token,
      divisionId: NORTH,
    });
    expect(deleted.body).toEqual({ id: groupId, destroyed: true });
    expect((await download(doc.GUID)).status).toBe(404);
    expect((await fetch(location)).status).toBe(404);
  });

  it('needs update Regulations to upload and to reorder', async () => {
    const groupId = await newGroup('Inspector Group');
    const inspector = await tokenFor('inspector@example.com');
    const attempt = await addToGroup(groupId, makePng(50, 50), 'inspector.png', { as: inspector });
    expect(attempt.response.status).toBe(403);
    expect(attempt.response.body).toEqual({ message: 'Your role does not allow update on Regulations' });
    // The inspector may read the group and its documents.
    expect(
      (await call(`/api/groups/${groupId}/uploads`, { token: inspector, divisionId: NORTH })).status,
    ).toBe(200);
  });

  it("needs update on the document's owner to destroy it: delete Documents alone is refused, nothing changes", async () => {
    // A Regional Manager (External) holds delete Documents but not update Regulations.
    const external = await signInAs(await createTestUser('Regional Manager (External)', [NORTH]));
    const groupId = await newGroup('External Delete Group');
    const doc = (await addToGroup(groupId, makePng(50, 50), 'stays.png')).response.body;
    const refused = await call(`/api/groups/${groupId}/uploads/${doc.GUID}`, {
      method: 'DELETE',
      token: external,
      divisionId: NORTH,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Your role does not allow update on Regulations' });
    expect((await download(doc.GUID)).status).toBe(302);
  });

  it("needs update on the document's owner to replace or rename it: an inspector is refused, nothing changes", async () => {
    const inspector = await tokenFor('inspector@example.com');
    const groupId = await newGroup('Inspector Replace Group');
    const png = makePng(60, 60);
    const doc = (await addToGroup(groupId, png, 'kept.png')).response.body;
    const item = await call<{ id: string }>('/api/legend-items', {
      method: 'POST',
      token,
      divisionId: NORTH,
      body: { name: 'Inspector Legend Item', type: 'control_measure', groups: [groupId] },
    });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    const legendUpload = await send(makePng(50, 50), 'legend.png');
    const legendDoc = (
      await call<Doc>(`/api/legend-items/${item.body.id}/uploads`, {
        method: 'POST',
        token,
        divisionId: NORTH,
        body: { upload: legendUpload },
      })
    ).body;
    for (const [target, resource] of [
      [doc, 'Regulations'],
      [legendDoc, 'Legend Item'],
    ] as const) {
      const renamed = await call(`/api/uploads/${target.GUID}/name`, {
        method: 'PUT',
        token: inspector,
        divisionId: NORTH,
        body: { name: 'Renamed by inspector', version: target.version },
      });
      expect(renamed.status).toBe(403);
      expect(renamed.body).toEqual({ message: `Your role does not allow update on ${resource}` });
      const replaced = await call(`/api/uploads/${target.GUID}`, {
        method: 'PUT',
        token: inspector,
        divisionId: NORTH,
        body: { upload: await send(makeJpeg(30, 24), 'swap.jpg', NORTH, inspector), version: target.version },
      });
      expect(replaced.status).toBe(403);
      expect(replaced.body).toEqual({ message: `Your role does not allow update on ${resource}` });
    }
    expect((await documentsOf(groupId)).pageData).toEqual([doc]);
    const location = (await download(doc.GUID)).headers.get('location')!;
    expect(Buffer.from(await (await fetch(location)).arrayBuffer()).equals(Buffer.from(png))).toBe(true);
    const legendRead = await call<{ uploads: Doc[] }>(`/api/legend-items/${item.body.id}`, {
      token,
      divisionId: NORTH,
    });
    expect(legendRead.body.uploads).toEqual([expect.objectContaining({ ...legendDoc })]);
    // An account with update on the owner still renames (the route's own right is unchanged).
    const own = await call<Doc>(`/api/uploads/${doc.GUID}/name`, {
      method: 'PUT',
      token,
      divisionId: NORTH,
      body: { name: 'Renamed by admin', version: doc.version },
    });
    expect(own.body).toMatchObject({ name: 'Renamed by admin', version: doc.version + 1 });
  });

  it('records an upload once: the same upload given at once makes one document, the others a 409', async () => {
    const groupId = await newGroup('Double Submit Group');
    const png = makePng(50, 50);
    // Several at once, as a double (or triple) click sends them: each loser used to race the
    // winner's move of the pending file and could answer a 500.
    for (const round of [1, 2, 3]) {
      const upload = await send(png, `twice-${round}.png`);
      const record = () =>
        call<Doc & { message?: string }>(`/api/groups/${groupId}/uploads`, {
          method: 'POST',
          token,
          divisionId: NORTH,
          body: { upload },
        });
      const answers = await Promise.all([record(), record(), record(), record()]);
      expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body))).toEqual([
        201, 409, 409, 409,
      ]);
      for (const lost of answers.filter((a) => a.status === 409))
        expect(lost.body).toEqual({ message: 'This file has already been added. Refresh to see it.' });
      // Given again later, it is still the same file: the same 409, nothing more recorded.
      expect((await record()).body).toEqual({
        message: 'This file has already been added. Refresh to see it.',
      });
      expect(await pendingObjectExists(upload)).toBe(false);
    }
    const docs = (await documentsOf(groupId)).pageData;
    expect(docs.map((d) => d.name)).toEqual(['twice-1.png', 'twice-2.png', 'twice-3.png']);
    const location = (await download(docs[2]!.GUID)).headers.get('location')!;
    expect(Buffer.from(await (await fetch(location)).arrayBuffer()).equals(Buffer.from(png))).toBe(true);
    const group = await call<{ num_documents: number }>(`/api/groups/${groupId}`, {
      token,
      divisionId: NORTH,
    });
    expect(group.body.num_documents).toBe(3);
  });

  it('replaces a file once: the same replacement given at once changes the document once', async () => {
    const groupId = await newGroup('Double Replace Group');
    const doc = (await addToGroup(groupId, makePng(50, 50), 'plan.png')).response.body;
    const jpeg = makeJpeg(30, 24);
    const upload = await send(jpeg, 'new-plan.jpg');
    const replace = () =>
      call<Doc & { message?: string }>(`/api/uploads/${doc.GUID}`, {
        method: 'PUT',
        token,
        divisionId: NORTH,
        body: { upload, version: 0 },
      });
    const answers = await Promise.all([replace(), replace(), replace()]);
    expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body))).toEqual([
      200, 409, 409,
    ]);
    expect((await documentsOf(groupId)).pageData).toEqual([
      expect.objectContaining({ GUID: doc.GUID, mime_type: 'image/jpeg', version: 1 }),
    ]);
    const location = (await download(doc.GUID)).headers.get('location')!;
    expect(Buffer.from(await (await fetch(location)).arrayBuffer()).equals(Buffer.from(jpeg))).toBe(true);
  });

  it('an upload recorded before its file arrived can be recorded once the file is there', async () => {
    const groupId = await newGroup('Retry Group');
    const png = makePng(50, 50);
    const begun = await call<{ upload: string; url: string }>('/api/uploads', {
      method: 'POST',
      token,
      divisionId: NORTH,
      body: { name: 'late.png', size: png.byteLength },
    });
    const record = () =>
      call<Doc & { message?: string }>(`/api/groups/${groupId}/uploads`, {
        method: 'POST',
        token,
        divisionId: NORTH,
        body: { upload: begun.body.upload },
      });
    // Nothing recorded, and the upload is not spent: its claim is given back.
    expect((await record()).body).toEqual({
      message: 'An error has occurred. The document failed to upload',
    });
    expect((await fetch(begun.body.url, { method: 'PUT', body: Buffer.from(png) })).status).toBe(200);
    expect((await record()).status).toBe(201);
    expect((await documentsOf(groupId)).pageData.map((d) => d.name)).toEqual(['late.png']);
  });

  it("refuses another user's upload, and leaves its file alone", async () => {
    const groupId = await newGroup('Ticket Group');
    const upload = await send(makePng(50, 50), 'mine.png');
    const other = await signInAs(await createTestUser('Admin', [NORTH]));
    const response = await call(`/api/groups/${groupId}/uploads`, {
      method: 'POST',
      token: other,
      divisionId: NORTH,
      body: { upload },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'This upload is not yours' });
    expect(await pendingObjectExists(upload)).toBe(true);
    const forged = await call(`/api/groups/${groupId}/uploads`, {
      method: 'POST',
      token,
      divisionId: NORTH,
      body: { upload: `${upload.split('.')[0]}.AAAA` },
    });
    expect(forged.body).toEqual({ message: 'The upload is not valid. Upload the file again.' });
  });

  it("another division's documents are not found by GUID or id, and stay as they were", async () => {
    const southGroup = await newGroup('South Only Manual', SOUTH);
    const doc = (await addToGroup(southGroup, makePng(50, 50), 'south.png', { divisionId: SOUTH })).response
      .body;
    const upload = await send(makePng(50, 50), 'north.png', NORTH, northOnly);
    for (const [method, path, body] of [
      ['GET', `/api/groups/${southGroup}/uploads`, undefined],
      ['POST', `/api/groups/${southGroup}/uploads`, { upload }],
      ['PUT', `/api/uploads/${doc.GUID}/name`, { name: 'Taken', version: 0 }],
      ['DELETE', `/api/groups/${southGroup}/uploads/${doc.id}`, undefined],
      ['PUT', '/api/documents/group/sort', { id: doc.id, order: 0, documentGroupId: southGroup }],
    ] as const) {
      const response = await call(path, { method, token: northOnly, divisionId: NORTH, body });
      expect([403, 404], `${method} ${path}`).toContain(response.status);
    }
    expect((await download(doc.GUID, northOnly)).status).toBe(404);
    expect((await documentsOf(southGroup, SOUTH)).pageData).toEqual([doc]);
  });
});
