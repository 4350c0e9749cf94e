import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { createClient } from '@stormline/data/clients';
import { findingImageKey, listFindingImages, listProjectFindings } from '@stormline/data/findings';
import type { FindingImageRecord } from '@stormline/data/findings';
import { createProject, listProjects } from '@stormline/data/projects';
import { PRINT_PHOTO_MAX_SIDE } from '@stormline/domain/print-photos';
import { fileStoreOf } from '@stormline/functions/lib/file-store';
import type { FileStore } from '@stormline/functions/lib/file-store';
import { backfillProject } from '@stormline/functions/lib/print-copies-backfill';
import { handler as printCopies } from '@stormline/functions/streams/print-copies';
import { makeCameraJpeg } from '@stormline/local/camera-photos';
import { makePng } from '@stormline/local/seed/demo-files';
import { sampleClient, sampleProject } from '@stormline/local/sample-records';
import { call, NORTH, tokenFor } from '../support/api';
import { eventually } from '../support/eventually';
import { productDeps, runtimeEnv } from '../support/runtime';
import { storedItem, testTable } from '../support/table';
import { sendFile } from '../support/uploads';

/**
 * Issue 22: a finding photo is resized once to print resolution when it is stored, so reports
 * never embed a camera original. The copy is made from the table's stream after the upload route
 * answers (docs/decisions/0045), so these tests wait for it as the report would find it.
 */

const db = testTable();
afterAll(() => db.doc.destroy());

let admin: string;
let store: FileStore;
beforeAll(async () => {
  admin = await tokenFor('admin@example.com');
  const env = runtimeEnv();
  for (const name of ['S3_ENDPOINT', 'BUCKET_NAME']) process.env[name] = env[name];
  store = fileStoreOf(await productDeps());
});

async function findingOnNewSite(): Promise<string> {
  return (await findingAndSite()).findingId;
}

async function findingAndSite(): Promise<{ findingId: string; projectId: string }> {
  const client = await createClient(db, NORTH, sampleClient(`Photo client ${randomUUID().slice(0, 6)}`));
  const site = await createProject(
    db,
    sampleProject({
      divisionId: NORTH,
      client_id: client.id,
      name: `Photo site ${randomUUID().slice(0, 6)}`,
      inspection_template_id: 'routine-stormwater',
    }),
  );
  const inspection = await call<{ id: string }>('/api/inspections', {
    method: 'POST',
    token: admin,
    divisionId: NORTH,
    body: { projectId: site.id, type: 'Routine' },
  });
  expect(inspection.status, JSON.stringify(inspection.body)).toBe(201);
  const finding = await call<{ id: string }>(`/api/inspections/${inspection.body.id}/findings`, {
    method: 'POST',
    token: admin,
    divisionId: NORTH,
    body: { finding_type_id: 'ca', location: 'Silt fence at the north gate', date_initiated: '2026-03-02' },
  });
  expect(finding.status, JSON.stringify(finding.body)).toBe(201);
  return { findingId: finding.body.id, projectId: site.id };
}

/** Stores photos on a finding through the routes, as the SPA does: answers their records' ids. */
async function storePhotos(findingId: string, photos: { bytes: Uint8Array; name: string }[]) {
  const uploads = [];
  for (const photo of photos)
    uploads.push({
      upload: (await sendFile(photo.bytes, photo.name, { token: admin })).upload,
      thumbnail: (await sendFile(makePng(200, 150), `thumbnail-${photo.name}.png`, { token: admin })).upload,
    });
  const recorded = await call<{ images: { id: string; name: string }[] }>(
    `/api/findings/${findingId}/uploads`,
    {
      method: 'POST',
      token: admin,
      divisionId: NORTH,
      body: { uploads },
    },
  );
  expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
  return recorded.body.images.map((image) => image.id);
}

const stored = (findingId: string, imageId: string) =>
  storedItem(db, findingImageKey(NORTH, findingId, imageId)) as Promise<FindingImageRecord | undefined>;

