import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg, makePdf, makePng } from '@stormline/local/seed/demo-files';
import { baseUrl, call, NORTH, SOUTH, tokenFor } from '../support/api';
import { createTestUser, signInAs } from '../support/users';

/**
 * A project's documents as its users see them (spec 002 §2, §5, §6, §7; issue 20): upload into a
 * document type straight to storage, the Active Site Map limits checked on the server (png, jpeg
 * or pdf, images at least 1000x1000), sort, rename, replace and delete; the roles, the archived
 * project and the public view refused; another division's document out of reach.
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

interface Docs {
  docTypes: { id: string; name: string; documents: Doc[]; nextCursor: string | null }[];
}

const SITE_MAPS = 'active-site-maps';

let admin: string;
let inspectorId: string;
let groupId: string;

/** A 1200x1200 GIF (its header is all the sniffing reads): a type the site maps refuse. */
const GIF = new Uint8Array([
  0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0xb0, 0x04, 0xb0, 0x04, 0x80, 0x00, 0x00, 0xff, 0xff, 0xff, 0x00, 0x00,
  0x00, 0x21, 0xf9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b,
]);

beforeAll(async () => {
  admin = await signInAs(await createTestUser('Admin', [NORTH]));
  inspectorId = (await createTestUser('Inspector', [NORTH])).id;
  const group = await call<{ id: string }>('/api/groups/add', {
    method: 'POST',
    token: admin,
    divisionId: NORTH,
    body: { name: `Project documents permit ${randomUUID().slice(0, 6)}` },
  });
  groupId = group.body.id;
});

/** A North project of its own keeping the site maps, SWMP and Permits. */
async function newProject(name: string): Promise<string> {
  const post = <T>(path: string, body: unknown) =>
    call<T>(path, { method: 'POST', token: admin, divisionId: NORTH, body });
  const client = await post<{ id: string }>('/api/clients', {
    name: `${name} client ${randomUUID().slice(0, 6)}`,
    address: { street_1: '2 Wharf St', city: 'Leeds', country_id: 'england', zip: 'LS2 7EQ' },
  });
  const project = await post<{ id: string }>('/api/projects', {
    client_id: client.body.id,
    inspection_template_id: 'routine-stormwater',
    name: `${name} ${randomUUID().slice(0, 6)}`,
    inspector_user_id: inspectorId,
    latitude: 53.79,
    longitude: -1.54,
    document_group_id: groupId,
    routine_interval: 7,
    timezone: 'Europe/London',
    docTypes: ['swmp', 'permits'],
  });
  expect(project.status, JSON.stringify(project.body)).toBe(201);
  return project.body.id;
}

/** Begins an upload and PUTs the bytes to the presigned URL, as the SPA does. */
async function send(bytes: Uint8Array, fileName: string, as = admin, divisionId = NORTH) {
  const begun = await call<{ upload: string; url: string }>('/api/uploads', {
    method: 'POST',
    token: as,
    divisionId,
    body: { name: fileName, size: bytes.byteLength },
  });
  expect(begun.status, JSON.stringify(begun.body)).toBe(201);
  expect((await fetch(begun.body.url, { method: 'PUT', body: Buffer.from(bytes) })).status).toBe(200);
  return begun.body.upload;
}

async function upload(
  projectId: string,
  docTypeId: string,
  bytes: Uint8Array,
  fileName: string,
  { as = admin, name }: { as?: string; name?: string } = {},
) {
  const ticket = await send(bytes, fileName, as);
  return call<Doc & { message?: string }>(`/api/projects/${projectId}/uploads`, {
    method: 'POST',
    token: as,
    divisionId: NORTH,
    body: { upload: ticket, project_doc_type_id: docTypeId, ...(name ? { name } : {}) },
  });
}

const namesOf = async (projectId: string, docTypeId: string, as = admin, divisionId = NORTH) => {
  const docs = await call<Docs>(`/api/projects/${projectId}/docs?docTypeId=${docTypeId}`, {
    token: as,
    divisionId,
  });
  expect(docs.status, JSON.stringify(docs.body)).toBe(200);
  return docs.body.docTypes[0]!.documents.map((d) => d.name);
};

