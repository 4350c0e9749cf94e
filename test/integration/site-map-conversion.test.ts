import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PDFDocument } from 'pdf-lib';
import { documentKeys } from '@stormline/data/documents';
import type { DocumentRecord } from '@stormline/data/documents';
import { createDb } from '@stormline/data/dynamo';
import { markDocumentPagesDeleted, pageFileKeys, getConversion } from '@stormline/data/site-maps';
import {
  CONVERSION_MESSAGES,
  SITE_MAP_THUMBNAIL_MAX_HEIGHT,
  SITE_MAP_THUMBNAIL_WIDTH,
} from '@stormline/domain/site-maps';
import { baseUrl, call, NORTH, SOUTH, tokenFor } from '../support/api';
import { inspectedSite } from '../support/inspected-site';
import { runtimeEnv } from '../support/runtime';
import {
  makeCorruptPdf,
  makeEncryptedPdf,
  makePng,
  makeSiteMapPdf,
  pngSize,
  settledSiteMap,
  storeSiteMap,
  testFileStore,
} from '../support/site-maps';
import { channelMessages, openSocket, request } from '../support/sockets';
import { createTestUser, signInAs } from '../support/users';

/**
 * Spec 002 §3-§5, §7-§9 (issue 20): an Active Site Map document becomes page images with 450 px
 * thumbnails through the conversion state machine, run on this machine from the same ASL file as
 * in the cloud; a corrupt or encrypted PDF ends in error with its reason and leaves nothing behind.
 */

const env = runtimeEnv();
const db = createDb({ tableName: env.TABLE_NAME!, endpoint: env.DYNAMODB_ENDPOINT });
const store = testFileStore();
let admin: string;
let adminId: string;
let site: Awaited<ReturnType<typeof inspectedSite>>;

const convert = (token: string, uploadId: string, body?: unknown, divisionId = NORTH) =>
  call<{ status?: string; message?: string; completed?: number; total?: number }>(
    `/api/uploads/${uploadId}/convert`,
    { method: 'POST', token, divisionId, ...(body === undefined ? {} : { body }) },
  );

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

/** Every page item (PAGE#, THUMB#) stored under a document, of any conversion. */
async function pageItems(uploadId: string, divisionId = NORTH) {
  const { Items } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `DIVISION#${divisionId}#UPLOAD#${uploadId}` },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).filter((i) => /^(PAGE|THUMB)#/.test(i.sk as string));
}

/** The document's file replaced by `bytes` (as the replace route leaves it: a new object key). */
async function replaceFile(doc: DocumentRecord, bytes: Uint8Array) {
  const objectKey = `files/${doc.id}/${crypto.randomUUID()}`;
  await store.put(objectKey, bytes, doc.mimeType);
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: documentKeys.upload(doc.owner, doc.id),
      UpdateExpression: 'SET objectKey = :key, size = :size',
      ExpressionAttributeValues: { ':key': objectKey, ':size': bytes.byteLength },
    }),
  );
}

/** A PDF of one page `width` x `height` points (pdf-lib). */
async function pdfOfPage(width: number, height: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([width, height]).drawRectangle({ x: 0, y: 0, width, height: height / 2 });
  return pdf.save();
}

beforeAll(async () => {
  admin = await tokenFor('admin@example.com');
  const profile = await call<{ id: string }>('/api/profile', { token: admin, divisionId: NORTH });
  adminId = profile.body.id;
  site = await inspectedSite(db, NORTH, {
    clientName: 'Conversion Client',
    projectName: 'Conversion Yard',
    location: 'North gate',
    createdBy: adminId,
  });
});

const sockets: { terminate(): void }[] = [];
afterAll(() => {
  for (const ws of sockets) ws.terminate();
  db.doc.destroy();
});

