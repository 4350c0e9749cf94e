import { randomBytes } from 'node:crypto';
import { marshall } from '@aws-sdk/util-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createGroup } from '@stormline/data/regulations';
import { resetDeps } from '@stormline/functions/lib/deps';
import { handler } from '@stormline/functions/streams/notifications';
import { displayDate, localDate } from '@stormline/domain/local-date';
import { recordLateFindingsOfDivision } from '@stormline/functions/jobs/late-findings';
import { baseUrl, call, NORTH, tokenFor } from '../support/api';
import { eventually } from '../support/eventually';
import { answerInFull, signInspection } from '../support/inspection-walk';
import { lastMessageTo, linkToken, messagesTo } from '../support/outbox';
import { runtimeEnv } from '../support/runtime';
import { testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';

/**
 * Notifications raised by what happens (issue 11), through the table's stream: a project given
 * to an inspector, an inspection ready to sign, an inspection complete; each to the people it
 * concerns, by their channels (in the app, live over the WebSocket, by e-mail), once.
 */

const db = testTable();
const tag = randomBytes(3).toString('hex');
const ZONE = 'Europe/London';
const sockets: WebSocket[] = [];

let admin: string;
let inspector: { id: string; email: string; token: string };
let contact: { id: string; email: string; token: string };
let projectId: string;

const as =
  (token: string) =>
  <T>(path: string, method = 'GET', body?: unknown) =>
    call<T>(path, { method, token, divisionId: NORTH, ...(body === undefined ? {} : { body }) });

interface Listed {
  pageData: { title: string; content: string; link: string | null }[];
  unreadCount: number;
}
const notificationsOf = async (token: string) => (await as(token)<Listed>('/api/notifications')).body;

function listen(token: string): Promise<WebSocket> {
  const url = `${baseUrl().replace('http', 'ws')}/ws?token=${encodeURIComponent(token)}`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    sockets.push(ws);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

beforeAll(async () => {
  const env = runtimeEnv();
  for (const name of [
    'TABLE_NAME',
    'DYNAMODB_ENDPOINT',
    'AWS_REGION',
    'JWT_SECRET',
    'WEBSOCKET_CALLBACK_URL',
    'OUTBOX_DIR',
  ])
    process.env[name] = env[name];
  resetDeps();
  admin = await tokenFor('admin@example.com');
  const a = await createTestUser('Inspector', [NORTH], { lastName: `Notified ${tag}` });
  inspector = { ...a, token: await signInAs(a) };
  const c = await createTestUser('Client Manager', [NORTH], { lastName: `Contact ${tag}` });
  contact = { ...c, token: await signInAs(c) };
  await call(`/api/users/${inspector.id}/signature_authorization/agree`, {
    method: 'POST',
    token: inspector.token,
  });
  const client = await as(admin)<{ id: string }>('/api/clients', 'POST', {
    name: `Notified Client ${tag}`,
    address: { street_1: '7 Basin Rd', city: 'Leeds', country_id: 'england', zip: 'LS1 2AB' },
  });
  const group = await createGroup(db, NORTH, { name: `Notified regulations ${tag}` });
  const project = await as(admin)<{ id: string }>('/api/projects', 'POST', {
    client_id: client.body.id,
    inspection_template_id: 'routine-stormwater',
    name: `Notified Wharf ${tag}`,
    inspector_user_id: inspector.id,
    latitude: 53.79,
    longitude: -1.55,
    document_group_id: group.id,
    routine_interval: 7,
    timezone: ZONE,
    start_date: localDate(ZONE, new Date(Date.now() - 10 * 86_400_000)),
    next_inspection_date: localDate(ZONE, new Date()),
  });
  expect(project.status, JSON.stringify(project.body)).toBe(201);
  projectId = project.body.id;
  const added = await as(admin)(`/api/projects/${projectId}/contacts`, 'POST', { userIds: [contact.id] });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
});

afterAll(() => {
  for (const ws of sockets) ws.terminate();
  db.doc.destroy();
});

describe('notifications raised by events (issue 11)', () => {
  it('tells an inspector given a project, in the app and by e-mail', async () => {
    const listed = await eventually(
      () => notificationsOf(inspector.token),
      (n) => expect(n.pageData.map((x) => x.title)).toContain('Project Assigned'),
      15_000,
    );
    expect(listed.pageData.find((x) => x.title === 'Project Assigned')).toMatchObject({
      content: `You are now the inspector of Notified Wharf ${tag}.`,
      link: `/divisions/${NORTH}/projects/${projectId}/inspections`,
    });
    const mail = await eventually(
      () => messagesTo(inspector.email),
      (messages) => expect(messages.map((m) => m.subject)).toContain('Project Assigned'),
    );
    expect(mail.find((m) => m.subject === 'Project Assigned')!.text).toContain(
      `/divisions/${NORTH}/projects/${projectId}/inspections`,
    );
  });

  it('asks the inspector to sign a complete inspection, and tells the project’s contacts live when it is signed', async () => {
    const live = await listen(contact.token);
    const pushed = new Promise<{ type: string; notification: { title: string } }>((resolve) =>
      live.on('message', (data) => {
        const message = JSON.parse(data.toString()) as { type: string; notification: { title: string } };
        if (message.notification?.title === 'Inspection Complete') resolve(message);
      }),
    );
    // The one who starts an inspection is its inspector, and is asked to sign it.
    const created = await as(inspector.token)<{ id: string }>('/api/inspections', 'POST', {
      projectId,
      type: 'Routine',
    });
    await answerInFull(as(inspector.token), created.body.id);
    await eventually(
      () => notificationsOf(inspector.token),
      (n) => expect(n.pageData.map((x) => x.title)).toContain('Inspection Ready To Sign'),
      15_000,
    );
    const before = (await notificationsOf(contact.token)).unreadCount;
    await signInspection(as(inspector.token), created.body.id);
    const message = await pushed;
    expect(message.type).toBe('notification');
    const after = await notificationsOf(contact.token);
    expect(after.unreadCount).toBe(before + 1);
    expect(after.pageData[0]).toMatchObject({
      title: 'Inspection Complete',
      link: `/inspection/${created.body.id}`,
    });
    // The inspector who signed is not told of their own signature.
    expect((await notificationsOf(inspector.token)).pageData.map((x) => x.title)).not.toContain(
      'Inspection Complete',
    );
  });

  it('tells the inspector, not the signer, when someone else signs their inspection', async () => {
    const signer = await createTestUser('Admin', [NORTH], { lastName: `Signer ${tag}` });
    const signerToken = await signInAs(signer);
    await call(`/api/users/${signer.id}/signature_authorization/agree`, {
      method: 'POST',
      token: signerToken,
    });
    const created = await as(inspector.token)<{ id: string }>('/api/inspections', 'POST', {
      projectId,
      type: 'Post Storm',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await answerInFull(as(inspector.token), created.body.id);
    await signInspection(as(signerToken), created.body.id);
    const told = await eventually(
      () => notificationsOf(inspector.token),
      (n) =>
        expect(n.pageData.filter((x) => x.title === 'Inspection Complete').map((x) => x.link)).toContain(
          `/inspection/${created.body.id}`,
        ),
      15_000,
    );
    expect(told.pageData.length).toBeGreaterThan(0);
    expect((await notificationsOf(signerToken)).pageData.map((x) => x.title)).not.toContain(
      'Inspection Complete',
    );
  });

  it('tells the project’s team once when a finding stays open past 7 days', async () => {
    const types = await as(admin)<{ pageData: { id: string; code: string }[] }>(
      '/api/finding-types/by_template_id/routine-stormwater',
    );
    const inspection = await as(inspector.token)<{ id: string }>('/api/inspections', 'POST', {
      projectId,
      type: 'Post Storm',
    });
    const today = localDate(ZONE, new Date());
    const finding = await as(inspector.token)<{ id: string; number: number }>(
      `/api/inspections/${inspection.body.id}/findings`,
      'POST',
      {
        finding_type_id: types.body.pageData.find((t) => t.code === 'CA')!.id,
        location: 'Outfall 2',
        date_initiated: today,
      },
    );
    expect(finding.status, JSON.stringify(finding.body)).toBe(201);
    // The job as it will run nine days on, and again an hour later.
    const later = new Date(Date.now() + 9 * 86_400_000);
    expect(await recordLateFindingsOfDivision(db, NORTH, later)).toBeGreaterThanOrEqual(1);
    expect(await recordLateFindingsOfDivision(db, NORTH, new Date(later.getTime() + 3_600_000))).toBe(0);
    const listed = await eventually(
      () => notificationsOf(contact.token),
      (n) => expect(n.pageData.map((x) => x.title)).toContain('Findings Past Due'),
      15_000,
    );
    expect(listed.pageData.filter((x) => x.title === 'Findings Past Due')).toEqual([
      expect.objectContaining({
        content: `CA #${finding.body.number} of Notified Wharf ${tag}, initiated ${displayDate(today)}, is open longer than 7 days.`,
      }),
    ]);
  });

  it('tells whoever invited a user when the invitation is accepted', async () => {
    const inviter = await createTestUser('Admin', [NORTH], { lastName: `Inviter ${tag}` });
    const inviterToken = await signInAs(inviter);
    const email = `invitee-${tag}@example.com`;
    const invited = await call('/api/users', {
      method: 'POST',
      token: inviterToken,
      divisionId: NORTH,
      body: { emails: [email], roleId: 'inspector', divisionIds: [NORTH] },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const token = linkToken(await lastMessageTo(email), '/user/register/');
    const registered = await call('/api/register', {
      method: 'POST',
      body: {
        token,
        first_name: 'Nadia',
        last_name: `Newcomer ${tag}`,
        phone: '0113 496 0000',
        phone_ext: '',
        position: 'Field Inspector',
        password: 'Fresh-Passw0rd!',
        electronicSignatureAuthorization: true,
        dataPolicySignature: true,
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const listed = await eventually(
      () => notificationsOf(inviterToken),
      (n) => expect(n.pageData.map((x) => x.title)).toContain('Invitation Accepted'),
      15_000,
    );
    expect(listed.pageData.find((x) => x.title === 'Invitation Accepted')!.content).toBe(
      `Nadia Newcomer ${tag} accepted your invitation and can now sign in.`,
    );
  });

  it('delivers an event once however often the stream delivers it', async () => {
    const project = {
      type: 'Project',
      pk: `DIVISION#${NORTH}#PROJECT#${projectId}`,
      sk: 'PROJECT',
      id: projectId,
      divisionId: NORTH,
      name: `Notified Wharf ${tag}`,
    };
    const record = {
      eventName: 'MODIFY',
      dynamodb: {
        SequenceNumber: `9${Date.now()}`,
        OldImage: marshall({ ...project, inspector_user_id: null }),
        NewImage: marshall({ ...project, inspector_user_id: inspector.id }),
      },
    };
    const count = async () =>
      (await notificationsOf(inspector.token)).pageData.filter((x) => x.title === 'Project Assigned').length;
    const first = await count();
    expect(await handler({ Records: [record] })).toEqual({ batchItemFailures: [] });
    expect(await handler({ Records: [record, record] })).toEqual({ batchItemFailures: [] });
    expect(await count()).toBe(first + 1);
  });
});