const documentsOf = async (projectId: string, docTypeId: string) =>
  (
    await call<Docs>(`/api/projects/${projectId}/docs?docTypeId=${docTypeId}`, {
      token: admin,
      divisionId: NORTH,
    })
  ).body.docTypes[0]!.documents;

/** Opens /dl/{GUID} through a download link, as the browser does: the status, and the bytes if any. */
async function download(guid: string, as = admin) {
  const link = await call<{ url: string }>('/api/download-links', {
    method: 'POST',
    token: as,
    body: { path: `/dl/${guid}` },
  });
  const redirect = await fetch(`${baseUrl()}${link.body.url}`, { redirect: 'manual' });
  if (redirect.status !== 302) return { status: redirect.status, bytes: null };
  const file = await fetch(redirect.headers.get('location')!);
  return { status: 302, bytes: new Uint8Array(await file.arrayBuffer()) };
}

const sort = (
  projectId: string,
  docTypeId: string,
  doc: Doc,
  order: number,
  as = admin,
  divisionId = NORTH,
) =>
  call<{ documents: Doc[]; message?: string }>('/api/documents/project/sort', {
    method: 'PUT',
    token: as,
    divisionId,
    body: { id: doc.id, order, projectId, project_doc_type_id: docTypeId },
  });

const rename = (doc: Doc, name: string, as = admin, divisionId = NORTH) =>
  call<Doc & { message?: string }>(`/api/uploads/${doc.GUID}/name`, {
    method: 'PUT',
    token: as,
    divisionId,
    body: { name, version: doc.version },
  });

const replace = async (doc: Doc, bytes: Uint8Array, fileName: string, as = admin) =>
  call<Doc & { message?: string }>(`/api/uploads/${doc.GUID}`, {
    method: 'PUT',
    token: as,
    divisionId: NORTH,
    body: { upload: await send(bytes, fileName, as), version: doc.version },
  });

const destroy = (projectId: string, doc: Doc, as = admin, divisionId = NORTH) =>
  call<{ id?: string; message?: string }>(`/api/projects/${projectId}/uploads/${doc.id}`, {
    method: 'DELETE',
    token: as,
    divisionId,
  });

