import { randomBytes } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missedInspectionKeys } from '@stormline/data/missed-inspections';
import { projectKeys } from '@stormline/data/projects';
import { createGroup } from '@stormline/data/regulations';
import { rebuildProjectStatistics } from '@stormline/data/statistics-rebuild';
import { addDays, localDate } from '@stormline/domain/local-date';
import type { Question, QuestionGroup } from '@stormline/domain/template-model';
import {
  recordMissedInspectionOf,
  recordMissedInspections,
} from '@stormline/functions/jobs/missed-inspections';
import { call, NORTH, tokenFor } from '../support/api';
import { eventually } from '../support/eventually';
import { storedItem, testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';

/**
 * The compliance report (spec 001 §2, §3, §5, §9; docs/decisions/0019, 0021) over a hand-computed
 * fixture made through the API: two clients, three projects, inspections signed and acknowledged
 * on known days, findings initiated and completed on known days, and a due date left to pass,
 * recorded as missed by the scheduled job. Each row's figures are checked exactly, then the
 * client filter, the search, the pages, the dates, the finding type and the refusals.
 */

const db = testTable();
afterAll(() => db.doc.destroy());

const ZONE = 'Europe/London';
const tag = randomBytes(3).toString('hex');
const T = localDate(ZONE, new Date());
/** `n` days before the project's today. */
const ago = (n: number) => addDays(T, -n);

interface Row {
  projectId: string;
  projectName: string;
  clientId: string;
  clientName: string;
  inspectionCount: number;
  findingsCount: number;
  avgFindings: number | null;
  avgFindingDays: number | null;
  maxDay: number | null;
  openFindings: number;
  notCompleteInExpectedDays: number;
  ackCount: number;
  complianceCount: number;
  missedIsp: number;
}
interface Report {
  pageData: Row[];
  paginationState: { pageSize: number; numModels: number; page: number };
}

let token: string;
const as = <T>(path: string, method = 'GET', body?: unknown, bearer = token) =>
  call<T>(path, { method, token: bearer, divisionId: NORTH, body });

const clients = { alder: '', birch: '' };
const projects = { aqueduct: '', bridge: '', culvert: '' };
const names = {
  aqueduct: `Cmp${tag} Aqueduct`,
  bridge: `Cmp${tag} Bridge`,
  culvert: `Cmp${tag} Culvert`,
};
let typeIds: Record<string, string>;

async function createClient(name: string): Promise<string> {
  const created = await as<{ id: string }>('/api/clients', 'POST', {
    name,
    address: { street_1: '3 Canal Wharf', city: 'Leeds', country_id: 'england', zip: 'LS11 5PS' },
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function createProject(name: string, clientId: string, groupId: string, inspectorId: string) {
  const created = await as<{ id: string }>('/api/projects', 'POST', {
    client_id: clientId,
    inspection_template_id: 'routine-stormwater',
    name,
    inspector_user_id: inspectorId,
    latitude: 53.79,
    longitude: -1.55,
    document_group_id: groupId,
    routine_interval: 7,
    timezone: ZONE,
    start_date: ago(60),
    next_inspection_date: T,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
}

/** The answers an inspector gives to finish the questionnaire, the inspection dated `day`. */
function answersFor(groups: QuestionGroup[], day: string) {
  const answers: { questionId: string; value: unknown }[] = [];
  const answer = (question: Question): unknown => {
    if (question.features.includes('inspection_date')) return `${day}T09:00`;
    if (question.features.includes('inspection_type'))
      return question.options.find((o) => o.name === 'Routine')!.id;
    if (!question.required) return undefined;
    switch (question.question_type_id) {
      case 'select':
      case 'radio_group':
        // An option that asks nothing more ('No').
        return (question.options.find((o) => o.child_questions.length === 0) ?? question.options[0])!.id;
      case 'multiselect':
      case 'checkbox':
        return [question.options[0]!.id];
      case 'boolean_na':
        return 'na';
      case 'boolean':
      case 'single_checkbox':
        return true;
      case 'text':
      case 'textarea':
        return 'Controls in place';
      case 'date':
        return day;
      case 'datetime':
        return `${day}T09:00`;
      case 'time':
        return '09:00';
      case 'number':
        return 0;
      default:
        return undefined;
    }
  };
  for (const group of groups)
    for (const question of group.questions) {
      const value = answer(question);
      if (value !== undefined) answers.push({ questionId: question.id, value });
    }
  return answers;
}

/**
 * A routine inspection dated `day`, with its findings, certified that day, and acknowledged or
 * signed for compliance on the days given.
 */
async function inspect(
  projectId: string,
  day: string,
  findings: { code: string; initiated: string; completed?: string }[],
  signatures: { acknowledgement?: string; compliance?: string },
) {
  const created = await as<{ id: string }>('/api/inspections', 'POST', { projectId, type: 'Routine' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id;
  const questions = await as<{ template: { question_groups: QuestionGroup[] }; answersVersion: number }>(
    `/api/inspections/${id}/questions`,
  );
  const saved = await as<{ inspection: { status: string; created_date: string } }>(
    `/api/inspections/${id}`,
    'PUT',
    {
      answersVersion: questions.body.answersVersion,
      answers: answersFor(questions.body.template.question_groups, day),
    },
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect(saved.body.inspection).toMatchObject({ status: 'complete', created_date: `${day}T09:00` });
  for (const finding of findings) {
    const raised = await as(`/api/inspections/${id}/findings`, 'POST', {
      finding_type_id: typeIds[finding.code],
      location: `${finding.code} at ${finding.initiated}`,
      date_initiated: finding.initiated,
      date_completed: finding.completed ?? null,
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(201);
  }
  const sign = async (group: string, lineType: string, date: string) => {
    const signed = await as(`/api/inspections/${id}/cert/${group}`, 'POST', { lineType, date });
    expect(signed.status, `${group}: ${JSON.stringify(signed.body)}`).toBe(200);
  };
  await sign('inspection', 'inspector', day);
  if (signatures.acknowledgement)
    await sign('acknowledgement', 'acknowledgement', signatures.acknowledgement);
  if (signatures.compliance) await sign('compliance', 'operator', signatures.compliance);
}

/** Sets a project's next inspection date straight in the table: the days passing, as the job will see them. */
async function letDueDatePass(projectId: string, dueDate: string) {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: projectKeys.project(NORTH, projectId),
      UpdateExpression: 'SET next_inspection_date = :due',
      ExpressionAttributeValues: { ':due': dueDate },
    }),
  );
}

const report = (query: string, bearer = token) =>
  as<Report>(`/api/divisions/${NORTH}/compliance?${query}`, 'GET', undefined, bearer);
const ours = () => `client=${clients.alder},${clients.birch}`;
const row = (r: Report, projectId: string) => r.pageData.find((x) => x.projectId === projectId)!;

beforeAll(async () => {
  // An Admin of its own: signing needs e-signature consent, which the shared demo Admin keeps unset.
  const admin = await createTestUser('Admin', [NORTH]);
  token = await signInAs(admin);
  expect(
    (
      await call(`/api/users/${admin.id}/signature_authorization/agree`, {
        method: 'POST',
        token,
      })
    ).status,
  ).toBe(200);
  const inspector = await createTestUser('Inspector', [NORTH]);
  const types = await as<{ pageData: { id: string; code: string }[] }>(
    '/api/finding-types/by_template_id/routine-stormwater',
  );
  typeIds = Object.fromEntries(types.body.pageData.map((t) => [t.code, t.id]));
  const group = await createGroup(db, NORTH, { name: `Compliance regulations ${tag}` });
  clients.alder = await createClient(`Alder Civils ${tag}`);
  clients.birch = await createClient(`Birch Homes ${tag}`);
  projects.aqueduct = await createProject(names.aqueduct, clients.alder, group.id, inspector.id);
  projects.bridge = await createProject(names.bridge, clients.birch, group.id, inspector.id);
  projects.culvert = await createProject(names.culvert, clients.alder, group.id, inspector.id);
  // Eight more of Birch's, with nothing recorded: enough rows for a second page of 10.
  for (let i = 1; i <= 8; i++) await createProject(`Cmp${tag} D0${i}`, clients.birch, group.id, inspector.id);

  // Aqueduct: two inspections. The first has a CA corrected in 3 days and an MI in 10 (late),
  // acknowledged the next day and signed for compliance; the second a CA still open (16 days:
  // late), acknowledged 4 days after.
  await inspect(
    projects.aqueduct,
    ago(30),
    [
      { code: 'CA', initiated: ago(30), completed: ago(27) },
      { code: 'MI', initiated: ago(30), completed: ago(20) },
    ],
    { acknowledgement: ago(29), compliance: ago(20) },
  );
  await inspect(projects.aqueduct, ago(16), [{ code: 'CA', initiated: ago(16) }], {
    acknowledgement: ago(12),
  });
  // Culvert: one inspection 5 days ago, an MI corrected the same day and a CA open (5 days: on time).
  await inspect(
    projects.culvert,
    ago(5),
    [
      { code: 'MI', initiated: ago(5), completed: ago(5) },
      { code: 'CA', initiated: ago(5) },
    ],
    {},
  );
  // Bridge was due 3 days ago and nobody came; Culvert's due date is the day of its inspection.
  await letDueDatePass(projects.bridge, ago(3));
  await letDueDatePass(projects.culvert, ago(5));
  await recordMissedInspections(db, new Date());
}, 180_000);

const ZERO = {
  inspectionCount: 0,
  findingsCount: 0,
  avgFindings: null,
  avgFindingDays: null,
  maxDay: null,
  openFindings: 0,
  notCompleteInExpectedDays: 0,
  ackCount: 0,
  complianceCount: 0,
  missedIsp: 0,
};

describe('the report rows (spec 001 §3), hand-computed', () => {
  it('each figure of each project, over its life to today', async () => {
    const answer = await eventually(
      () => report(ours()),
      (r) => {
        expect(r.status).toBe(200);
        expect(row(r.body, projects.bridge)?.missedIsp).toBe(1);
        expect(row(r.body, projects.aqueduct)?.ackCount).toBe(2);
        expect(row(r.body, projects.culvert)?.findingsCount).toBe(2);
      },
      20_000,
    );
    expect(answer.body.paginationState).toEqual({ pageSize: 10, numModels: 11, page: 1 });
    expect(answer.body.pageData.slice(0, 3)).toEqual([
      {
        projectId: projects.aqueduct,
        projectName: names.aqueduct,
        clientId: clients.alder,
        clientName: `Alder Civils ${tag}`,
        inspectionCount: 2,
        findingsCount: 3,
        avgFindings: 1.5, // 3 findings / 2 inspections
        avgFindingDays: 6.5, // (3 + 10) / 2 corrected
        maxDay: 10,
        openFindings: 1,
        notCompleteInExpectedDays: 2, // the MI corrected in 10 days, the CA open for 16
        ackCount: 2,
        complianceCount: 1,
        missedIsp: 0,
      },
      {
        projectId: projects.bridge,
        projectName: names.bridge,
        clientId: clients.birch,
        clientName: `Birch Homes ${tag}`,
        ...ZERO,
        missedIsp: 1, // due 3 days ago, no routine inspection
      },
      {
        projectId: projects.culvert,
        projectName: names.culvert,
        clientId: clients.alder,
        clientName: `Alder Civils ${tag}`,
        inspectionCount: 1,
        findingsCount: 2,
        avgFindings: 2,
        avgFindingDays: 0, // the MI corrected the day it was raised
        maxDay: 0,
        openFindings: 1,
        notCompleteInExpectedDays: 0, // the CA has been open 5 days
        ackCount: 0,
        complianceCount: 0,
        missedIsp: 0, // due on the day of its routine inspection: not missed
      },
    ]);
  });

  it('records a missed due date once, however often the job runs, and the rebuild reads it back', async () => {
    const stored = await storedItem(db, missedInspectionKeys.missed(NORTH, projects.bridge, ago(3)));
    expect(stored).toMatchObject({ type: 'MissedInspection', projectId: projects.bridge, dueDate: ago(3) });
    const bridge = { divisionId: NORTH, id: projects.bridge, next_inspection_date: ago(3), timezone: ZONE };
    expect(await recordMissedInspectionOf(db, bridge, new Date())).toBeNull();
    await recordMissedInspections(db, new Date());
    const rebuilt = await rebuildProjectStatistics(db, NORTH, projects.bridge);
    expect(rebuilt).toEqual({ [`day|${ago(3)}|missed`]: 1 });
    const culvert = { divisionId: NORTH, id: projects.culvert, next_inspection_date: ago(5), timezone: ZONE };
    expect(await recordMissedInspectionOf(db, culvert, new Date())).toBeNull();
    expect(
      await storedItem(db, missedInspectionKeys.missed(NORTH, projects.culvert, ago(5))),
    ).toBeUndefined();
    const again = await report(`${ours()}&s=${encodeURIComponent(names.bridge)}`);
    expect(again.body.pageData.map((r) => r.missedIsp)).toEqual([1]);
  });
});

describe('filters and pages (spec 001 §2 toolbar, §7 query)', () => {
  it('client: a comma list, or the parameter repeated; only those clients’ projects', async () => {
    const alder = await report(`client=${clients.alder}`);
    expect(alder.body.pageData.map((r) => r.projectId)).toEqual([projects.aqueduct, projects.culvert]);
    expect(alder.body.paginationState.numModels).toBe(2);
    const repeated = await report(`client=${clients.alder}&client=${clients.birch}`);
    expect(repeated.body.paginationState.numModels).toBe(11);
  });

  it('s: the project name from the start of one of its words', async () => {
    const found = await report(`s=${encodeURIComponent(`cmp${tag} br`)}`);
    expect(found.body.pageData.map((r) => r.projectId)).toEqual([projects.bridge]);
    expect(found.body.paginationState.numModels).toBe(1);
    const word = await report(`${ours()}&s=culv`);
    expect(word.body.pageData.map((r) => r.projectId)).toEqual([projects.culvert]);
    const none = await report(`${ours()}&s=nothing-like-it`);
    expect(none.body).toEqual({ pageData: [], paginationState: { pageSize: 10, numModels: 0, page: 1 } });
  });

  it('p and r: page 2 of 10 rows holds the 11th; All holds every row', async () => {
    const second = await report(`${ours()}&p=2&r=10`);
    expect(second.body.pageData.map((r) => r.projectName)).toEqual([`Cmp${tag} D08`]);
    expect(second.body.paginationState).toEqual({ pageSize: 10, numModels: 11, page: 2 });
    const all = await report(`${ours()}&r=All`);
    expect(all.body.pageData).toHaveLength(11);
    expect(all.body.paginationState).toEqual({ pageSize: 11, numModels: 11, page: 1 });
    const twenty = await report(`${ours()}&r=20`);
    expect(twenty.body.pageData).toHaveLength(11);
    const beyond = await report(`${ours()}&p=5`);
    expect(beyond.body.pageData).toEqual([]);
    expect(beyond.body.paginationState.numModels).toBe(11);
  });

  it('minDate and maxDate: only the days between count (the second Aqueduct inspection; no missed day)', async () => {
    const range = await report(`${ours()}&minDate=${ago(20)}&maxDate=${ago(10)}`);
    expect(range.status).toBe(200);
    expect(row(range.body, projects.aqueduct)).toMatchObject({
      inspectionCount: 1,
      findingsCount: 1,
      avgFindings: 1,
      avgFindingDays: null, // nothing corrected among the range's findings
      maxDay: null,
      openFindings: 1,
      notCompleteInExpectedDays: 1,
      ackCount: 1,
      complianceCount: 0, // the compliance signature counts on its inspection's day, 30 days ago
      missedIsp: 0,
    });
    expect(row(range.body, projects.bridge)).toMatchObject(ZERO);
    expect(row(range.body, projects.culvert)).toMatchObject(ZERO);
    const lately = await report(`${ours()}&minDate=${ago(4)}`);
    expect(row(lately.body, projects.bridge).missedIsp).toBe(1);
    expect(row(lately.body, projects.aqueduct)).toMatchObject(ZERO);
    const oneDay = await report(`${ours()}&minDate=${ago(30)}&maxDate=${ago(30)}`);
    expect(row(oneDay.body, projects.aqueduct)).toMatchObject({ inspectionCount: 1, findingsCount: 2 });
  });

  it('findings: the finding figures of one type; inspections, acknowledgements and missed ones stay', async () => {
    const mi = await report(`${ours()}&findings=MI`);
    expect(row(mi.body, projects.aqueduct)).toMatchObject({
      inspectionCount: 2,
      findingsCount: 1,
      avgFindings: 0.5,
      avgFindingDays: 10,
      maxDay: 10,
      openFindings: 0,
      notCompleteInExpectedDays: 1,
      ackCount: 2,
      complianceCount: 1,
    });
    expect(row(mi.body, projects.culvert)).toMatchObject({
      findingsCount: 1,
      avgFindings: 1,
      avgFindingDays: 0,
      maxDay: 0,
      openFindings: 0,
    });
    expect(row(mi.body, projects.bridge).missedIsp).toBe(1);
  });
});

describe('who sees what, and what is refused', () => {
  it('a client-side role sees only the projects it was given', async () => {
    const user = await createTestUser('Client User', [NORTH]);
    await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          ...projectKeys.access(NORTH, projects.culvert, user.id),
          type: 'ProjectContact',
          gsi2pk: projectKeys.projectsOfUser(NORTH, user.id),
          gsi2sk: `ACTIVE#${names.culvert.toLowerCase()}#${projects.culvert}`,
          projectId: projects.culvert,
          userId: user.id,
          divisionId: NORTH,
          addedAt: new Date().toISOString(),
        },
      }),
    );
    const theirs = await report('', await signInAs(user));
    expect(theirs.status).toBe(200);
    expect(theirs.body.pageData.map((r) => r.projectId)).toEqual([projects.culvert]);
    expect(theirs.body.paginationState.numModels).toBe(1);
  });

  it("400 'Report dates cannot be in the future', and for a Min Date after the Max Date", async () => {
    const future = await report(`maxDate=${addDays(T, 2)}`);
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({ message: 'Report dates cannot be in the future' });
    const futureMin = await report(`minDate=${addDays(T, 2)}`);
    expect(futureMin.body).toMatchObject({ message: 'Report dates cannot be in the future' });
    const backwards = await report(`minDate=${ago(1)}&maxDate=${ago(2)}`);
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ message: 'Min Date cannot be after Max Date' });
    for (const query of ['minDate=2026-02-30', 'r=25', 'p=0', 'client=a,,b', 'findings=C%23A', 'x=1']) {
      expect((await report(query)).status, query).toBe(400);
    }
  });

  it('403 for a role without read on Dashboard (the page then shows spec 001 §8’s message)', async () => {
    const publicToken = await tokenFor('public@example.com');
    expect((await report('', publicToken)).status).toBe(403);

    const manager = await createTestUser('Area / Assistant Manager', [NORTH]);
    const managerToken = await signInAs(manager);
    expect((await report('', managerToken)).status).toBe(200);
    const adminToken = await tokenFor('admin@example.com');
    const current = await call<{ permissions: { perm: string; pageId: string }[]; version: number }>(
      `/api/user-permissions/${manager.id}`,
      { token: adminToken, divisionId: NORTH },
    );
    const saved = await call(`/api/user-permissions/${manager.id}`, {
      method: 'PUT',
      token: adminToken,
      divisionId: NORTH,
      body: {
        permissions: current.body.permissions.filter((p) => p.pageId !== 'dashboard'),
        version: current.body.version,
      },
    });
    expect(saved.status).toBe(200);
    const refused = await report('', managerToken);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Your role does not allow read on Dashboard' });
  });

  it('lists a project from its creation, not while it is archived, and again once restored', async () => {
    const client = await createClient(`Cedar Works ${tag}`);
    const group = await createGroup(db, NORTH, { name: `Compliance directory ${tag}` });
    const inspector = await createTestUser('Inspector', [NORTH]);
    const id = await createProject(`Cmp${tag} Dyke`, client, group.id, inspector.id);
    const listed = async () => (await report(`client=${client}`)).body.pageData.map((r) => r.projectId);
    expect(await listed()).toEqual([id]);
    const archived = await as(`/api/divisions/${NORTH}/projects/archive/${id}`, 'POST');
    expect(archived.status, JSON.stringify(archived.body)).toBeLessThan(300);
    expect(await listed()).toEqual([]);
    const restored = await as(`/api/divisions/${NORTH}/projects/archive/${id}`, 'DELETE');
    expect(restored.status, JSON.stringify(restored.body)).toBeLessThan(300);
    expect(await listed()).toEqual([id]);
  });
});
