import { randomBytes } from 'node:crypto';
import { marshall } from '@aws-sdk/util-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createGroup } from '@stormline/data/regulations';
import { resetDeps } from '@stormline/functions/lib/deps';
import { handler } from '@stormline/functions/streams/notifications';
import { addDays, displayDate, localDate } from '@stormline/domain/local-date';
import { recordInspectionsDueOfDivision } from '@stormline/functions/jobs/inspections-due';
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
 * to an inspector, an inspection ready to sign, complete, or waiting for its acknowledgement, a
 * finding gone late, a routine inspection due today; each to the people it concerns, by their
 * channels (in the app, live over the WebSocket, by e-mail), once.
 */

const db = testTable();
const tag = randomBytes(3).toString('hex');
const ZONE = 'Europe/London';
const sockets: WebSocket[] = [];

let admin: string;
let inspector: { id: string; email: string; token: string };
let contact: { id: string; email: string; token: string };
let projectId: string;
let clientId: string;
let groupId: string;

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
  clientId = client.body.id;
  groupId = (await createGroup(db, NORTH, { name: `Notified regulations ${tag}` })).id;
  projectId = await createProject(`Notified Wharf ${tag}`, inspector.id);
  const added = await as(admin)(`/api/projects/${projectId}/contacts`, 'POST', { userIds: [contact.id] });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
});

