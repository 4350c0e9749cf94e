import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { inspectionKeys } from '@stormline/data/inspections';
import { projectKeys } from '@stormline/data/projects';
import { createGroup } from '@stormline/data/regulations';
import { addDays, localDate } from '@stormline/domain/local-date';
import type { Question, QuestionGroup } from '@stormline/domain/template-model';
import { call, NORTH, SOUTH, tokenFor } from '../support/api';
import { storedItem, tamperAnswer, testTable } from '../support/table';
import { eventually } from '../support/eventually';
import { createTestUser, signInAs } from '../support/users';

/**
 * The inspection workflow through the API (spec 000 §4-§7, spec 002 §2-§8; docs/decisions/0018):
 * an inspector's day from the due-today inspection to compliance certification, with the server's
 * refusals along the way, and the tamper-evident signature.
 */

const db = testTable();
afterAll(() => db.doc.destroy());

const tag = () => randomBytes(3).toString('hex');
const ZONE = 'Europe/London';
const today = () => localDate(ZONE, new Date());

interface Inspection {
  id: string;
  number: number;
  status: string;
  type: string;
  created_date: string;
  certification_date: string | null;
  compliance_date: string | null;
  editable: boolean;
  eligibleForCompliance: boolean;
  findings: { code: string; total: number; open: number }[];
  openRequiredCount: number;
}
interface Questionnaire {
  template: { id: string; version: number; question_groups: QuestionGroup[] };
  answers: { questionId: string; value: unknown }[];
  answersVersion: number;
  editable: boolean;
  nowLocal: string;
  findingOffer: { id: string }[];
}
interface Certification {
  signatureGroups: { group: string; lines: { type: string }[] }[];
  userSignatures: { group: string; lineType: string; matches: boolean; contentDigest: string }[];
  groupOptions: Record<string, { enabled: boolean; errors: string[] }>;
  minCertificationDate: Record<string, string>;
}

let admin: string;
let inspector: { id: string; token: string };
let projectId: string;
let projectName: string;

async function as<T>(token: string, path: string, method = 'GET', body?: unknown, divisionId = NORTH) {
  return call<T>(path, { method, token, divisionId, body });
}

/** A valid answer for every question type (spec 002 §2), as an inspector on site would give. */
function answerFor(question: Question, nowLocal: string, offer: { id: string }[]): unknown {
  const first = question.options[0]?.id;
  switch (question.question_type_id) {
    case 'select':
    case 'radio_group':
      return question.features.includes('inspection_type')
        ? question.options.find((o) => o.name === 'Routine')!.id
        : first;
    case 'multiselect':
    case 'checkbox':
      return question.options.slice(0, 2).map((o) => o.id);
    case 'time':
      return '09:45';
    case 'date':
      return nowLocal.slice(0, 10);
    case 'datetime':
      return `${nowLocal.slice(0, 10)}T00:00`;
    case 'boolean':
      return true;
    case 'boolean_na':
      return 'na';
    case 'single_checkbox':
      return true;
    case 'descriptive_text':
      return undefined;
    case 'textarea':
      return 'Silt fence intact along the east boundary; inlet protection in place.';
    case 'finding_array':
      return offer.map((f) => f.id);
    case 'text':
      return 'Clear, light wind';
    case 'number':
      return 0.4;
  }
}

function everyQuestion(groups: QuestionGroup[]): Question[] {
  const out: Question[] = [];
  const visit = (q: Question) => {
    out.push(q);
    q.options.forEach((o) => o.child_questions.forEach(visit));
  };
  groups.forEach((g) => g.questions.forEach(visit));
  return out;
}

beforeAll(async () => {
  admin = await tokenFor('admin@example.com');
  const user = await createTestUser('Inspector', [NORTH]);
  inspector = { id: user.id, token: await signInAs(user) };
  const client = await as<{ id: string }>(admin, '/api/clients', 'POST', {
    name: `Inspection Client ${tag()}`,
    address: { street_1: '1 Quay', city: 'Leeds', country_id: 'england', zip: 'LS1 4DL' },
  });
  const group = await createGroup(db, NORTH, { name: `Inspection regulations ${tag()}` });
  projectName = `Kirkstall Culvert ${tag()}`;
  const project = await as<{ id: string }>(admin, '/api/projects', 'POST', {
    client_id: client.body.id,
    inspection_template_id: 'routine-stormwater',
    name: projectName,
    inspector_user_id: user.id,
    latitude: 53.8,
    longitude: -1.6,
    document_group_id: group.id,
    routine_interval: 7,
    timezone: ZONE,
    start_date: localDate(ZONE, new Date(Date.now() - 30 * 86_400_000)),
    next_inspection_date: today(),
  });
  expect(project.status).toBe(201);
  projectId = project.body.id;
});

