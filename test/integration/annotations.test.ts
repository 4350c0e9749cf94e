import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { applyAnnotationChange, readAnnotationStates } from '@stormline/data/annotations';
import { addDocument, documentKeys, groupOwnerStep, removeDocument } from '@stormline/data/documents';
import type { DocumentRecord } from '@stormline/data/documents';
import { createGroup } from '@stormline/data/regulations';
import { annotationElement, xfdfCommand, type XfdfAnnotation } from '@stormline/contract/xfdf';
import { parseXfdfDocument } from '@stormline/contract/xfdf-read';
import { call, NORTH, SOUTH, tokenFor } from '../support/api';
import { channelMessages, openSocket, request } from '../support/sockets';
import { storedItem, testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';

/**
 * PDF annotations (docs/decisions/0039) over HTTP: the viewer's document detail says who may
 * annotate, and GET /api/xfdf answers a document's stored annotations to whoever may read it.
 */

const db = testTable();
const sockets: WebSocket[] = [];
afterAll(() => {
  for (const ws of sockets) ws.terminate();
  db.doc.destroy();
});

async function socketOf(token: string): Promise<WebSocket> {
  const ws = await openSocket(token);
  sockets.push(ws);
  return ws;
}

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

  it('refuses (409) a change to an annotation changed since it was read, even to one of the same length', async () => {
    const doc = await groupDocument(NORTH, 'North contested permit');
    const partition = documentKeys.ownerPartition(doc.owner);
    const by = { userId: 'annotations-test', now: new Date() };
    const put = (color: string) => {
      const element = annotationElement({ ...square('contested', 'A'), color });
      return { put: [{ name: 'contested', element, page: 0, title: 'A' }], remove: [] };
    };
    await applyAnnotationChange(db, partition, doc.id, put('#E44234'), by);
    const read = await readAnnotationStates(db, partition, doc.id, ['contested']);
    // Someone else changes it in between: the same length, another colour.
    await applyAnnotationChange(db, partition, doc.id, put('#00AA00'), by);
    const late = applyAnnotationChange(db, partition, doc.id, put('#0000FF'), by, [], read);
    await expect(late).rejects.toMatchObject({
      status: 409,
      message: 'These annotations were changed by someone else. Reload the document and try again.',
    });
    const removal = applyAnnotationChange(
      db,
      partition,
      doc.id,
      { put: [], remove: ['contested'] },
      by,
      [],
      read,
    );
    await expect(removal).rejects.toMatchObject({ status: 409 });
    const kept = await storedItem(db, { pk: partition, sk: `XFDF#${doc.id}#contested` });
    expect(kept!.element).toContain('color="#00AA00"');
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

describe("annotation commands over the socket ('xfdf', spec 001 §3 and §7)", () => {
  const command = (uploadId: string, xfdfValue: string) => ({
    action: 'xfdf',
    divisionId: NORTH,
    isCommand: true,
    key: uploadId,
    xfdfValue,
    projectId: null,
    uploadId,
  });
  const adding = (...annotations: XfdfAnnotation[]) =>
    xfdfCommand({ add: annotations.map(annotationElement), modify: [], delete: [] });

  it("stores an Inspector's square, sends it to the Admin watching, not back to its author, and keeps it", async () => {
    const doc = await groupDocument(NORTH, 'North live permit');
    const channel = `xfdf:${doc.id}`;
    const inspectorUser = await createTestUser('Inspector', [NORTH], { lastName: 'Carter' });
    const inspector = await socketOf(await signInAs(inspectorUser));
    const admin = await socketOf(await tokenFor('admin@example.com'));
    const heardByAdmin = channelMessages(admin, channel);
    const heardByAuthor = channelMessages(inspector, channel);
    for (const ws of [inspector, admin])
      expect(await request(ws, { action: 'subscribe', channel, divisionId: NORTH })).toMatchObject({
        ok: true,
      });

    // The title sent is not trusted: the server stamps the author's own name.
    const reply = await request(inspector, command(doc.id, adding(square('live-1', 'Avery Admin'))));
    expect(reply).toMatchObject({ type: 'reply', action: 'xfdf', ok: true, result: { saved: true } });

    await expect.poll(() => heardByAdmin.length).toBe(1);
    const relayed = heardByAdmin[0]!.command as { xfdfValue: string; uploadId: string; isCommand: boolean };
    expect(relayed).toMatchObject({ isCommand: true, uploadId: doc.id });
    expect(relayed.xfdfValue).toContain('name="live-1"');
    expect(relayed.xfdfValue).toContain('title="Test Carter"');
    expect(relayed.xfdfValue).not.toContain('Avery Admin');
    // A reply to a later request comes after anything posted before it: the author heard nothing.
    await request(inspector, { action: 'subscribe', channel, divisionId: NORTH });
    expect(heardByAuthor).toEqual([]);

    const stored = await call<{ xfdf: string }>(`/api/xfdf/${doc.id}`, {
      token: await tokenFor('admin@example.com'),
      divisionId: NORTH,
    });
    expect(parseXfdfDocument(stored.body.xfdf).map((a) => [a.name, a.title])).toEqual([
      ['live-1', 'Test Carter'],
    ]);
    expect(
      await storedItem(db, { pk: documentKeys.ownerPartition(doc.owner), sk: `XFDF#${doc.id}#live-1` }),
    ).toMatchObject({ title: 'Test Carter', createdBy: inspectorUser.id, updatedBy: inspectorUser.id });
  });

  it('keeps the author when another user changes an annotation, recording who changed it', async () => {
    const doc = await groupDocument(NORTH, 'North shared permit');
    const author = await createTestUser('Inspector', [NORTH], { lastName: 'Author' });
    const ws = await socketOf(await signInAs(author));
    await request(ws, command(doc.id, adding(square('shared-1', 'Test Author'))));
    const admin = await socketOf(await tokenFor('admin@example.com'));
    const moved = { ...square('shared-1', 'Avery Admin'), rect: [80, 600, 210, 700] as const };
    const modify = xfdfCommand({ add: [], modify: [annotationElement(moved)], delete: [] });
    expect(await request(admin, command(doc.id, modify))).toMatchObject({
      ok: true,
      result: { saved: true },
    });
    const stored = await storedItem(db, {
      pk: documentKeys.ownerPartition(doc.owner),
      sk: `XFDF#${doc.id}#shared-1`,
    });
    expect(stored).toMatchObject({ title: 'Test Author', createdBy: author.id, version: 2 });
    expect(stored!.updatedBy).not.toBe(author.id);
    expect(stored!.element).toContain('rect="80,600,210,700"');
    expect(stored!.element).toContain('title="Test Author"');
  });

  it('answers 400, not a fault, for XML the parser refuses (constructor, __proto__), storing nothing', async () => {
    const doc = await groupDocument(NORTH, 'North hostile permit');
    const ws = await socketOf(await tokenFor('admin@example.com'));
    const element = annotationElement(square('hostile-1', 'Avery Admin'));
    for (const xml of [
      `<xfdf><add>${element.replace('<square ', '<square constructor="x" ')}</add></xfdf>`,
      `<xfdf><add>${element.replace('<square ', '<square __proto__="x" ')}</add></xfdf>`,
      `<xfdf><add><__proto__ page="0"/></add></xfdf>`,
    ]) {
      const reply = await request(ws, command(doc.id, xml));
      expect(reply, xml).toMatchObject({ type: 'error', action: 'xfdf', status: 400 });
      expect(reply.message).toBe('Unknown annotation action: the XFDF is not well-formed XML');
    }
    expect(
      await storedItem(db, { pk: documentKeys.ownerPartition(doc.owner), sk: `XFDF#${doc.id}#hostile-1` }),
    ).toBeUndefined();
  });

  it('saves only annotations with a title (spec 001 §5), and deletes by id', async () => {
    const doc = await groupDocument(NORTH, 'North titled permit');
    const ws = await socketOf(await tokenFor('admin@example.com'));
    await request(ws, command(doc.id, adding(square('titled', 'Avery Admin'), square('untitled', ''))));
    const read = async () =>
      parseXfdfDocument(
        (
          await call<{ xfdf: string }>(`/api/xfdf/${doc.id}`, {
            token: await tokenFor('admin@example.com'),
            divisionId: NORTH,
          })
        ).body.xfdf,
      ).map((a) => a.name);
    expect(await read()).toEqual(['titled']);
    const removal = xfdfCommand({ add: [], modify: [], delete: ['titled'] });
    expect(await request(ws, command(doc.id, removal))).toMatchObject({ ok: true, result: { saved: true } });
    expect(await read()).toEqual([]);
  });

  it('refuses an unknown annotation action, storing nothing', async () => {
    const doc = await groupDocument(NORTH, 'North refused permit');
    const ws = await socketOf(await tokenFor('admin@example.com'));
    const reply = await request(
      ws,
      command(doc.id, `<xfdf><replace>${annotationElement(square('x1', 'Avery Admin'))}</replace></xfdf>`),
    );
    expect(reply).toMatchObject({ type: 'error', action: 'xfdf', status: 400 });
    expect(reply.message).toMatch(/^Unknown annotation action/);
    const stamp = await request(
      ws,
      command(doc.id, '<xfdf><add><stamp page="0" rect="0,0,1,1" name="s1" title="A"/></add></xfdf>'),
    );
    expect(stamp).toMatchObject({ type: 'error', status: 400 });
    expect(
      await storedItem(db, { pk: documentKeys.ownerPartition(doc.owner), sk: `XFDF#${doc.id}#x1` }),
    ).toBeUndefined();
  });

  it('refuses a Client User, who may read the document but not annotate it', async () => {
    const ws = await socketOf(await tokenFor('client.user@example.com'));
    const channel = `xfdf:${northDoc.id}`;
    expect(await request(ws, { action: 'subscribe', channel, divisionId: NORTH })).toMatchObject({
      ok: true,
    });
    const reply = await request(ws, command(northDoc.id, adding(square('cu-1', 'Chris Lee'))));
    expect(reply).toMatchObject({
      type: 'error',
      status: 403,
      message: 'Your role does not allow all on Annotations',
    });
  });

  it('lets a South user neither annotate a North document nor hear its annotations', async () => {
    const ws = await socketOf(await tokenFor('south.inspector@example.com'));
    const channel = `xfdf:${northDoc.id}`;
    const subscribe = await request(ws, { action: 'subscribe', channel, divisionId: SOUTH });
    expect(subscribe).toMatchObject({ type: 'error', status: 404 });
    const reply = await request(ws, {
      ...command(northDoc.id, adding(square('south-1', 'Sam Okafor'))),
      divisionId: SOUTH,
    });
    expect(reply).toMatchObject({ type: 'error', status: 404, message: 'Document not found' });
    // Naming North, of which the user is no member, is refused before the document is looked at.
    const north = await request(ws, command(northDoc.id, adding(square('south-2', 'Sam Okafor'))));
    expect(north).toMatchObject({ type: 'error' });
    expect(
      await storedItem(db, {
        pk: documentKeys.ownerPartition(northDoc.owner),
        sk: `XFDF#${northDoc.id}#south-1`,
      }),
    ).toBeUndefined();
  });

  it('refuses the public account', async () => {
    const ws = await socketOf(await tokenFor('public@example.com'));
    const reply = await request(ws, command(northDoc.id, adding(square('pub-1', 'Public'))));
    expect(reply).toMatchObject({ type: 'error' });
    expect([403, 404]).toContain(reply.status);
  });
});
