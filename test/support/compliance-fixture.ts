import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import type { Db } from '@stormline/data/dynamo';
import { projectKeys } from '@stormline/data/projects';
import { createGroup } from '@stormline/data/regulations';
import { addDays, localDate } from '@stormline/domain/local-date';
import type { Question, QuestionGroup } from '@stormline/domain/template-model';
import { call, NORTH, type ApiResponse } from './api';
import { createTestUser, signInAs } from './users';

/**
 * The compliance report's hand-computed fixture (spec 001 §3; docs/decisions/0021), made through
 * the API in the North division for the integration test and the browser test alike, so both
 * check their figures against the same days:
 *   - Alder Civils holds Aqueduct and Culvert; Birch Homes holds Bridge and eight empty projects
 *     (Empty 01-08), enough rows for a second page of 10.
 *   - Aqueduct, 30 days ago: a CA corrected in 3 days and an MI in 10 (late), acknowledged the
 *     next day and signed for compliance 20 days ago; 16 days ago: a CA still open (late),
 *     acknowledged 4 days on.
 *   - Culvert, `culvertDaysAgo` days ago: an MI corrected the same day and a CA still open (late
 *     from 8 days on).
 *   - Bridge was due 3 days ago and nobody came; recording it missed is left to the test.
 * Each test adds what only it checks with the returned helpers.
 */

export const ZONE = 'Europe/London';
/** The projects' today. */
export const T = localDate(ZONE, new Date());
/** `n` days before the projects' today. */
export const ago = (n: number) => addDays(T, -n);

export type Findings = { code: string; initiated: string; completed?: string }[];
export type Signatures = { acknowledgement?: string; compliance?: string };

/** The answers that finish the questionnaire, the inspection dated `day`. */
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
 * The fixture's names, known before it is built. `tag` is unique to the run and stands in every
 * client and project name, so runs sharing the table do not see each other's rows.
 */
export function complianceNames(tag: string) {
  const prefix = `Cmp${tag}`;
  return {
    prefix,
    clientNames: { alder: `Alder Civils ${tag}`, birch: `Birch Homes ${tag}` },
    projectNames: {
      aqueduct: `${prefix} Aqueduct`,
      bridge: `${prefix} Bridge`,
      culvert: `${prefix} Culvert`,
    },
  };
}

/** The Admin the fixture is made as, and what its helpers need to make more. */
export interface ReportSession {
  db: Db;
  admin: Awaited<ReturnType<typeof createTestUser>>;
  token: string;
  /** An API call as the Admin in North (another bearer token for another caller). */
  api: <R>(path: string, method?: string, body?: unknown, bearer?: string) => Promise<ApiResponse<R>>;
  typeIds: Record<string, string>;
  groupId: string;
}

async function openSession(db: Db, tag: string): Promise<ReportSession> {
  // An Admin of its own: signing needs e-signature consent, which the shared demo Admin keeps unset.
  const admin = await createTestUser('Admin', [NORTH], { lastName: `Report ${tag}` });
  const token = await signInAs(admin);
  const consent = await call(`/api/users/${admin.id}/signature_authorization/agree`, {
    method: 'POST',
    token,
  });
  expect(consent.status, JSON.stringify(consent.body)).toBe(200);
  const api = <R>(path: string, method = 'GET', body?: unknown, bearer = token) =>
    call<R>(path, { method, token: bearer, divisionId: NORTH, body });
  const types = await api<{ pageData: { id: string; code: string }[] }>(
    '/api/finding-types/by_template_id/routine-stormwater',
  );
  const typeIds = Object.fromEntries(types.body.pageData.map((t) => [t.code, t.id]));
  const group = await createGroup(db, NORTH, { name: `Compliance regulations ${tag}` });
  return { db, admin, token, api, typeIds, groupId: group.id };
}