describe('project documents', () => {
  it('uploads into each kind: a PDF and a 1000x1000 PNG as site maps, a PDF and a small image elsewhere', async () => {
    const projectId = await newProject('Upload Kinds');
    const pdf = await makePdf('Site map', ['Phase 1 grading plan.']);
    const siteMapPdf = await upload(projectId, SITE_MAPS, pdf, 'phase-1.pdf');
    expect(siteMapPdf.status, JSON.stringify(siteMapPdf.body)).toBe(201);
    expect(siteMapPdf.body).toMatchObject({ name: 'phase-1.pdf', mime_type: 'application/pdf', version: 0 });
    const png = makePng(1000, 1000);
    const siteMapPng = await upload(projectId, SITE_MAPS, png, 'phase-2.png', { name: 'Phase 2 map' });
    expect(siteMapPng.status, JSON.stringify(siteMapPng.body)).toBe(201);
    expect(siteMapPng.body).toMatchObject({ name: 'Phase 2 map', mime_type: 'image/png', width: 1000 });
    // Outside the site maps a document list's limits: 60x60 is enough.
    expect((await upload(projectId, 'swmp', pdf, 'swmp.pdf')).status).toBe(201);
    expect((await upload(projectId, 'permits', makePng(60, 60), 'permit.png')).body).toMatchObject({
      mime_type: 'image/png',
      width: 60,
    });

    expect(await namesOf(projectId, SITE_MAPS)).toEqual(['phase-1.pdf', 'Phase 2 map']);
    expect(await namesOf(projectId, 'swmp')).toEqual(['swmp.pdf']);
    expect(await namesOf(projectId, 'permits')).toEqual(['permit.png']);
    const file = await download(siteMapPng.body.GUID);
    expect(file.status).toBe(302);
    expect(Buffer.from(file.bytes!).equals(Buffer.from(png))).toBe(true);
  });

  it("refuses as an Active Site Map a 900x900 PNG with the spec's message, a GIF and a text file; nothing recorded", async () => {
    const projectId = await newProject('Site Map Limits');
    const small = await upload(projectId, SITE_MAPS, makePng(900, 900), 'small-map.png');
    expect(small.status).toBe(400);
    expect(small.body).toEqual({
      message: 'small-map.png dimensions do not meet the minimum size of 1000x1000',
    });
    const wide = await upload(projectId, SITE_MAPS, makeJpeg(1400, 999), 'wide-map.jpg');
    expect(wide.body).toEqual({
      message: 'wide-map.jpg dimensions do not meet the minimum size of 1000x1000',
    });
    const gif = await upload(projectId, SITE_MAPS, GIF, 'map.gif');
    expect(gif.status).toBe(400);
    expect(gif.body).toEqual({
      message: 'map.gif is not an allowed file type. Please add a png, jpeg or pdf file',
    });
    const text = await upload(projectId, SITE_MAPS, new TextEncoder().encode('Not a map at all'), 'map.pdf');
    expect(text.body).toEqual({
      message: 'map.pdf is not an allowed file type. Please add a png, jpeg or pdf file',
    });
    expect(await namesOf(projectId, SITE_MAPS)).toEqual([]);

    // The same 900x900 image is a fine SWMP page: only the site maps need 1000x1000.
    expect((await upload(projectId, 'swmp', makePng(900, 900), 'swmp-page.png')).status).toBe(201);
    // A type the project does not keep, or none at all.
    const notKept = await upload(projectId, 'site-photos', makePng(60, 60), 'photo.png');
    expect(notKept.status).toBe(400);
    expect(notKept.body.message).toBe('The project does not keep this document type');
    const unknown = await upload(projectId, 'no-such-type', makePng(60, 60), 'photo.png');
    expect(unknown.status).toBe(400);
  });

  it('sorts a type by its own list, and the order reads back', async () => {
    const projectId = await newProject('Sorting');
    const docs: Doc[] = [];
    for (const name of ['One', 'Two', 'Three'])
      docs.push((await upload(projectId, 'swmp', makePng(50, 50), `${name}.png`, { name })).body);
    const moved = await sort(projectId, 'swmp', docs[2]!, 0);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.documents.map((d) => d.name)).toEqual(['Three', 'One', 'Two']);
    await sort(projectId, 'swmp', docs[0]!, 2);
    expect(await namesOf(projectId, 'swmp')).toEqual(['Three', 'Two', 'One']);
    // A document is sorted in its own type's list only.
    expect((await sort(projectId, 'permits', docs[0]!, 0)).status).toBe(404);
    expect((await sort(projectId, 'site-photos', docs[0]!, 0)).status).toBe(400);
  });

  it('renames and replaces; a replaced site map keeps the 1000x1000 rule, other types need 20x20', async () => {
    const projectId = await newProject('Rename Replace');
    const map = (await upload(projectId, SITE_MAPS, await makePdf('Map', ['Old map']), 'map.pdf')).body;
    const renamed = await rename(map, 'North yard map');
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'North yard map', version: 1, GUID: map.GUID });
    expect((await rename(map, 'Stale')).status).toBe(409);

    const small = await replace(renamed.body, makePng(900, 900), 'small.png');
    expect(small.status).toBe(400);
    expect(small.body).toEqual({ message: 'small.png dimensions do not meet the minimum size of 1000x1000' });
    const gif = await replace(renamed.body, GIF, 'map.gif');
    expect(gif.body).toEqual({
      message: 'map.gif is not an allowed file type. Please add a png, jpeg or pdf file',
    });
    const jpeg = makeJpeg(1200, 1000);
    const replaced = await replace(renamed.body, jpeg, 'new-map.jpg');
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body).toMatchObject({
      GUID: map.GUID,
      name: 'North yard map',
      mime_type: 'image/jpeg',
      width: 1200,
      height: 1000,
      version: 2,
    });
    expect(Buffer.from((await download(map.GUID)).bytes!).equals(Buffer.from(jpeg))).toBe(true);

    const permit = (await upload(projectId, 'permits', makePng(60, 60), 'permit.png')).body;
    const tinyPermit = await replace(permit, makePng(24, 20), 'scan.png');
    expect(tinyPermit.status, JSON.stringify(tinyPermit.body)).toBe(200);
    expect(tinyPermit.body).toMatchObject({ width: 24, height: 20, name: 'permit.png' });
  });

  it('deletes a document: gone from its list and from storage', async () => {
    const projectId = await newProject('Deleting');
    const map = (await upload(projectId, SITE_MAPS, makePng(1000, 1000), 'gone.png')).body;
    const kept = (await upload(projectId, SITE_MAPS, makePng(1000, 1000), 'kept.png')).body;
    const deleted = await destroy(projectId, map);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({ id: map.id });
    expect(await namesOf(projectId, SITE_MAPS)).toEqual(['kept.png']);
    expect((await download(map.GUID)).status).toBe(404);
    expect((await destroy(projectId, map)).status).toBe(404);
    // Another project's document is not this project's to delete.
    const other = await newProject('Deleting Other');
    expect((await destroy(other, kept)).status).toBe(404);
    expect(await namesOf(projectId, SITE_MAPS)).toEqual(['kept.png']);
  });

  it('refuses a Client User everything; an Inspector uploads but cannot delete a site map; a Regional Manager deletes all but site maps', async () => {
    const projectId = await newProject('Roles');
    const clientUser = await signInAs(await createTestUser('Client User', [NORTH]));
    // A Client User may not even begin an upload (create Uploads), nor record one.
    const begun = await call('/api/uploads', {
      method: 'POST',
      token: clientUser,
      divisionId: NORTH,
      body: { name: 'client.png', size: 100 },
    });
    expect(begun.status).toBe(403);
    const attempt = await call(`/api/projects/${projectId}/uploads`, {
      method: 'POST',
      token: clientUser,
      divisionId: NORTH,
      body: { upload: 'eyJrIjoiZnV6eiJ9.c2ln', project_doc_type_id: 'swmp' },
    });
    expect(attempt.status).toBe(403);
    const map = (await upload(projectId, SITE_MAPS, makePng(1000, 1000), 'map.png')).body;
    const swmp = (await upload(projectId, 'swmp', makePng(60, 60), 'swmp.png')).body;
    for (const response of [
      await sort(projectId, SITE_MAPS, map, 0, clientUser),
      await rename(map, 'Client name', clientUser),
      await destroy(projectId, map, clientUser),
    ])
      expect(response.status).toBe(403);

    const inspector = await tokenFor('inspector@example.com');
    const byInspector = await upload(projectId, 'swmp', makePng(60, 60), 'inspector.png', { as: inspector });
    expect(byInspector.status, JSON.stringify(byInspector.body)).toBe(201);
    expect((await destroy(projectId, map, inspector)).status).toBe(403);

    const regional = await signInAs(await createTestUser('Regional Manager', [NORTH]));
    const refused = await destroy(projectId, map, regional);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Your role does not allow deleting an active site map' });
    expect((await destroy(projectId, swmp, regional)).status).toBe(200);
    expect(await namesOf(projectId, SITE_MAPS)).toEqual(['map.png']);
    expect(await namesOf(projectId, 'swmp')).toEqual(['inspector.png']);
  });

  it('an archived project is read-only: nothing uploads, moves, changes or goes', async () => {
    const projectId = await newProject('Archived');
    const a = (await upload(projectId, 'swmp', makePng(60, 60), 'a.png')).body;
    const b = (await upload(projectId, 'swmp', makePng(60, 60), 'b.png')).body;
    const archive = `/api/divisions/${NORTH}/projects/archive/${projectId}`;
    expect((await call(archive, { method: 'POST', token: admin, divisionId: NORTH })).status).toBe(200);
    const archived = 'This project is archived and can no longer be changed.';
    for (const response of [
      await upload(projectId, 'swmp', makePng(60, 60), 'c.png'),
      await sort(projectId, 'swmp', b, 0),
      await rename(a, 'Renamed'),
      await replace(a, makePng(60, 60), 'new.png'),
      await destroy(projectId, a),
    ]) {
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ message: archived });
    }
    expect(await namesOf(projectId, 'swmp')).toEqual(['a.png', 'b.png']);
    expect((await documentsOf(projectId, 'swmp'))[0]!.version).toBe(0);
  });

  it('the public account reads a published project’s documents and changes none of them', async () => {
    const projectId = await newProject('Published');
    const doc = (await upload(projectId, 'swmp', makePng(60, 60), 'public.png')).body;
    expect(
      (await call(`/api/projects/${projectId}/public`, { method: 'PUT', token: admin, divisionId: NORTH }))
        .status,
    ).toBe(200);
    const publicToken = await tokenFor('public@example.com');
    expect(await namesOf(projectId, 'swmp', publicToken)).toEqual(['public.png']);
    expect((await download(doc.GUID, publicToken)).status).toBe(302);
    const begun = await call('/api/uploads', {
      method: 'POST',
      token: publicToken,
      divisionId: NORTH,
      body: { name: 'public.png', size: 100 },
    });
    expect(begun.status).toBe(403);
    for (const response of [
      await call(`/api/projects/${projectId}/uploads`, {
        method: 'POST',
        token: publicToken,
        divisionId: NORTH,
        body: { upload: 'eyJrIjoiZnV6eiJ9.c2ln', project_doc_type_id: 'swmp' },
      }),
      await sort(projectId, 'swmp', doc, 0, publicToken),
      await rename(doc, 'Public rename', publicToken),
      await call(`/api/uploads/${doc.GUID}`, {
        method: 'PUT',
        token: publicToken,
        divisionId: NORTH,
        body: { upload: 'eyJrIjoiZnV6eiJ9.c2ln', version: 0 },
      }),
      await destroy(projectId, doc, publicToken),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: 'The public view is read-only' });
    }
    expect(await documentsOf(projectId, 'swmp')).toEqual([doc]);
  });

  it('a South user reaches no North project document: not read, sorted, renamed, replaced or deleted, and it stays', async () => {
    const projectId = await newProject('Tenancy');
    const png = makePng(1000, 1000);
    const doc = (await upload(projectId, SITE_MAPS, png, 'north-map.png')).body;
    const southAdmin = await signInAs(await createTestUser('Admin', [SOUTH]));
    expect(
      (await call(`/api/projects/${projectId}/docs`, { token: southAdmin, divisionId: SOUTH })).status,
    ).toBe(404);
    expect((await download(doc.GUID, southAdmin)).status).toBe(404);
    const southUpload = await send(makePng(1000, 1000), 'south.png', southAdmin, SOUTH);
    for (const response of [
      await sort(projectId, SITE_MAPS, doc, 0, southAdmin, SOUTH),
      await rename(doc, 'Taken', southAdmin, SOUTH),
      await call(`/api/uploads/${doc.GUID}`, {
        method: 'PUT',
        token: southAdmin,
        divisionId: SOUTH,
        body: { upload: southUpload, version: doc.version },
      }),
      await destroy(projectId, doc, southAdmin, SOUTH),
      await call(`/api/projects/${projectId}/uploads`, {
        method: 'POST',
        token: southAdmin,
        divisionId: SOUTH,
        body: { upload: southUpload, project_doc_type_id: SITE_MAPS },
      }),
    ]) {
      expect(response.status).toBe(404);
      expect(Object.keys(response.body as object)).toEqual(['message']);
    }
    // Named with North as its division, South's admin is refused the division itself.
    expect((await destroy(projectId, doc, southAdmin, NORTH)).status).toBe(403);
    expect(await documentsOf(projectId, SITE_MAPS)).toEqual([doc]);
    expect(Buffer.from((await download(doc.GUID)).bytes!).equals(Buffer.from(png))).toBe(true);
  });
});
