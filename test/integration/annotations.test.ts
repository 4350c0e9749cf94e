import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyAnnotationChange } from '@stormline/data/annotations';
import { addDocument, documentKeys, groupOwnerStep, removeDocument } from '@stormline/data/documents';
import type { DocumentRecord } from '@stormline/data/documents';
import { createGroup } from '@stormline/data/regulations';
import { annotationElement, type XfdfAnnotation } from '@stormline/contract/xfdf';
import { parseXfdfDocument } from '@stormline/contract/xfdf-read';
import { call, NORTH, SOUTH, tokenFor } from '../support/api';
import { storedItem, testTable } from '../support/table';

/**
 * PDF annotations (docs/decisions/0039) over HTTP: the viewer's document detail says who may
 * annotate, and GET /api/xfdf answers a document's stored annotations to whoever may read it.
 */

const db = testTable();
afterAll(() => db.doc.destroy());

const square = (name: string, title: string): XfdfAnnotation => ({
  kind: 'square',
  name,
  page: 0,
  rect: [72, 600, 200, 700],
  title,
  date: '2026-01-02T03:04:05.000Z',
  color: '#E44234',
  interiorColor: null,
  opacity: 1,
  width: 2,
  contents: null,
  fontSize: null,
  start: null,
  end: null,
  vertices: null,
  gestures: null,
  coords: null,
});

async function groupDocument(divisionId: string, name: string): Promise<DocumentRecord> {
  const group = await createGroup(db, divisionId, { name: `${name} ${randomUUID()}` });
  const now = new Date();
  return addDocument(
    db,
    {
      id: randomUUID(),
      guid: randomUUID(),
      name: `${name}.pdf`,
      mimeType: 'application/pdf',
      size: 1000,
      width: null,
      height: null,
      objectKey: `files/annotations-test/${randomUUID()}`,
      owner: { kind: 'group', groupId: group.id },
      createdAt: now.toISOString(),
      createdBy: 'annotations-test',
    },
    groupOwnerStep(db, group.id, now),
  );
}

let northDoc: DocumentRecord;
let southDoc: DocumentRecord;

beforeAll(async () => {
  northDoc = await groupDocument(NORTH, 'North annotated permit');
  southDoc = await groupDocument(SOUTH, 'South annotated permit');
  const partition = documentKeys.ownerPartition(northDoc.owner);
  await applyAnnotationChange(
    db,
    partition,
    northDoc.id,
    {
      put: [
        {
          name: 'first',
          element: annotationElement(square('first', 'Avery Admin')),
          page: 0,
          title: 'Avery Admin',
        },
      ],
      remove: [],
    },
    { userId: 'annotations-test', now: new Date('2026-01-02T03:04:05Z') },
  );
});

describe('the document as the viewer opens it (GET /api/uploads/{GUID})', () => {
  it('tells an Admin and an Inspector they may annotate, a Client User not', async () => {
    const expectations = [
      ['admin@example.com', true],
      ['inspector@example.com', true],
      ['client.user@example.com', false],
    ] as const;
    for (const [email, annotate] of expectations) {
      const response = await call(`/api/uploads/${northDoc.guid}`, {
        token: await tokenFor(email),
        divisionId: NORTH,
      });
      expect(response.status, email).toBe(200);
      expect(response.body, email).toMatchObject({
        id: northDoc.id,
        GUID: northDoc.guid,
        name: 'North annotated permit.pdf',
        mime_type: 'application/pdf',
        owner: { kind: 'group', id: northDoc.owner.kind === 'group' ? northDoc.owner.groupId : '' },
        projectId: null,
        annotate,
        readOnlyReason: null,
      });
    }
  });

  it("answers 404 for another division's document, as /dl does", async () => {
    const response = await call(`/api/uploads/${southDoc.guid}`, {
      token: await tokenFor('admin@example.com'),
      divisionId: NORTH,
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Document not found' });
  });
});

describe("a document's annotations (GET /api/xfdf/{uploadId})", () => {
  it('answers the stored annotations as XFDF to an annotator and to a Client User who only reads', async () => {
    for (const email of ['inspector@example.com', 'client.user@example.com']) {
      const response = await call<{ uploadId: string; xfdf: string }>(`/api/xfdf/${northDoc.id}`, {
        token: await tokenFor(email),
        divisionId: NORTH,
      });
      expect(response.status, email).toBe(200);
      expect(response.body.uploadId).toBe(northDoc.id);
      expect(parseXfdfDocument(response.body.xfdf)).toEqual([square('first', 'Avery Admin')]);
    }
  });

  it('answers an empty file for a document without annotations', async () => {
    const fresh = await groupDocument(NORTH, 'North clean permit');
    const response = await call<{ xfdf: string }>(`/api/xfdf/${fresh.id}`, {
      token: await tokenFor('admin@example.com'),
      divisionId: NORTH,
    });
    expect(response.status).toBe(200);
    expect(parseXfdfDocument(response.body.xfdf)).toEqual([]);
  });

  it("refuses another division's document and a projectId the document is not of", async () => {
    const token = await tokenFor('admin@example.com');
    const foreign = await call(`/api/xfdf/${southDoc.id}`, { token, divisionId: NORTH });
    expect(foreign.status).toBe(404);
    const wrongProject = await call(`/api/xfdf/${northDoc.id}?projectId=${randomUUID()}`, {
      token,
      divisionId: NORTH,
    });
    expect(wrongProject.status).toBe(404);
  });

  it("forgets a document's annotations when the document is removed", async () => {
    const doc = await groupDocument(NORTH, 'North short-lived permit');
    const partition = documentKeys.ownerPartition(doc.owner);
    await applyAnnotationChange(
      db,
      partition,
      doc.id,
      {
        put: [{ name: 'gone', element: annotationElement(square('gone', 'A')), page: 0, title: 'A' }],
        remove: [],
      },
      { userId: 'annotations-test', now: new Date() },
    );
    const key = { pk: partition, sk: `XFDF#${doc.id}#gone` };
    expect(await storedItem(db, key)).toBeDefined();
    if (doc.owner.kind !== 'group') throw new Error('a group document');
    await removeDocument(db, doc.owner, doc.id, groupOwnerStep(db, doc.owner.groupId, new Date()));
    expect(await storedItem(db, key)).toBeUndefined();
  });
});
