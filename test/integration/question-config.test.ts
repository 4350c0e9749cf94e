import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftKey } from '@stormline/data/template-drafts';
import { createGroup } from '@stormline/data/regulations';
import { localDate } from '@stormline/domain/local-date';
import { EPA_CGP } from '@stormline/domain/system-templates/epa-cgp';
import { allQuestions } from '@stormline/domain/template-model';
import type { Question, QuestionGroup } from '@stormline/domain/template-model';
import { call, NORTH } from '../support/api';
import { storedItem, testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';

/**
 * The question configuration (spec 002 §7 questions-config and question-types-config,
 * docs/decisions/0036 "Question configuration") through the API: the editor sets a number
 * question's range in the draft, Publish pins it, and the questionnaire of an inspection on that
 * version refuses an answer outside it, on the server.
 */

interface View {
  id: string;
  currentVersion: number;
  draft: { version: number; unpublished: boolean } | null;
  content: { question_groups: QuestionGroup[] };
}
interface Rows {
  templateId: string;
  pageData: { questionId: string; questionFieldId: string; value: string | number | null }[];
}
interface InspectionRows {
  templateId: string;
  version: number;
  pageData: { questionId: string; questionTypeFieldId: string; value: string | number | null }[];
}
interface TypesConfig {
  pageData: {
    id: string;
    fields: { id: string; default: string | number | null; companyDefault: string | number | null }[];
  }[];
}

const db = testTable();
const ZONE = 'Europe/London';
let admin: { id: string; token: string };

beforeAll(async () => {
  const user = await createTestUser('Admin', [NORTH]);
  admin = { id: user.id, token: await signInAs(user) };
});
afterAll(() => db.doc.destroy());

const api = <T = View>(path: string, method = 'GET', body?: unknown, token = admin.token) =>
  call<T>(path, { method, token, divisionId: NORTH, body });
const questionIn = (view: View, label: string): Question =>
  allQuestions(view.content).find((q) => q.input_label === label)!;

/** A new user template with a number question 'Rainfall (in)'; answers the template and question ids. */
async function templateWithNumber() {
  const created = await api('/api/inspection-templates', 'POST', {
    name: `Rain ${randomUUID().slice(0, 6)}`,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const added = await api('/api/questions', 'POST', {
    groupId: created.body.content.question_groups[0]!.id,
    input_label: 'Rainfall (in)',
    question_type_id: 'number',
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return { templateId: created.body.id, questionId: questionIn(added.body, 'Rainfall (in)').id };
}

const range = (questionId: string, min: unknown, max: unknown) => ({
  items: [
    { questionId, questionFieldId: 'number.min', value: min },
    { questionId, questionFieldId: 'number.max', value: max },
  ],
});

describe("a number question's range, from the editor to the questionnaire", () => {
  it('is set in the draft, read back, pinned by Publish and honoured when an answer is saved', async () => {
    const { templateId, questionId } = await templateWithNumber();
    const set = await api(`/api/questions/${questionId}/config`, 'PUT', range(questionId, 0, 10));
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(questionIn(set.body, 'Rainfall (in)').config).toEqual({ 'number.min': 0, 'number.max': 10 });
    expect(set.body.draft).toMatchObject({ unpublished: true });

    const rows = await api<Rows>(`/api/questions-config?templateId=${templateId}`);
    expect(rows.status).toBe(200);
    expect(rows.body.pageData.filter((r) => r.questionId === questionId)).toEqual([
      { questionId, questionFieldId: 'number.min', value: 0 },
      { questionId, questionFieldId: 'number.max', value: 10 },
      { questionId, questionFieldId: 'number.decimals', value: null },
    ]);

    // Never published: the inspection side has nothing to read yet.
    const unpublished = await api(`/api/inspection-templates/${templateId}/questions/config`);
    expect(unpublished).toMatchObject({ status: 404, body: { message: 'Inspection template not found' } });
    const published = await api(`/api/inspection-templates/${templateId}/publish`, 'POST');
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const side = await api<InspectionRows>(`/api/inspection-templates/${templateId}/questions/config`);
    expect(side.body).toMatchObject({ templateId, version: 1 });
    expect(side.body.pageData.filter((r) => r.questionId === questionId)).toEqual([
      { questionId, questionTypeFieldId: 'number.min', value: 0 },
      { questionId, questionTypeFieldId: 'number.max', value: 10 },
      { questionId, questionTypeFieldId: 'number.decimals', value: null },
    ]);
    const one = await api<InspectionRows>(`/api/questions/${questionId}/config`);
    expect(one.body.pageData.map((r) => [r.questionTypeFieldId, r.value])).toEqual([
      ['number.min', 0],
      ['number.max', 10],
      ['number.decimals', null],
    ]);

    const inspectionId = await inspectionOn(templateId);
    const save = async (value: number) => {
      const questions = await api<{ answersVersion: number }>(`/api/inspections/${inspectionId}/questions`);
      return api<{ message: string }>(`/api/inspections/${inspectionId}`, 'PUT', {
        answersVersion: questions.body.answersVersion,
        answers: [{ questionId, value }],
      });
    };
    expect(await save(11)).toMatchObject({
      status: 400,
      body: { message: 'Please enter a number of at most 10' },
    });
    expect(await save(-1)).toMatchObject({
      status: 400,
      body: { message: 'Please enter a number of at least 0' },
    });
    expect((await save(7.5)).status).toBe(200);

    // A later edit, even published, never changes the inspection: it keeps the version it pinned.
    await api(`/api/questions/${questionId}/config`, 'PUT', range(questionId, 0, 3));
    expect((await api(`/api/inspection-templates/${templateId}/publish`, 'POST')).status).toBe(200);
    expect((await save(8)).status).toBe(200);
    const current = await api<InspectionRows>(`/api/questions/${questionId}/config`);
    expect(current.body).toMatchObject({ version: 2 });
    expect(current.body.pageData.find((r) => r.questionTypeFieldId === 'number.max')?.value).toBe(3);
    const pinned = await api<InspectionRows>(`/api/questions/${questionId}/config?version=1`);
    expect(pinned.body.pageData.find((r) => r.questionTypeFieldId === 'number.max')?.value).toBe(10);
  });
});

/** A project on the template, its first routine inspection due today, and that inspection's id. */
async function inspectionOn(templateId: string): Promise<string> {
  const client = await api<{ id: string }>('/api/clients', 'POST', {
    name: `Config client ${randomUUID().slice(0, 6)}`,
    address: { street_1: '1 Quay', city: 'Leeds', country_id: 'england', zip: 'LS1 4DL' },
  });
  const group = await createGroup(db, NORTH, { name: `Config regulations ${randomUUID().slice(0, 6)}` });
  const project = await api<{ id: string }>('/api/projects', 'POST', {
    client_id: client.body.id,
    inspection_template_id: templateId,
    name: `Rain gauge site ${randomUUID().slice(0, 6)}`,
    inspector_user_id: admin.id,
    latitude: 53.8,
    longitude: -1.6,
    document_group_id: group.id,
    routine_interval: 7,
    timezone: ZONE,
    start_date: localDate(ZONE, new Date(Date.now() - 30 * 86_400_000)),
    next_inspection_date: localDate(ZONE, new Date()),
  });
  expect(project.status, JSON.stringify(project.body)).toBe(201);
  const inspection = await api<{ id: string }>('/api/inspections', 'POST', {
    projectId: project.body.id,
    type: 'Routine',
  });
  expect(inspection.status, JSON.stringify(inspection.body)).toBe(201);
  return inspection.body.id;
}

describe('what the server refuses', () => {
  it.each([
    [
      'an unknown field',
      (q: string) => ({ items: [{ questionId: q, questionFieldId: 'number.colour', value: 1 }] }),
      "'number.colour' is not a configuration field of Number questions",
    ],
    [
      'a minimum above the maximum',
      (q: string) => range(q, 5, 1),
      'Minimum (number.min) cannot be greater than Maximum (number.max)',
    ],
    [
      'a value of the wrong kind',
      (q: string) => range(q, 'none', 1),
      'Minimum (number.min) must be a number',
    ],
    [
      'another question’s id in the list',
      (q: string) => ({ items: [{ questionId: `${q}x`, questionFieldId: 'number.min', value: 1 }] }),
      'not the question being configured',
    ],
  ])('%s: 400 naming it, the draft unchanged', async (_name, body, message) => {
    const { templateId, questionId } = await templateWithNumber();
    const before = await storedItem(db, draftKey(templateId));
    const refused = await api<{ message: string }>(
      `/api/questions/${questionId}/config`,
      'PUT',
      body(questionId),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(message);
    expect(await storedItem(db, draftKey(templateId))).toEqual(before);
  });

  it("a system template's question: 'Editing of System templates is not currently allowed.'", async () => {
    const tracking = allQuestions(EPA_CGP).find((q) => q.question_type_id === 'text')!;
    const refused = await api(`/api/questions/${tracking.id}/config`, 'PUT', {
      items: [{ questionId: tracking.id, questionFieldId: 'text.max_length', value: 20 }],
    });
    expect(refused).toMatchObject({
      status: 403,
      body: { message: 'Editing of System templates is not currently allowed.' },
    });
    // Read-only, but readable: its current version's values, the built-in defaults.
    const rows = await api<Rows>(`/api/questions-config?templateId=${EPA_CGP.templateId}`);
    expect(rows.body.pageData).toContainEqual({
      questionId: tracking.id,
      questionFieldId: 'text.max_length',
      value: 500,
    });
    const side = await api<InspectionRows>(`/api/questions/${tracking.id}/config`);
    expect(side.body).toMatchObject({ templateId: EPA_CGP.templateId });
    expect(side.body.pageData).toContainEqual({
      questionId: tracking.id,
      questionTypeFieldId: 'text.max_length',
      value: 500,
    });
  });

  it('a question that does not exist: 404', async () => {
    const { templateId } = await templateWithNumber();
    const ghost = `${templateId}_ghost`;
    expect(await api(`/api/questions/${ghost}/config`, 'PUT', { items: [] })).toMatchObject({
      status: 404,
      body: { message: 'Question not found' },
    });
    expect(await api('/api/questions/no-such-question/config')).toMatchObject({ status: 404 });
  });
});

describe("the company's defaults for new questions of a type", () => {
  const decimals = (config: TypesConfig) =>
    config.pageData.find((t) => t.id === 'number')!.fields.find((f) => f.id === 'number.decimals')!;

  it('an Admin sets them; new questions take them, existing ones and published versions do not', async () => {
    const { templateId, questionId } = await templateWithNumber();
    try {
      const set = await api<TypesConfig>('/api/question-types/number/config', 'PUT', {
        items: [{ questionFieldId: 'number.decimals', value: 1 }],
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect(decimals(set.body)).toMatchObject({ default: null, companyDefault: 1 });
      const read = await api<TypesConfig>('/api/question-types-config');
      expect(decimals(read.body).companyDefault).toBe(1);

      const view = await api(`/api/inspection-templates/${templateId}`);
      const added = await api('/api/questions', 'POST', {
        groupId: view.body.content.question_groups[0]!.id,
        input_label: 'Depth (ft)',
        question_type_id: 'number',
      });
      expect(questionIn(added.body, 'Depth (ft)').config).toEqual({ 'number.decimals': 1 });
      expect(questionIn(added.body, 'Rainfall (in)').config).toBeUndefined();
      const rows = await api<Rows>(`/api/questions-config?templateId=${templateId}`);
      expect(rows.body.pageData).toContainEqual({
        questionId,
        questionFieldId: 'number.decimals',
        value: null,
      });
    } finally {
      const reset = await api<TypesConfig>('/api/question-types/number/config', 'PUT', { items: [] });
      expect(decimals(reset.body).companyDefault).toBeNull();
    }
  });

  it('refuses a bad default naming the field, and anyone but an Admin', async () => {
    expect(
      await api('/api/question-types/time/config', 'PUT', {
        items: [{ questionFieldId: 'time.minute_step', value: 7 }],
      }),
    ).toMatchObject({
      status: 400,
      body: { message: 'Minute step (time.minute_step) must be one of 1, 5, 10, 15, 30, 60' },
    });
    const manager = await signInAs(await createTestUser('Regional Manager', [NORTH]));
    const before = await api<TypesConfig>('/api/question-types-config', 'GET', undefined, manager);
    expect(before.status).toBe(200);
    expect(
      await api(
        '/api/question-types/time/config',
        'PUT',
        { items: [{ questionFieldId: 'time.minute_step', value: 30 }] },
        manager,
      ),
    ).toMatchObject({
      status: 403,
      body: { message: 'Only an Admin may change the default configuration of question types' },
    });
    const inspector = await signInAs(await createTestUser('Inspector', [NORTH]));
    expect(await api('/api/question-types/time/config', 'PUT', { items: [] }, inspector)).toMatchObject({
      status: 403,
    });
    expect((await api<TypesConfig>('/api/question-types-config')).body).toEqual(before.body);
  });
});