/** A project of this file's client, with the routine stormwater template (it has an acknowledgement). */
async function createProject(
  name: string,
  inspectorId: string,
  { timezone = ZONE, nextInspectionDate = localDate(ZONE, new Date()) } = {},
): Promise<string> {
  const project = await as(admin)<{ id: string }>('/api/projects', 'POST', {
    client_id: clientId,
    inspection_template_id: 'routine-stormwater',
    name,
    inspector_user_id: inspectorId,
    latitude: 53.79,
    longitude: -1.55,
    document_group_id: groupId,
    routine_interval: 7,
    timezone,
    start_date: localDate(timezone, new Date(Date.now() - 10 * 86_400_000)),
    next_inspection_date: nextInspectionDate,
  });
  expect(project.status, JSON.stringify(project.body)).toBe(201);
  return project.body.id;
}

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
    const complete = (n: Listed) => n.pageData.filter((x) => x.title === 'Inspection Complete');
    const before = await notificationsOf(contact.token);
    await signInspection(as(inspector.token), created.body.id);
    const message = await pushed;
    expect(message.type).toBe('notification');
    const after = await notificationsOf(contact.token);
    // The template has an acknowledgement, so Acknowledgement Required may have arrived as well.
    expect(after.unreadCount).toBeGreaterThanOrEqual(before.unreadCount + 1);
    expect(complete(after)).toHaveLength(complete(before).length + 1);
    expect(complete(after)[0]).toMatchObject({ link: `/inspection/${created.body.id}` });
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

  it('asks those of the team who may acknowledge, once, when an inspection is certified: not the signer, not a role that may not', async () => {
    // The inspector signs and may acknowledge (Client Inspector); the contacts: one who may
    // acknowledge (Client Manager), one who may not (BMP Contractor, spec 002 §6).
    const ci = await createTestUser('Client Inspector', [NORTH], { lastName: `Acknowledging ${tag}` });
    const ciToken = await signInAs(ci);
    await call(`/api/users/${ci.id}/signature_authorization/agree`, { method: 'POST', token: ciToken });
    const bmp = await createTestUser('BMP Contractor', [NORTH], { lastName: `Contractor ${tag}` });
    const bmpToken = await signInAs(bmp);
    const ackProjectId = await createProject(`Acknowledged Quay ${tag}`, ci.id);
    const added = await as(admin)(`/api/projects/${ackProjectId}/contacts`, 'POST', {
      userIds: [contact.id, bmp.id],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const created = await as(ciToken)<{ id: string; number: number }>('/api/inspections', 'POST', {
      projectId: ackProjectId,
      type: 'Routine',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await answerInFull(as(ciToken), created.body.id);
    await signInspection(as(ciToken), created.body.id);

    const link = `/inspection/${created.body.id}/certification`;
    const asked = (n: Listed) =>
      n.pageData.filter((x) => x.title === 'Acknowledgement Required' && x.link === link);
    const listed = await eventually(
      () => notificationsOf(contact.token),
      (n) => expect(asked(n)).toHaveLength(1),
      15_000,
    );
    expect(asked(listed)[0]!.content).toBe(
      `Inspection #${created.body.number} of Acknowledged Quay ${tag} was certified and waits for your acknowledgement.`,
    );
    const mail = await eventually(
      () => messagesTo(contact.email),
      (messages) =>
        expect(
          messages.filter((m) => m.subject === 'Acknowledgement Required').map((m) => m.text),
        ).toContainEqual(expect.stringContaining(link)),
    );
    expect(mail.length).toBeGreaterThan(0);
    // The BMP Contractor hears the inspection is complete, but is not asked to acknowledge it; the
    // one who signed is asked nothing.
    await eventually(
      () => notificationsOf(bmpToken),
      (n) => expect(n.pageData.map((x) => x.title)).toContain('Inspection Complete'),
      15_000,
    );
    expect(asked(await notificationsOf(bmpToken))).toEqual([]);
    expect(asked(await notificationsOf(ciToken))).toEqual([]);

    // Reopened and certified again, the stream shows the same change at a new position: the
    // acknowledgement is asked for once per inspection.
    const inspection = {
      type: 'Inspection',
      pk: `DIVISION#${NORTH}#INSPECTION#${created.body.id}`,
      sk: 'INSPECTION',
      id: created.body.id,
      divisionId: NORTH,
      projectId: ackProjectId,
      number: created.body.number,
      status: 'complete',
      inspectorId: ci.id,
      has_acknowledgement: true,
      acknowledgement_date: null,
    };
    const again = {
      eventName: 'MODIFY',
      dynamodb: {
        SequenceNumber: `9${Date.now()}`,
        OldImage: marshall({ ...inspection, certification_date: null }),
        NewImage: marshall({
          ...inspection,
          certification_date: localDate(ZONE, new Date()),
          certifiedBy: ci.id,
        }),
      },
    };
    expect(await handler({ Records: [again] })).toEqual({ batchItemFailures: [] });
    expect(asked(await notificationsOf(contact.token))).toHaveLength(1);
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

  it('tells a project’s inspector once on the day its routine inspection is due, in the project’s time zone', async () => {
    // A date years ahead, of this run alone: the job, run for the whole division as it will run
    // then, finds only this project due (other files' projects are due near today).
    const dueDate = addDays(localDate(ZONE, new Date()), 3000 + (parseInt(tag, 16) % 3000));
    const name = `Due Basin ${tag}`;
    const dueProjectId = await createProject(name, inspector.id, { nextInspectionDate: dueDate });
    // The date begins at midnight on site (23:00 UTC the evening before in British Summer Time).
    let midnight = new Date(`${addDays(dueDate, -1)}T12:00:00Z`);
    while (localDate(ZONE, midnight) !== dueDate) midnight = new Date(midnight.getTime() + 3_600_000);
    const minutes = (n: number) => new Date(midnight.getTime() + n * 60_000);
    // A minute before, the evening before on site: not due yet.
    expect(await recordInspectionsDueOfDivision(db, NORTH, minutes(-1))).toBe(0);
    // From midnight on site: due today; an hour later, recorded already.
    expect(await recordInspectionsDueOfDivision(db, NORTH, minutes(1))).toBeGreaterThanOrEqual(1);
    expect(await recordInspectionsDueOfDivision(db, NORTH, minutes(61))).toBe(0);

    const content = `${name} is due for its routine inspection today, ${displayDate(dueDate)}.`;
    const listed = await eventually(
      () => notificationsOf(inspector.token),
      (n) => expect(n.pageData.map((x) => x.content)).toContain(content),
      15_000,
    );
    expect(listed.pageData.filter((x) => x.content === content)).toEqual([
      expect.objectContaining({
        title: 'Inspection Due',
        link: `/divisions/${NORTH}/projects/${dueProjectId}/inspections`,
      }),
    ]);
    const mail = await eventually(
      () => messagesTo(inspector.email),
      (messages) => expect(messages.map((m) => m.text)).toContainEqual(expect.stringContaining(content)),
    );
    expect(mail.find((m) => m.text.includes(content))!.subject).toBe('Inspection Due');
    // The project's contacts are not told: the inspector does the inspection.
    expect((await notificationsOf(contact.token)).pageData.map((x) => x.content)).not.toContain(content);
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