export async function createClient(s: ReportSession, name: string): Promise<string> {
  const created = await s.api<{ id: string }>('/api/clients', 'POST', {
    name,
    address: { street_1: '3 Canal Wharf', city: 'Leeds', country_id: 'england', zip: 'LS11 5PS' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
}

/** A routine project the Admin inspects, started 60 days ago and due today. */
export async function createProject(s: ReportSession, name: string, clientId: string): Promise<string> {
  const created = await s.api<{ id: string }>('/api/projects', 'POST', {
    client_id: clientId,
    inspection_template_id: 'routine-stormwater',
    name,
    inspector_user_id: s.admin.id,
    latitude: 53.79,
    longitude: -1.55,
    document_group_id: s.groupId,
    routine_interval: 7,
    timezone: ZONE,
    start_date: ago(60),
    next_inspection_date: T,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
}

/**
 * A routine inspection dated `day` with its findings, certified that day, and acknowledged or
 * signed for compliance on the days given.
 */
export async function inspect(
  s: ReportSession,
  projectId: string,
  day: string,
  findings: Findings,
  signatures: Signatures,
) {
  const created = await s.api<{ id: string }>('/api/inspections', 'POST', { projectId, type: 'Routine' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id;
  const questions = await s.api<{ template: { question_groups: QuestionGroup[] }; answersVersion: number }>(
    `/api/inspections/${id}/questions`,
  );
  const saved = await s.api<{ inspection: { status: string; created_date: string } }>(
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
    const raised = await s.api(`/api/inspections/${id}/findings`, 'POST', {
      finding_type_id: s.typeIds[finding.code],
      location: `${finding.code} at ${finding.initiated}`,
      date_initiated: finding.initiated,
      date_completed: finding.completed ?? null,
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(201);
  }
  const sign = async (group: string, lineType: string, date: string) => {
    const signed = await s.api(`/api/inspections/${id}/cert/${group}`, 'POST', { lineType, date });
    expect(signed.status, `${group}: ${JSON.stringify(signed.body)}`).toBe(200);
  };
  await sign('inspection', 'inspector', day);
  if (signatures.acknowledgement)
    await sign('acknowledgement', 'acknowledgement', signatures.acknowledgement);
  if (signatures.compliance) await sign('compliance', 'operator', signatures.compliance);
}

/** Sets a project's next inspection date straight in the table: the days passing, as the job will see them. */
export async function letDueDatePass(s: ReportSession, projectId: string, dueDate: string) {
  await s.db.doc.send(
    new UpdateCommand({
      TableName: s.db.tableName,
      Key: projectKeys.project(NORTH, projectId),
      UpdateExpression: 'SET next_inspection_date = :due',
      ExpressionAttributeValues: { ':due': dueDate },
    }),
  );
}

/**
 * Builds the fixture under `complianceNames(tag)`. `culvertDaysAgo` is the one day the two tests
 * need apart: the integration test's open CA is not late yet, the browser test's is.
 */
export async function buildComplianceFixture(
  db: Db,
  tag: string,
  { culvertDaysAgo }: { culvertDaysAgo: number },
) {
  const s = await openSession(db, tag);
  const { prefix, clientNames, projectNames } = complianceNames(tag);
  const clients = {
    alder: await createClient(s, clientNames.alder),
    birch: await createClient(s, clientNames.birch),
  };
  const projects = {
    aqueduct: await createProject(s, projectNames.aqueduct, clients.alder),
    bridge: await createProject(s, projectNames.bridge, clients.birch),
    culvert: await createProject(s, projectNames.culvert, clients.alder),
  };
  for (let i = 1; i <= 8; i++) await createProject(s, `${prefix} Empty 0${i}`, clients.birch);

  await inspect(
    s,
    projects.aqueduct,
    ago(30),
    [
      { code: 'CA', initiated: ago(30), completed: ago(27) },
      { code: 'MI', initiated: ago(30), completed: ago(20) },
    ],
    { acknowledgement: ago(29), compliance: ago(20) },
  );
  await inspect(s, projects.aqueduct, ago(16), [{ code: 'CA', initiated: ago(16) }], {
    acknowledgement: ago(12),
  });
  const culvertDay = ago(culvertDaysAgo);
  await inspect(
    s,
    projects.culvert,
    culvertDay,
    [
      { code: 'MI', initiated: culvertDay, completed: culvertDay },
      { code: 'CA', initiated: culvertDay },
    ],
    {},
  );
  await letDueDatePass(s, projects.bridge, ago(3));
  return { ...s, prefix, clientNames, clients, projectNames, projects };
}

export type ComplianceFixture = Awaited<ReturnType<typeof buildComplianceFixture>>;