describe('site map conversion', () => {
  it('converts a 2-page PDF into 2 page images with 450 px thumbnails, downloadable by GUID', async () => {
    const doc = await storeSiteMap(
      db,
      store,
      { projectId: site.project.id, createdBy: adminId },
      { name: 'Two sheets.pdf', bytes: await makeSiteMapPdf('Two sheets', 2), mimeType: 'application/pdf' },
    );
    const started = await convert(admin, doc.id, {
      model: 'project_uploads',
      attributes: { project_id: site.project.id, project_doc_type_id: 'active-site-maps' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.status).toBe('queued');

    const row = await settledSiteMap(admin, site.project.id, doc.id);
    expect(row.conversion).toMatchObject({ status: 'done', completed: 2, total: 2, message: null });
    expect(row.pages.map((p) => p.page)).toEqual([1, 2]);
    for (const page of row.pages) {
      expect(page.thumbnail.width).toBe(SITE_MAP_THUMBNAIL_WIDTH);
      // A3 landscape with its long side near 4000 px.
      expect(page.width).toBe(4000);
      expect(page.height).toBeGreaterThan(2800);
      const thumbnail = await fetch(page.thumbnail.url);
      expect(pngSize(new Uint8Array(await thumbnail.arrayBuffer())).width).toBe(SITE_MAP_THUMBNAIL_WIDTH);
    }
    const image = await download(row.pages[0]!.GUID, admin);
    expect(image.status).toBe(302);
    expect(pngSize(image.bytes!)).toEqual({ width: row.pages[0]!.width, height: row.pages[0]!.height });
    const thumb = await download(row.pages[1]!.thumbnail.GUID, admin);
    expect(pngSize(thumb.bytes!).width).toBe(SITE_MAP_THUMBNAIL_WIDTH);

    // The inspection's Map tab lists them while the inspection is open.
    const forInspection = await call<{ pageData: { GUID: string; name: string }[] }>(
      `/api/projects/${site.project.id}/inspections/${site.inspection.id}/uploads`,
      { token: admin, divisionId: NORTH },
    );
    expect(forInspection.status).toBe(200);
    expect(forInspection.body.pageData.filter((p) => p.name === 'Two sheets.pdf').map((p) => p.GUID)).toEqual(
      row.pages.map((p) => p.GUID),
    );

    // Converting the same file again is refused: nothing would change but more page files.
    const same = await convert(admin, doc.id);
    expect(same.status).toBe(409);
    expect(same.body.message).toBe(CONVERSION_MESSAGES.alreadyConverted);

    // A new file converts again: the new pages replace the old once done; a second run meanwhile is refused.
    await replaceFile(doc, await makeSiteMapPdf('Two sheets, revised', 2));
    const again = await convert(admin, doc.id);
    expect(again.status).toBe(202);
    const twice = await convert(admin, doc.id);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(CONVERSION_MESSAGES.running);
    const redone = await settledSiteMap(admin, site.project.id, doc.id);
    expect(redone.conversion?.status).toBe('done');
    expect(redone.pages).toHaveLength(2);
    expect(redone.pages.map((p) => p.GUID)).not.toEqual(row.pages.map((p) => p.GUID));

    // Removed: the inspection that was open when the pages were listed still shows them.
    await markDocumentPagesDeleted(db, NORTH, doc.id, new Date());
    const kept = await call<{ pageData: { GUID: string; deletedAt: string | null }[] }>(
      `/api/projects/${site.project.id}/inspections/${site.inspection.id}/uploads`,
      { token: admin, divisionId: NORTH },
    );
    const redoneGuids = redone.pages.map((p) => p.GUID);
    expect(kept.body.pageData.filter((p) => redoneGuids.includes(p.GUID)).every((p) => p.deletedAt)).toBe(
      true,
    );
  });

  it('gives an image site map one page: the image itself, with its thumbnail', async () => {
    const doc = await storeSiteMap(
      db,
      store,
      { projectId: site.project.id, createdBy: adminId },
      { name: 'Aerial.png', bytes: makePng(1200, 1000), mimeType: 'image/png', width: 1200, height: 1000 },
    );
    expect((await convert(admin, doc.id)).status).toBe(202);
    const row = await settledSiteMap(admin, site.project.id, doc.id);
    expect(row.conversion?.status).toBe('done');
    expect(row.pages).toHaveLength(1);
    expect(row.pages[0]).toMatchObject({ width: 1200, height: 1000 });
    expect(row.pages[0]!.thumbnail).toMatchObject({ width: 450, height: 375 });
  });

  it.each([
    ['a corrupt PDF', 'Broken.pdf', () => Promise.resolve(makeCorruptPdf()), CONVERSION_MESSAGES.corrupt],
    ['an encrypted PDF', 'Locked.pdf', makeEncryptedPdf, CONVERSION_MESSAGES.encrypted],
  ])(
    'ends %s in error with its reason, leaving no page items and no page files',
    async (_what, name, make, message) => {
      const doc = await storeSiteMap(
        db,
        store,
        { projectId: site.project.id, createdBy: adminId },
        { name, bytes: await make(), mimeType: 'application/pdf' },
      );
      expect((await convert(admin, doc.id)).status).toBe(202);
      const row = await settledSiteMap(admin, site.project.id, doc.id);
      expect(row.conversion).toMatchObject({ status: 'error', message });
      expect(row.pages).toEqual([]);
      expect(await pageItems(doc.id)).toEqual([]);
      const conversion = await getConversion(db, NORTH, doc.id);
      const files = pageFileKeys(doc.id, conversion!.conversionId, 1);
      expect(await store.size(files.image)).toBeNull();
      expect(await store.size(files.thumbnail)).toBeNull();
    },
  );

  it('refuses a strip of a page at validation and fits a tall page’s thumbnail in 450 x 900 (review 20 #2)', async () => {
    // The probe: 20 x 14400 pt made a 450 x 324000 px thumbnail (~580 MB decoded).
    const strip = await storeSiteMap(
      db,
      store,
      { projectId: site.project.id, createdBy: adminId },
      { name: 'Strip.pdf', bytes: await pdfOfPage(20, 14400), mimeType: 'application/pdf' },
    );
    expect((await convert(admin, strip.id)).status).toBe(202);
    const refused = await settledSiteMap(admin, site.project.id, strip.id);
    expect(refused.conversion).toMatchObject({ status: 'error', message: CONVERSION_MESSAGES.oddShape });
    expect(refused.pages).toEqual([]);
    expect(await pageItems(strip.id)).toEqual([]);

    // A tall page within the ratio: its thumbnail is cut to the box's height, not 450 wide.
    const tall = await storeSiteMap(
      db,
      store,
      { projectId: site.project.id, createdBy: adminId },
      { name: 'Tall.pdf', bytes: await pdfOfPage(400, 4000), mimeType: 'application/pdf' },
    );
    expect((await convert(admin, tall.id)).status).toBe(202);
    const row = await settledSiteMap(admin, site.project.id, tall.id);
    expect(row.conversion?.status).toBe('done');
    expect(row.pages[0]!.thumbnail).toMatchObject({ width: 90, height: SITE_MAP_THUMBNAIL_MAX_HEIGHT });
    expect(row.pages[0]).toMatchObject({ width: 400, height: 4000 });
  });

  it('is refused for a document that is not a site map, a Client User, the public account and another division', async () => {
    const doc = await storeSiteMap(
      db,
      store,
      { projectId: site.project.id, createdBy: adminId },
      { name: 'Refused.pdf', bytes: await makeSiteMapPdf('Refused', 1), mimeType: 'application/pdf' },
    );
    const clientUser = await signInAs(await createTestUser('Client User', [NORTH]));
    expect((await convert(clientUser, doc.id)).status).toBe(403);
    const publicToken = await tokenFor('public@example.com');
    expect((await convert(publicToken, doc.id)).status).toBe(403);
    const southAdmin = await signInAs(await createTestUser('Admin', [SOUTH]));
    expect((await convert(southAdmin, doc.id, undefined, SOUTH)).status).toBe(404);
    expect(
      (await call(`/api/projects/${site.project.id}/site-maps`, { token: southAdmin, divisionId: SOUTH }))
        .status,
    ).toBe(404);
    const swmp = await storeSiteMap(
      db,
      store,
      { projectId: site.project.id, createdBy: adminId, docTypeId: 'swmp' },
      { name: 'Plan.pdf', bytes: await makeSiteMapPdf('Plan', 1), mimeType: 'application/pdf' },
    );
    const notSiteMap = await convert(admin, swmp.id);
    expect(notSiteMap.status).toBe(400);
    expect(notSiteMap.body.message).toBe(CONVERSION_MESSAGES.notSiteMap);
    const bad = await convert(admin, doc.id, { model: 'drop table', extra: true });
    expect(bad.status).toBe(400);
    expect(await getConversion(db, NORTH, doc.id)).toBeNull();
  });

  it("pushes queued, converting n of m and done on the document's channel to a subscriber who started it over the socket", async () => {
    const doc = await storeSiteMap(
      db,
      store,
      { projectId: site.project.id, createdBy: adminId },
      { name: 'Live.pdf', bytes: await makeSiteMapPdf('Live', 2), mimeType: 'application/pdf' },
    );
    const channel = `status:convert:pdf:png:${doc.id}`;
    const ws = await openSocket(admin);
    sockets.push(ws);
    const received = channelMessages(ws, channel);
    expect(await request(ws, { action: 'subscribe', channel, divisionId: NORTH })).toMatchObject({
      ok: true,
    });
    const started = await request(ws, {
      action: 'convert:pdf:png',
      divisionId: NORTH,
      uploadId: doc.id,
      model: 'project_uploads',
      attributes: {},
    });
    expect(started).toMatchObject({ ok: true, result: { status: 'queued', uploadId: doc.id } });
    await expect.poll(() => received.at(-1)?.status, { timeout: 60_000, interval: 100 }).toBe('done');
    const statuses = received.map((m) => `${m.status} ${m.completed}/${m.total}`);
    expect(statuses[0]).toBe('queued 0/0');
    expect(statuses).toContain('converting 0/2');
    expect(statuses).toContain('converting 2/2');
    expect(statuses.at(-1)).toBe('done 2/2');

    // A South user can neither subscribe to it nor start it over the socket.
    const south = await openSocket(await signInAs(await createTestUser('Admin', [SOUTH])));
    sockets.push(south);
    expect(await request(south, { action: 'subscribe', channel, divisionId: SOUTH })).toMatchObject({
      type: 'error',
      status: 404,
    });
    expect(
      await request(south, { action: 'convert:pdf:png', divisionId: SOUTH, uploadId: doc.id }),
    ).toMatchObject({ type: 'error', status: 404 });
    expect((await getConversion(db, NORTH, doc.id))?.status).toBe('done');
  });
});
