import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, NORTH, SOUTH, tokenFor } from '../support/api';
import { createTestUser, signInAs } from '../support/users';

/**
 * GET /api/projects/{id}/docs (spec 002 §7; their editing: project-documents.test.ts): the demo projects' documents by type, downloaded through /dl/{GUID} with their bytes, to
 * those who see the project only: not another division, not a client-side role without access,
 * and the public account only once the project is published.
 */

interface Docs {
  docTypes: {
    id: string;
    name: string;
    documents: { GUID: string; name: string; mime_type: string; size: number }[];
    nextCursor: string | null;
  }[];
}

let admin: string;
let projectId: string;

const as = <T>(token: string, path: string, method = 'GET', divisionId = NORTH) =>
  call<T>(path, { method, token, divisionId });

/** Opens /dl/{GUID} through a download link, as the browser does, and reads the file. */
async function download(guid: string, token: string) {
  const link = await call<{ url: string }>('/api/download-links', {
    method: 'POST',
    token,
    body: { path: `/dl/${guid}` },
  });
  const redirect = await fetch(`${baseUrl()}${link.body.url}`, { redirect: 'manual' });
  if (redirect.status !== 302) return { status: redirect.status, bytes: null };
  const file = await fetch(redirect.headers.get('location')!);
  return { status: 302, bytes: new Uint8Array(await file.arrayBuffer()) };
}

beforeAll(async () => {
  admin = await tokenFor('admin@example.com');
  const list = await as<{ pageData: { id: string; name: string }[] }>(
    admin,
    `/api/divisions/${NORTH}/projects?s=clyde`,
  );
  projectId = list.body.pageData[0]!.id;
});

afterAll(async () => {
  await as(admin, `/api/projects/${projectId}/public`, 'DELETE');
});

describe('project documents', () => {
  it('lists the site map and the other kept types, and downloads a PDF with its bytes', async () => {
    const docs = await as<Docs>(admin, `/api/projects/${projectId}/docs`);
    expect(docs.status, JSON.stringify(docs.body)).toBe(200);
    expect(docs.body.docTypes.map((t) => t.name)).toEqual([
      'Active Site Maps',
      'SWMP',
      'Permits',
      'Inspection Reports',
      'Appendix: Soil reports',
    ]);
    const siteMap = docs.body.docTypes[0]!.documents[0]!;
    expect(siteMap).toMatchObject({
      mime_type: 'application/pdf',
      name: expect.stringMatching(/site map\.pdf$/),
    });
    expect(docs.body.docTypes[1]!.documents).toHaveLength(1);
    const file = await download(siteMap.GUID, admin);
    expect(file.status).toBe(302);
    expect(file.bytes!.byteLength).toBe(siteMap.size);
    expect(new TextDecoder().decode(file.bytes!.subarray(0, 5))).toBe('%PDF-');

    const one = await as<Docs>(admin, `/api/projects/${projectId}/docs?docTypeId=swmp`);
    expect(one.body.docTypes.map((t) => t.id)).toEqual(['swmp']);
    const unknown = await as<{ message: string }>(
      admin,
      `/api/projects/${projectId}/docs?docTypeId=site-photos`,
    );
    expect(unknown.status).toBe(400);
  });

  it('is not found from another division, nor for a client-side role the project was not given', async () => {
    const southAdmin = await signInAs(await createTestUser('Admin', [SOUTH]));
    expect((await as(southAdmin, `/api/projects/${projectId}/docs`, 'GET', SOUTH)).status).toBe(404);
    const clientUser = await signInAs(await createTestUser('Client User', [NORTH]));
    expect((await as(clientUser, `/api/projects/${projectId}/docs`)).status).toBe(404);
    const guid = (await as<Docs>(admin, `/api/projects/${projectId}/docs`)).body.docTypes[0]!.documents[0]!
      .GUID;
    expect((await download(guid, clientUser)).status).toBe(404);
    expect((await download(guid, southAdmin)).status).toBe(404);
  });

  it('cannot be renamed by a role without update Documents, and keeps its name', async () => {
    const doc = (await as<Docs>(admin, `/api/projects/${projectId}/docs`)).body.docTypes[0]!.documents[0]!;
    const regulator = await tokenFor('regulator@example.com');
    const rename = await call<{ message: string }>(`/api/uploads/${doc.GUID}/name`, {
      method: 'PUT',
      token: regulator,
      divisionId: NORTH,
      body: { name: 'Taken over.pdf', version: 0 },
    });
    expect(rename.status).toBe(403);
    const after = (await as<Docs>(admin, `/api/projects/${projectId}/docs`)).body.docTypes[0]!.documents[0]!;
    expect(after.name).toBe(doc.name);
  });

  it('reaches the public account only while the project is published', async () => {
    const publicToken = await tokenFor('public@example.com');
    expect((await as(publicToken, `/api/projects/${projectId}/docs`)).status).toBe(404);
    const guid = (await as<Docs>(admin, `/api/projects/${projectId}/docs`)).body.docTypes[0]!.documents[0]!
      .GUID;
    expect((await download(guid, publicToken)).status).toBe(404);
    expect((await as(admin, `/api/projects/${projectId}/public`, 'PUT')).status).toBe(200);
    const docs = await as<Docs>(publicToken, `/api/projects/${projectId}/docs`);
    expect(docs.status).toBe(200);
    expect((await download(guid, publicToken)).status).toBe(302);
  });
});
