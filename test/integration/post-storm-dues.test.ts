import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  listPostStormDuesOfProject,
  postStormKeys,
  recordPostStormDue,
} from '@stormline/data/post-storm-dues';
import { readUser, updateOwnProfile } from '@stormline/data/users';
import { rebuildProjectStatistics } from '@stormline/data/statistics-rebuild';
import { createGroup } from '@stormline/data/regulations';
import { localDate } from '@stormline/domain/local-date';
import { settlePostStormDuesOfDivision } from '@stormline/functions/jobs/post-storm-dues';
import { getDeps, resetDeps } from '@stormline/functions/lib/deps';
import { getInspection } from '@stormline/data/inspections';
import { getProjectInDivision } from '@stormline/data/projects';
import {
  inspectionParts,
  readInspectionContent,
} from '@stormline/functions/lib/reports/plans/inspection-content';
import { runtimeEnv } from '../support/runtime';
import { call, NORTH, SOUTH, tokenFor } from '../support/api';
import { eventually } from '../support/eventually';
import { answerInFull, signInspection } from '../support/inspection-walk';
import { messagesTo } from '../support/outbox';
import { testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';

/**
 * Post-storm dues from record to settled (issue 23, docs/decisions/0048), against the running
 * product: a due the rainfall job would record (recorded here directly) is announced once to the
 * project's team and to the managers who asked, by their channels; a post-storm inspection
 * settles it in time or late; the job marks it missed past its deadline; the compliance report
 * counts each; another division sees none of it.
 */

const db = testTable();
const tag = randomBytes(3).toString('hex');
const ZONE = 'Europe/London';
const HOUR = 3_600_000;
const TITLE = 'Post-Storm Inspection Due';

interface Person {
  id: string;
  email: string;
  token: string;
}

let admin: string;
let inspector: Person;
let contact: Person;
let manager: Person;
let quietManager: Person;
let southManager: Person;
let clientId: string;
let groupId: string;

const as =
  (token: string, divisionId = NORTH) =>
  <T>(path: string, method = 'GET', body?: unknown) =>
    call<T>(path, { method, token, divisionId, ...(body === undefined ? {} : { body }) });

interface Listed {
  pageData: { title: string; content: string; link: string | null }[];
}
const notificationsOf = async (token: string, divisionId = NORTH) =>
  (await as(token, divisionId)<Listed>('/api/notifications')).body.pageData;
const postStormNotices = async (person: Person, divisionId = NORTH) =>
  (await notificationsOf(person.token, divisionId)).filter((n) => n.title === TITLE);

async function person(role: Parameters<typeof createTestUser>[0], divisionId = NORTH): Promise<Person> {
  const user = await createTestUser(role, [divisionId], { lastName: `Storm ${tag}` });
  return { id: user.id, email: user.email, token: await signInAs(user) };
}

async function setChannels(who: Person, channels: string[]) {
  const saved = await call(`/api/users/${who.id}/notification-types/post-storm-due`, {
    method: 'PUT',
    token: who.token,
    body: { is_enabled: channels, default_email_message: null },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

async function createProject(name: string): Promise<string> {
  const project = await as(admin)<{ id: string }>('/api/projects', 'POST', {
    client_id: clientId,
    inspection_template_id: 'routine-stormwater',
    name,
    inspector_user_id: inspector.id,
    latitude: 53.79,
    longitude: -1.55,
    document_group_id: groupId,
    routine_interval: 7,
    timezone: ZONE,
    start_date: localDate(ZONE, new Date(Date.now() - 10 * 86_400_000)),
    next_inspection_date: localDate(ZONE, new Date(Date.now() + 3 * 86_400_000)),
  });
  expect(project.status, JSON.stringify(project.body)).toBe(201);
  return project.body.id;
}

/** The top of an hour `hoursAgo` hours back: storms are counted at the end of an hour. */
const hourAgo = (hoursAgo: number) => new Date(Math.floor(Date.now() / HOUR) * HOUR - hoursAgo * HOUR);

/** What the rainfall job records when 24 hours of rain reach 0.25 in (CGP 4.2.2). */
async function recordStorm(projectId: string, countedHoursAgo: number, amountInches = 0.31) {
  const countedAt = hourAgo(countedHoursAgo);
  const due = {
    divisionId: NORTH,
    projectId,
    countedAt: countedAt.toISOString(),
    dueBy: new Date(countedAt.getTime() + 24 * HOUR).toISOString(),
    kind: 'rain' as const,
    amountInches,
    windowStart: new Date(countedAt.getTime() - 24 * HOUR).toISOString(),
    windowEnd: countedAt.toISOString(),
    source: 'recorded' as const,
    cell: '53.8|-1.6',
    citation: 'CGP 4.2.2: within 24 hours of the occurrence of a storm event',
    recordedAt: new Date().toISOString(),
  };
  expect(await recordPostStormDue(db, due)).toBe(true);
  return due;
}

const duesOf = (projectId: string) => listPostStormDuesOfProject(db, NORTH, projectId);

async function startPostStormInspection(projectId: string) {
  const created = await as(inspector.token)<{ id: string }>('/api/inspections', 'POST', {
    projectId,
    type: 'Post Storm',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
}

/** A post-storm inspection started, answered and certified: what settles a due (0048). */
async function certifiedPostStormInspection(projectId: string) {
  const inspectionId = await startPostStormInspection(projectId);
  // Started is not done: the due waits for the inspection's certification.
  expect((await duesOf(projectId)).map((d) => d.status)).not.toContain('done');
  await answerInFull(as(inspector.token), inspectionId);
  await signInspection(as(inspector.token), inspectionId);
  return inspectionId;
}

/** The text as a reader in London sees it, written out independently of the product's formatter. */
function expectedText(projectName: string, due: { dueBy: string; windowEnd: string }) {
  const parts = (iso: string) =>
    Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: ZONE,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(new Date(iso))
        .map((p) => [p.type, p.value]),
    );
  const by = parts(due.dueBy);
  const to = parts(due.windowEnd);
  return (
    `Post-storm inspection due by ${by.month}-${by.day}-${by.year} ${by.hour}:${by.minute} at ${projectName}: ` +
    `0.31 in of rain in the 24 hours to ${to.month}-${to.day} ${to.hour}:${to.minute}`
  );
}

beforeAll(async () => {
  const env = runtimeEnv();
  for (const name of [
    'TABLE_NAME',
    'DYNAMODB_ENDPOINT',
    'AWS_REGION',
    'JWT_SECRET',
    'S3_ENDPOINT',
    'BUCKET_NAME',
  ])
    if (env[name]) process.env[name] = env[name];
  resetDeps();
  admin = await tokenFor('admin@example.com');
  inspector = await person('Inspector');
  contact = await person('Client Manager');
  manager = await person('Regional Manager');
  quietManager = await person('Regional Manager');
  southManager = await person('Regional Manager', SOUTH);
  // The inspector wants it everywhere: the bell, e-mail and SMS (to a phone on their profile).
  const record = (await readUser(db, inspector.id))!;
  await updateOwnProfile(
    db,
    inspector.id,
    { first_name: 'Test', last_name: `Storm ${tag}`, position: null, phone: '07700 900123', phone_ext: null },
    record.version,
  );
  await setChannels(inspector, ['in-app', 'email', 'sms']);
  // They sign what they inspect.
  await call(`/api/users/${inspector.id}/signature_authorization/agree`, {
    method: 'POST',
    token: inspector.token,
  });
  // The contact turned it off; one manager turned it on (the bell only), the other never did; a
  // manager of another division turned it on too.
  await setChannels(contact, []);
  await setChannels(manager, ['in-app']);
  await setChannels(southManager, ['in-app', 'email']);
  const client = await as(admin)<{ id: string }>('/api/clients', 'POST', {
    name: `Storm Client ${tag}`,
    address: { street_1: '7 Basin Rd', city: 'Leeds', country_id: 'england', zip: 'LS1 2AB' },
  });
  clientId = client.body.id;
  groupId = (await createGroup(db, NORTH, { name: `Storm regulations ${tag}` })).id;
}, 120_000);

afterAll(() => db.doc.destroy());

describe('post-storm dues: told, settled, counted (issue 23)', () => {
  let inTime: { projectId: string; name: string };

  it('a recorded due tells the inspector by bell, e-mail and SMS, a manager who asked by bell, nobody else', async () => {
    const name = `Alder Creek ${tag}`;
    const projectId = await createProject(name);
    const added = await as(admin)(`/api/projects/${projectId}/contacts`, 'POST', { userIds: [contact.id] });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    inTime = { projectId, name };
    const due = await recordStorm(projectId, 1);
    const text = expectedText(name, due);

    const bell = await eventually(
      () => postStormNotices(inspector),
      (n) => expect(n).toHaveLength(1),
      15_000,
    );
    expect(bell[0]).toMatchObject({
      content: text,
      link: `/divisions/${NORTH}/projects/${projectId}/inspections`,
    });
    const mail = await eventually(
      () => messagesTo(inspector.email),
      (m) => expect(m.filter((x) => x.subject === TITLE)).toHaveLength(1),
    );
    expect(mail.find((x) => x.subject === TITLE)!.text).toContain(text);
    const sms = await eventually(
      () => messagesTo('+447700900123'),
      (m) => expect(m.filter((x) => x.text.includes(name))).toHaveLength(1),
    );
    expect(sms.find((x) => x.text.includes(name))!.text).toBe(`${TITLE}: ${text}`);
    // The manager who turned it on hears it for the division's project, by the bell only.
    await eventually(
      () => postStormNotices(manager),
      (n) => expect(n.map((x) => x.content)).toEqual([text]),
    );
    expect((await messagesTo(manager.email)).filter((x) => x.subject === TITLE)).toEqual([]);
    // The contact who turned it off, the manager who never turned it on, and another division's
    // manager hear nothing.
    expect(await postStormNotices(contact)).toEqual([]);
    expect(await postStormNotices(quietManager)).toEqual([]);
    expect(await postStormNotices(southManager, SOUTH)).toEqual([]);
    expect(await messagesTo(contact.email)).toEqual([]);
    expect(await messagesTo(southManager.email)).toEqual([]);
  });

  it('Inspections Due lists the open due to those who see the site, with its deadline and reason', async () => {
    type Rows = { pageData: { projectId: string; reason: string; dueByLocal: string; pastDue: boolean }[] };
    const rowsOf = async (token: string, divisionId = NORTH) =>
      (await as(token, divisionId)<Rows>(`/api/divisions/${divisionId}/inspectionsDue/getPostStormDues`)).body
        .pageData ?? [];
    const [due] = await duesOf(inTime.projectId);
    const text = expectedText(inTime.name, due!);
    const [, byLocal, toLocal] = /due by (\S+ \S+) at .* to (\S+ \S+)$/.exec(text)!;
    const mine = (await rowsOf(admin)).filter((r) => r.projectId === inTime.projectId);
    expect(mine).toEqual([
      expect.objectContaining({ dueByLocal: byLocal, reason: `0.31 in of rain, ${toLocal}`, pastDue: false }),
    ]);
    // The contact was given the site; a Client User of the division who was not sees none of it.
    expect((await rowsOf(contact.token)).map((r) => r.projectId)).toContain(inTime.projectId);
    const stranger = await person('Client User');
    expect((await rowsOf(stranger.token)).map((r) => r.projectId)).not.toContain(inTime.projectId);
    // Another division: its own list holds none of North's, and North's list is refused.
    expect((await rowsOf(southManager.token, SOUTH)).map((r) => r.projectId)).not.toContain(inTime.projectId);
    const refused = await as(
      southManager.token,
      NORTH,
    )(`/api/divisions/${NORTH}/inspectionsDue/getPostStormDues`);
    expect(refused.status).toBe(403);
  });

  it('a post-storm inspection within the deadline settles it done, and a touch of the record tells no one again', async () => {
    const inspectionId = await certifiedPostStormInspection(inTime.projectId);
    const [due] = await duesOf(inTime.projectId);
    expect(due).toMatchObject({ status: 'done', inspectionId });
    // Settled, it leaves Inspections Due.
    const listed = await as(admin)<{ pageData: { projectId: string }[] }>(
      `/api/divisions/${NORTH}/inspectionsDue/getPostStormDues`,
    );
    expect(listed.body.pageData.map((r) => r.projectId)).not.toContain(inTime.projectId);
    // The printed inspection names the permit rule and the rainfall that triggered it.
    // The project runs on CGP 4.2.2 (set on its record: the permit forms are another part's).
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: { pk: `DIVISION#${NORTH}#PROJECT#${inTime.projectId}`, sk: 'PROJECT' },
        UpdateExpression: 'SET #permit = :permit',
        ExpressionAttributeNames: { '#permit': 'permit' },
        ExpressionAttributeValues: {
          ':permit': {
            ruleSetId: 'cgp-2022',
            frequencyId: 'every-14-days-and-storm',
            sensitiveWaters: false,
            reducedPeriods: [],
          },
        },
      }),
    );
    const deps = await getDeps();
    const project = await getProjectInDivision(db, NORTH, inTime.projectId);
    const inspection = await getInspection(db, NORTH, inspectionId);
    const content = await readInspectionContent(
      deps,
      project,
      'Storm Client',
      true,
      inspection,
      inspector.id,
    );
    const cover = inspectionParts(content)[0]!;
    expect(cover.kind === 'html' && cover.html).toContain('Permit rule');
    const printed = cover.kind === 'html' ? cover.html : '';
    expect(printed).toContain(
      'EPA 2022 Construction General Permit: CGP 4.2.2: once every 14 calendar days and within 24 hours of a storm event',
    );
    expect(printed).toContain('Triggering rainfall');
    expect(printed).toContain('0.31 in of rain in the 24 hours to');
    expect(printed).toContain('(recorded, grid cell 53.8|-1.6); due by');
    expect(printed).toContain('CGP 4.2.2: within 24 hours of the occurrence of a storm event');
    // The calendar marks the storm's day and its due date, done.
    const stormDay = localDate(ZONE, new Date(due!.countedAt));
    const calendar = await as(admin)<{ storms: { stormDay: string; dueDay: string; status: string }[] }>(
      `/api/divisions/${NORTH}/calendar/getCalendarData?type=${inTime.projectId}&month=${stormDay.slice(0, 7)}`,
    );
    expect(calendar.status).toBe(200);
    expect(calendar.body.storms).toEqual([
      expect.objectContaining({
        stormDay,
        dueDay: localDate(ZONE, new Date(due!.dueBy)),
        status: 'done',
      }),
    ]);
    // The record touched again (a MODIFY): still one notification, one e-mail, one SMS.
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: postStormKeys.due(NORTH, inTime.projectId, due!.countedAt),
        UpdateExpression: 'SET touchedAt = :now',
        ExpressionAttributeValues: { ':now': new Date().toISOString() },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await postStormNotices(inspector)).toHaveLength(1);
    expect((await messagesTo(inspector.email)).filter((x) => x.subject === TITLE)).toHaveLength(1);
    expect((await messagesTo('+447700900123')).filter((x) => x.text.includes(inTime.name))).toHaveLength(1);
  });

  it('none by the deadline: the job marks it missed, once; one started afterwards turns another late', async () => {
    const missedId = await createProject(`Birch Hollow ${tag}`);
    const lateId = await createProject(`Cedar Fork ${tag}`);
    // Counted 30 hours ago: the deadline passed 6 hours ago.
    await recordStorm(missedId, 30);
    await recordStorm(lateId, 30);
    // The job's run an hour before the deadline leaves them due; past it, marks them missed.
    await settlePostStormDuesOfDivision(db, NORTH, hourAgo(7));
    expect((await duesOf(missedId))[0]).toMatchObject({ status: 'due', inspectionId: null });
    await settlePostStormDuesOfDivision(db, NORTH, new Date());
    expect((await duesOf(missedId))[0]).toMatchObject({
      status: 'missed',
      inspectionId: null,
      amountInches: 0.31,
      cell: '53.8|-1.6',
      source: 'recorded',
    });
    expect((await duesOf(lateId))[0]).toMatchObject({ status: 'missed' });
    // A second run changes nothing: marked once, when it was.
    const marked = (await duesOf(missedId))[0]!.settledAt;
    await settlePostStormDuesOfDivision(db, NORTH, new Date());
    expect((await duesOf(missedId))[0]).toMatchObject({ status: 'missed', settledAt: marked });

    const inspectionId = await certifiedPostStormInspection(lateId);
    expect((await duesOf(lateId))[0]).toMatchObject({ status: 'late', inspectionId });

    // The compliance report counts each project's post-storm inspections: in time, late, missed.
    const report = await eventually(
      () =>
        as(admin)<{ pageData: Record<string, unknown>[] }>(
          `/api/divisions/${NORTH}/compliance?client=${clientId}`,
        ),
      (r) => {
        const row = (id: string) => r.body.pageData.find((x) => x.projectId === id);
        expect(row(inTime.projectId)).toMatchObject({
          postStormInTime: 1,
          postStormLate: 0,
          postStormMissed: 0,
        });
        expect(row(missedId)).toMatchObject({ postStormInTime: 0, postStormLate: 0, postStormMissed: 1 });
        expect(row(lateId)).toMatchObject({ postStormInTime: 0, postStormLate: 1, postStormMissed: 0 });
      },
      15_000,
    );
    expect(report.status).toBe(200);
    // The rebuild counts them from the records as the stream did.
    expect(await rebuildProjectStatistics(db, NORTH, lateId)).toMatchObject({ 'ps|late': 1 });
    expect(await rebuildProjectStatistics(db, NORTH, missedId)).toMatchObject({ 'ps|missed': 1 });
    expect(await rebuildProjectStatistics(db, NORTH, inTime.projectId)).toMatchObject({ 'ps|done': 1 });
  });

  it("a post-storm inspection of the bulk entry settles its project's due once certified", async () => {
    const projectId = await createProject(`Dogwood Bend ${tag}`);
    await recordStorm(projectId, 2);
    interface Question {
      id: string;
      type: string;
      options: { id: string }[];
      answer: unknown;
    }
    const asked = await as(inspector.token)<{ projects: { nowLocal: string; questions: Question[] }[] }>(
      `/api/projects/post-storm?pid=${projectId}`,
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const [entry] = asked.body.projects;
    const now = entry!.nowLocal;
    const stepped = `${now.slice(0, 14)}${String(Math.floor(Number(now.slice(14, 16)) / 15) * 15).padStart(2, '0')}`;
    const valueOf = (q: Question) =>
      q.answer ??
      { number: 0.4, text: 'Light rain', date: now.slice(0, 10), datetime: stepped }[q.type] ??
      q.options[0]!.id;
    const saved = await as(inspector.token)<{ inspections: { id: string }[] }>(
      '/api/projects/post-storm',
      'POST',
      {
        items: [
          {
            project_id: projectId,
            answers: entry!.questions.map((q) => ({ questionId: q.id, value: valueOf(q) })),
          },
        ],
      },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const entered = saved.body.inspections[0]!.id;
    // Entered is not yet done: certified, it is.
    expect((await duesOf(projectId))[0]).toMatchObject({ status: 'due' });
    await answerInFull(as(inspector.token), entered);
    await signInspection(as(inspector.token), entered);
    expect((await duesOf(projectId))[0]).toMatchObject({ status: 'done', inspectionId: entered });
  });

  it("another division's user sees none of it", async () => {
    const south = await as(
      southManager.token,
      SOUTH,
    )<{ pageData: { projectId: string }[] }>(`/api/divisions/${SOUTH}/compliance`);
    expect(south.status).toBe(200);
    expect(south.body.pageData.map((r) => r.projectId)).not.toContain(inTime.projectId);
    const north = await as(southManager.token, NORTH)(`/api/divisions/${NORTH}/compliance`);
    expect(north.status).toBe(403);
    expect(await postStormNotices(southManager, SOUTH)).toEqual([]);
  });
});