async function readObject(key: string): Promise<Uint8Array> {
  const size = await store.size(key);
  expect(size, `no object under ${key}`).not.toBeNull();
  return store.readRange(key, 0, size! - 1);
}

/**
 * Bytes that sniff as a JPEG and carry a size (so the upload route records them), but whose image
 * data is noise: a camera's file cut and patched by a broken transfer.
 */
async function corruptJpeg(): Promise<Uint8Array> {
  const real = Buffer.from(await makeCameraJpeg({ width: 640, height: 480, seed: 7 }));
  const scan = real.indexOf(Buffer.from([0xff, 0xda]));
  const noise = Buffer.from(Array.from({ length: 20_000 }, (_, i) => (i * 97 + 13) & 0xfe));
  return new Uint8Array(Buffer.concat([real.subarray(0, scan + 20), noise, Buffer.from([0xff, 0xd9])]));
}

describe('finding photos get a print copy when they are stored', () => {
  it('a 12-megapixel camera photo held upright is printed from an upright copy of at most 1400 px, far smaller', async () => {
    // Stored as the sensor read it (3000 wide, 4000 high) with EXIF orientation 6: a viewer turns
    // it a quarter to show a landscape 4000 x 3000 photo.
    const original = await makeCameraJpeg({ width: 3000, height: 4000, orientation: 6, seed: 22 });
    expect(original.byteLength).toBeGreaterThan(3_000_000);
    const findingId = await findingOnNewSite();
    const [imageId] = await storePhotos(findingId, [{ bytes: original, name: 'north-gate.jpg' }]);

    const image = await eventually(
      () => stored(findingId, imageId!),
      (item) => expect(item?.printKey).toBeTruthy(),
      30_000,
    );
    const copy = await readObject(image!.printKey!);
    const seen = await sharp(copy).metadata();
    expect(seen.format).toBe('jpeg');
    expect(Math.max(seen.width, seen.height)).toBe(PRINT_PHOTO_MAX_SIDE);
    // Upright: the landscape the camera meant, with no orientation tag left for a viewer to apply twice.
    expect(seen.width).toBeGreaterThan(seen.height);
    expect({ width: seen.width, height: seen.height }).toEqual({ width: 1400, height: 1050 });
    expect(seen.orientation).toBeUndefined();
    expect(seen.exif).toBeUndefined();
    expect(copy.byteLength).toBeLessThan(original.byteLength / 5);
    // The original is kept as it was, and the person's own turn stays theirs to apply at print time.
    expect((await readObject(image!.objectKey)).byteLength).toBe(original.byteLength);
    expect(image!.rotation).toBe(0);
  });

  it('a photo that sniffs as a JPEG but does not decode keeps no print copy, and the next photo still gets one', async () => {
    const findingId = await findingOnNewSite();
    const [brokenId, wholeId] = await storePhotos(findingId, [
      { bytes: await corruptJpeg(), name: 'broken.jpg' },
      { bytes: await makeCameraJpeg({ width: 1200, height: 900, seed: 5 }), name: 'whole.jpg' },
    ]);
    // The stream delivers one transaction's photos in order: once the second has its copy, the
    // first was handled.
    await eventually(
      () => stored(findingId, wholeId!),
      (item) => expect(item?.printKey).toBeTruthy(),
      30_000,
    );
    const broken = await stored(findingId, brokenId!);
    expect(broken?.printKey).toBeUndefined();
    expect(await store.size(`${broken!.objectKey}-print`)).toBeNull();
    // The finding still shows both photos.
    const detail = await call<{ images: { name: string }[] }>(`/api/findings/${findingId}`, {
      token: admin,
      divisionId: NORTH,
    });
    expect(detail.status).toBe(200);
    expect(JSON.stringify(detail.body)).toContain('broken.jpg');
  });

  it('the stream handler takes an undecodable photo as done (logged, not retried for ever)', async () => {
    const findingId = await findingOnNewSite();
    const [brokenId] = await storePhotos(findingId, [
      { bytes: await corruptJpeg(), name: 'broken-again.jpg' },
    ]);
    const item = await storedItem(db, findingImageKey(NORTH, findingId, brokenId!));
    const result = await printCopies({
      Records: [
        {
          eventName: 'INSERT',
          dynamodb: { NewImage: marshall(item!, { removeUndefinedValues: true }), SequenceNumber: '1' },
        },
      ],
    });
    expect(result).toEqual({ batchItemFailures: [] });
    expect((await stored(findingId, brokenId!))?.printKey).toBeUndefined();
  });

  it("a removed photo's print copy is removed with it", async () => {
    const findingId = await findingOnNewSite();
    const [imageId] = await storePhotos(findingId, [
      { bytes: await makeCameraJpeg({ width: 2000, height: 1500, seed: 9 }), name: 'gone.jpg' },
    ]);
    const image = await eventually(
      () => stored(findingId, imageId!),
      (item) => expect(item?.printKey).toBeTruthy(),
      30_000,
    );
    const removed = await call(`/api/findings/${findingId}/uploads/${imageId}`, {
      method: 'DELETE',
      token: admin,
      divisionId: NORTH,
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    await eventually(
      () => store.size(image!.printKey!),
      (size) => expect(size).toBeNull(),
      30_000,
    );
  });

  it('a photo stored before print copies existed gets its copy from the backfill, once', async () => {
    const { findingId, projectId } = await findingAndSite();
    const [imageId] = await storePhotos(findingId, [
      { bytes: await makeCameraJpeg({ width: 2000, height: 1500, seed: 11 }), name: 'older.jpg' },
    ]);
    const copied = await eventually(
      () => stored(findingId, imageId!),
      (item) => expect(item?.printKey).toBeTruthy(),
      30_000,
    );
    // As a version from before print copies left it: no printKey and no copy (a change in place,
    // which the stream handler leaves alone).
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: findingImageKey(NORTH, findingId, imageId!),
        UpdateExpression: 'REMOVE printKey',
      }),
    );
    await store.remove(copied!.printKey!);

    expect(await backfillProject({ db }, NORTH, projectId)).toEqual({ photos: 1, made: 1, unprintable: 0 });
    const item = await stored(findingId, imageId!);
    expect(item?.printKey).toBe(copied!.printKey);
    const seen = await sharp(await readObject(item!.printKey!)).metadata();
    expect({ width: seen.width, height: seen.height }).toEqual({ width: PRINT_PHOTO_MAX_SIDE, height: 1050 });
    // Run again (a stopped backfill started over): nothing is made twice.
    expect(await backfillProject({ db }, NORTH, projectId)).toEqual({ photos: 1, made: 0, unprintable: 0 });
  });

  it("the seeded demo's finding photos have print copies", async () => {
    const projects = await listProjects(db, NORTH, 'ACTIVE', { pageSize: 100 });
    const photos: FindingImageRecord[] = [];
    for (const project of projects.items) {
      const findings = await listProjectFindings(db, NORTH, project.id, { pageSize: 100 });
      for (const finding of findings.items) photos.push(...(await listFindingImages(db, NORTH, finding.id)));
      if (photos.length >= 4) break;
    }
    expect(photos.length).toBeGreaterThan(0);
    for (const photo of photos) {
      const item = await eventually(
        () => stored(photo.findingId, photo.id),
        (stored) => expect(stored?.printKey).toBeTruthy(),
        30_000,
      );
      const seen = await sharp(await readObject(item!.printKey!)).metadata();
      expect(seen.format).toBe('jpeg');
      expect(Math.max(seen.width, seen.height)).toBeLessThanOrEqual(PRINT_PHOTO_MAX_SIDE);
    }
  });
});