/** The Certifications Due widget's inspections of this test's site, once the stream has caught up. */
const certificationsDue = async () => {
  const list = await as<{ pageData: { inspectionId: string; siteName: string; dateOfInspection: string }[] }>(
    admin,
    `/api/divisions/${NORTH}/getCertDueList?s=${encodeURIComponent(projectName)}`,
  );
  expect(list.status).toBe(200);
  return list.body.pageData;
};

describe("an inspector's day", () => {
  let inspection: Inspection;
  let caId: string;
  let miId: string;

  it('shows the due-today banner and lets the first routine inspection be created', async () => {
    const page = await as<{
      pageData: Inspection[];
      dueToday: { action: string | null };
      creation: { allowed: boolean; type: string };
    }>(inspector.token, `/api/projects/${projectId}/inspections`);
    expect(page.status).toBe(200);
    expect(page.body.pageData).toEqual([]);
    expect(page.body.dueToday.action).toBe('Start Inspection');
    expect(page.body.creation).toMatchObject({ allowed: true, type: 'Routine' });
  });

  it('starts the routine inspection, pinning the template version, dated now in the project’s zone', async () => {
    const created = await as<Inspection>(inspector.token, '/api/inspections', 'POST', {
      projectId,
      type: 'Routine',
    });
    expect(created.status).toBe(201);
    inspection = created.body;
    expect(inspection).toMatchObject({ number: 1, type: 'Routine', status: 'new', editable: true });
    expect(inspection.created_date.slice(0, 10)).toBe(today());
    const page = await as<{
      dueToday: { action: string | null; inspectionId: string | null };
      creation: { allowed: boolean; reason: string };
      next_inspection_date: string;
    }>(inspector.token, `/api/projects/${projectId}/inspections`);
    // Starting it moved the next date on, so nothing is due today (spec 000 §4): the banner
    // offers today's routine inspection to complete, not 'Start Inspection' for a due one.
    expect(page.body.next_inspection_date > today()).toBe(true);
    expect(page.body.dueToday).toEqual({ action: 'Complete Inspection', inspectionId: inspection.id });
    expect(page.body.creation).toMatchObject({
      allowed: false,
      reason: 'Complete the existing inspection(s) before creating a new one.',
    });
  });

  it("refuses a second inspection: 'Complete the existing inspection(s) before creating a new one.'", async () => {
    const refused = await as(inspector.token, '/api/inspections', 'POST', { projectId, type: 'Post Storm' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: 'Complete the existing inspection(s) before creating a new one.',
    });
  });

  it('raises a CA and an MI finding, with the form rules on the server', async () => {
    const types = await as<{ pageData: { id: string; code: string }[] }>(
      inspector.token,
      '/api/finding-types/by_template_id/routine-stormwater',
    );
    const typeId = (code: string) => types.body.pageData.find((t) => t.code === code)!.id;
    const before = await as(inspector.token, `/api/inspections/${inspection.id}/findings`, 'POST', {
      finding_type_id: typeId('CA'),
      location: 'North gate',
      date_initiated: localDate(ZONE, new Date(Date.now() - 60 * 86_400_000)),
    });
    expect(before.status).toBe(400);
    expect(before.body).toMatchObject({ message: 'Date Initiated cannot be before the project start date' });
    const ca = await as<{ id: string; number: number }>(
      inspector.token,
      `/api/inspections/${inspection.id}/findings`,
      'POST',
      {
        finding_type_id: typeId('CA'),
        location: 'North gate: silt fence undermined',
        date_initiated: today(),
        observation: 'Sediment tracked onto the road.',
      },
    );
    expect(ca.status).toBe(201);
    const mi = await as<{ id: string }>(
      inspector.token,
      `/api/inspections/${inspection.id}/findings`,
      'POST',
      {
        finding_type_id: typeId('MI'),
        location: 'Inlet 3',
        date_initiated: today(),
      },
    );
    expect(mi.status).toBe(201);
    caId = ca.body.id;
    miId = mi.body.id;
    const list = await as<{ pageData: { id: string; number: number; carried_over: boolean }[] }>(
      inspector.token,
      `/api/inspections/${inspection.id}/findings`,
    );
    expect(list.body.pageData.map((f) => f.id)).toEqual([caId, miId]);
  });

  it('answers every question type and becomes complete; refuses answers the rules refuse', async () => {
    const q = await as<Questionnaire>(inspector.token, `/api/inspections/${inspection.id}/questions`);
    expect(q.status).toBe(200);
    const questions = everyQuestion(q.body.template.question_groups);
    const types = new Set(questions.map((x) => x.question_type_id));
    expect(types.size).toBe(15);
    // Spec 002 §5: "Inspection date questions cannot be in the future"; other date questions,
    // such as the next scheduled inspection's, may be (issue 24).
    const inspectionDate = questions.find((x) => x.features.includes('inspection_date'))!;
    const future = await as(inspector.token, `/api/inspections/${inspection.id}`, 'PUT', {
      answersVersion: q.body.answersVersion,
      answers: [{ questionId: inspectionDate.id, value: '2999-01-01T09:00' }],
    });
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({ message: 'The date cannot be in the future' });
    const nextDate = questions.find((x) => x.input_label === 'Date of the next scheduled inspection')!;
    const weekAway = addDays(q.body.nowLocal.slice(0, 10), 7);
    const next = await as<{ answersVersion: number }>(
      inspector.token,
      `/api/inspections/${inspection.id}`,
      'PUT',
      { answersVersion: q.body.answersVersion, answers: [{ questionId: nextDate.id, value: weekAway }] },
    );
    expect(next.status).toBe(200);
    q.body.answersVersion = next.body.answersVersion;
    const reread = await as<Questionnaire>(inspector.token, `/api/inspections/${inspection.id}/questions`);
    expect(reread.body.answers).toContainEqual({ questionId: nextDate.id, value: weekAway });
    const timeQuestion = questions.find((x) => x.question_type_id === 'time')!;
    const offStep = await as(inspector.token, `/api/inspections/${inspection.id}`, 'PUT', {
      answersVersion: q.body.answersVersion,
      answers: [{ questionId: timeQuestion.id, value: '09:40' }],
    });
    expect(offStep.status).toBe(400);
    // The finding array holds only what it offers: not a finding of another inspection or division.
    const findingsQuestion = questions.find((x) => x.question_type_id === 'finding_array')!;
    const foreign = await as(inspector.token, `/api/inspections/${inspection.id}`, 'PUT', {
      answersVersion: q.body.answersVersion,
      answers: [{ questionId: findingsQuestion.id, value: [randomUUID()] }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ message: 'Please choose findings from the list' });
    expect(
      (await as<Questionnaire>(inspector.token, `/api/inspections/${inspection.id}/questions`)).body
        .answersVersion,
    ).toBe(q.body.answersVersion);

    const answers: Record<string, unknown> = {};
    for (const question of questions) {
      const value = answerFor(question, q.body.nowLocal, q.body.findingOffer);
      if (value !== undefined) answers[question.id] = value;
    }
    const saved = await as<{ inspection: Inspection; answersVersion: number }>(
      inspector.token,
      `/api/inspections/${inspection.id}`,
      'PUT',
      {
        answersVersion: q.body.answersVersion,
        answers: Object.entries(answers).map(([questionId, value]) => ({ questionId, value })),
        comments: [{ questionId: timeQuestion.id, comment: 'Arrived after the rain.' }],
      },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.inspection.status).toBe('complete');
    const stale = await as(inspector.token, `/api/inspections/${inspection.id}`, 'PUT', {
      answersVersion: q.body.answersVersion,
      answers: [],
    });
    expect(stale.status).toBe(409);
    const read = await as<Questionnaire & { comments: { questionId: string; comment: string }[] }>(
      inspector.token,
      `/api/inspections/${inspection.id}/questions`,
    );
    expect(Object.fromEntries(read.body.answers.map((a) => [a.questionId, a.value]))).toMatchObject(answers);
    expect(read.body.comments).toContainEqual({
      questionId: timeQuestion.id,
      comment: 'Arrived after the rain.',
    });
  });

  it('signs the inspection only with e-signature consent', async () => {
    const cert = await as<Certification>(inspector.token, `/api/inspections/${inspection.id}/cert`);
    const line = cert.body.signatureGroups.find((g) => g.group === 'inspection')!.lines[0]!.type;
    const refused = await as(inspector.token, `/api/inspections/${inspection.id}/cert/inspection`, 'POST', {
      lineType: line,
      date: today(),
    });
    expect(refused.status).toBe(403);
    await call(`/api/users/${inspector.id}/signature_authorization/agree`, {
      method: 'POST',
      token: inspector.token,
    });
    const signed = await as<Certification>(
      inspector.token,
      `/api/inspections/${inspection.id}/cert/inspection`,
      'POST',
      {
        lineType: line,
        date: today(),
      },
    );
    expect(signed.status).toBe(200);
    expect(signed.body.userSignatures).toEqual([
      expect.objectContaining({ group: 'inspection', lineType: line, matches: true }),
    ]);
  });

  it('refuses compliance while the required CA is open, naming it', async () => {
    const cert = await as<Certification>(inspector.token, `/api/inspections/${inspection.id}/cert`);
    expect(cert.body.groupOptions.compliance).toEqual({
      enabled: false,
      errors: [expect.stringMatching(/^Complete these findings before compliance certification: CA #\d+$/)],
    });
    const line = cert.body.signatureGroups.find((g) => g.group === 'compliance')!.lines[0]!.type;
    const refused = await as<{ message: string }>(
      inspector.token,
      `/api/inspections/${inspection.id}/cert/compliance`,
      'POST',
      { lineType: line, date: today() },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/CA #\d+/);
    // Certifications Due offers only what the certification would accept.
    expect(await certificationsDue()).toEqual([]);
  });

  it('completes the findings with the date rules, then certifies compliance and is read-only', async () => {
    const future = await as(inspector.token, `/api/inspections/${inspection.id}/findings`, 'PUT', {
      finding_ids: [caId, miId],
      date_completed: '2999-01-01',
    });
    expect(future.status).toBe(400);
    const done = await as<{ completed: { comments: string; date_completed: string }[] }>(
      inspector.token,
      `/api/inspections/${inspection.id}/findings`,
      'PUT',
      { finding_ids: [caId, miId], date_completed: today() },
    );
    expect(done.status).toBe(200);
    expect(done.body.completed.map((f) => f.comments)).toEqual([
      'Completed as recommended',
      'Completed as recommended',
    ]);
    const cert = await as<Certification>(inspector.token, `/api/inspections/${inspection.id}/cert`);
    expect(cert.body.groupOptions.compliance!.enabled).toBe(true);
    await eventually(
      certificationsDue,
      (rows) =>
        expect(rows).toEqual([
          expect.objectContaining({
            inspectionId: inspection.id,
            siteName: projectName,
            dateOfInspection: today(),
          }),
        ]),
      15_000,
    );
    const line = cert.body.signatureGroups.find((g) => g.group === 'compliance')!.lines[0]!.type;
    const signed = await as(inspector.token, `/api/inspections/${inspection.id}/cert/compliance`, 'POST', {
      lineType: line,
      date: today(),
    });
    expect(signed.status).toBe(200);
    await eventually(certificationsDue, (rows) => expect(rows).toEqual([]), 15_000);
    const read = await as<Inspection>(inspector.token, `/api/inspections/${inspection.id}`);
    expect(read.body).toMatchObject({
      editable: false,
      compliance_date: today(),
      certification_date: today(),
    });
    const write = await as(inspector.token, `/api/inspections/${inspection.id}`, 'PUT', {
      answersVersion: 1,
      answers: [],
    });
    expect(write.status).toBe(409);
    expect(write.body).toEqual({ message: 'This inspection is certified and can no longer be changed.' });
    const finding = await as(inspector.token, `/api/inspections/${inspection.id}/findings`, 'POST', {
      finding_type_id: 'x',
      location: 'y',
      date_initiated: today(),
    });
    expect(finding.status).toBe(409);
  });

  it('flags a signature whose inspection was altered in the table, outside the product', async () => {
    const key = inspectionKeys.answers(NORTH, inspection.id);
    const stored = await storedItem(db, key);
    const answers = { ...(stored!.answers as Record<string, unknown>) };
    const textQuestion = Object.keys(answers).find(
      (k) => typeof answers[k] === 'string' && (answers[k] as string).startsWith('Silt'),
    )!;
    await tamperAnswer(db, NORTH, inspection.id, textQuestion, 'Everything was fine.');
    const cert = await as<Certification>(inspector.token, `/api/inspections/${inspection.id}/cert`);
    expect(cert.body.userSignatures.every((s) => s.matches === false)).toBe(true);
  });

  it('reopens (all on reopenInspection): compliance signatures go, the change log keeps them', async () => {
    const refused = await as(inspector.token, `/api/inspections/${inspection.id}/open`, 'POST');
    expect(refused.status).toBe(403);
    const reopened = await as<Inspection>(admin, `/api/inspections/${inspection.id}/open`, 'POST');
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({
      compliance_date: null,
      certification_date: today(),
      editable: true,
    });
    const cert = await as<Certification>(admin, `/api/inspections/${inspection.id}/cert`);
    expect(cert.body.userSignatures.map((s) => s.group)).toEqual(['inspection']);
    const log = await as<{ pageData: { action: string; changes: { field: string; from: string }[] }[] }>(
      admin,
      `/api/changelog/projects/${projectId}`,
    );
    const entry = log.body.pageData.find((e) => e.action === 'reopened')!;
    expect(entry.changes.some((c) => c.field.startsWith('signature compliance') && c.from !== 'null')).toBe(
      true,
    );
  });
});

describe('boundaries', () => {
  it('another division’s inspection is not found', async () => {
    const page = await as<{ pageData: Inspection[] }>(admin, `/api/projects/${projectId}/inspections`);
    const id = page.body.pageData[0]!.id;
    const foreign = await as(admin, `/api/inspections/${id}`, 'GET', undefined, SOUTH);
    expect(foreign.status).toBe(404);
  });

  it('the public account reads nothing of an unpublished project', async () => {
    const publicToken = await tokenFor('public@example.com');
    const page = await as(publicToken, `/api/projects/${projectId}/inspections`);
    expect(page.status).toBe(404);
  });

  it('BMP Contractor completes a finding from its form but may not change its type, location or date initiated', async () => {
    const contractor = await createTestUser('BMP Contractor', [NORTH]);
    const token = await signInAs(contractor);
    // Without access to the project, the finding is not even found (0018).
    const page0 = await as<{ pageData: Inspection[] }>(admin, `/api/projects/${projectId}/inspections`);
    const hidden = await as(token, `/api/projects/${projectId}/inspections`);
    expect(hidden.status).toBe(404);
    expect(page0.status).toBe(200);
    // Given access to the project: the access row Edit User's switch writes.
    await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          ...projectKeys.access(NORTH, projectId, contractor.id),
          type: 'ProjectContact',
          gsi2pk: projectKeys.projectsOfUser(NORTH, contractor.id),
          gsi2sk: `ACTIVE#${projectId}`,
          projectId,
          userId: contractor.id,
          divisionId: NORTH,
          addedAt: new Date().toISOString(),
        },
      }),
    );
    const page = await as<{ pageData: Inspection[] }>(admin, `/api/projects/${projectId}/inspections`);
    const types = await as<{ pageData: { id: string; code: string }[] }>(
      admin,
      '/api/finding-types/by_template_id/routine-stormwater',
    );
    const mi = types.body.pageData.find((t) => t.code === 'MI')!;
    // The reopened inspection is editable again: the finding is raised in it.
    const created = await as<{ id: string; version: number }>(
      admin,
      `/api/inspections/${page.body.pageData[0]!.id}/findings`,
      'POST',
      { finding_type_id: mi.id, location: 'Basin outlet', date_initiated: today() },
    );
    expect(created.status).toBe(201);
    const refused = await as(token, `/api/findings/${created.body.id}`, 'POST', {
      version: created.body.version,
      location: 'Somewhere else',
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: 'Your role cannot change the type, location or date initiated of a finding',
    });
    const completed = await as<{ date_completed: string }>(
      token,
      `/api/findings/${created.body.id}`,
      'POST',
      {
        version: created.body.version,
        date_completed: today(),
        comments: 'Outlet cleared',
      },
    );
    expect(completed.status).toBe(200);
    expect(completed.body.date_completed).toBe(today());
  });
});
