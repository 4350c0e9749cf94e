import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getFinding } from '@stormline/data/findings';
import { recordedLate } from '@stormline/data/late-findings';
import { projectKeys } from '@stormline/data/projects';
import { CORRECTIVE_ACTION_MESSAGES } from '@stormline/domain/corrective-actions';
import { addDays, localDate } from '@stormline/domain/local-date';
import { recordLateFindingsOfDivision } from '@stormline/functions/jobs/late-findings';
import { call, NORTH, tokenFor } from '../support/api';
import { eventually } from '../support/eventually';
import { createRoutineProject } from '../support/routine-project';
import { testTable } from '../support/table';
import { createTestUser } from '../support/users';

/**
 * Corrective-action deadlines (issue 23, CGP 5.2, docs/decisions/0049): a CA finding of a project
 * on the CGP names the action it needs and is due by its deadline, stored on the finding, shown on
 * it and in the project's findings list; the late-findings job records it late the day after. The
 * runtime's region is UK, so the project is put on the CGP on its record, as a US project is.
 */

interface FindingView {
  id: string;
  number: number;
  corrective_action: string | null;
  due_by: string | null;
  version: number;
  [field: string]: unknown;
}

const db = testTable();
afterAll(() => db.doc.destroy());
const tag = randomBytes(3).toString('hex');
const ZONE = 'Europe/London';

let admin: string;
let cgpProject: string;
let fixedProject: string;
let types: { id: string; code: string }[];

const as = <T>(path: string, method = 'GET', body?: unknown) =>
  call<T>(path, { method, token: admin, divisionId: NORTH, ...(body === undefined ? {} : { body }) });

/** The most recent Friday at least two days before today (so its Monday deadline can be passed). */
function lastFriday(): string {
  let day = addDays(localDate(ZONE, new Date()), -2);
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 5) day = addDays(day, -1);
  return day;
}
/** Noon in London on a local date. */
const noonOn = (date: string) => new Date(`${date}T12:00:00Z`);

/** A project holds one open inspection at a time: its findings are all raised in that one. */
const inspections = new Map<string, string>();
async function inspectionOf(projectId: string): Promise<string> {
  if (inspections.has(projectId)) return inspections.get(projectId)!;
  const inspection = await as<{ id: string }>('/api/inspections', 'POST', { projectId, type: 'Post Storm' });
  expect(inspection.status, JSON.stringify(inspection.body)).toBe(201);
  inspections.set(projectId, inspection.body.id);
  return inspection.body.id;
}

beforeAll(async () => {
  admin = await tokenFor('admin@example.com');
  const inspector = await createTestUser('Inspector', [NORTH]);
  const make = (name: string) =>
    createRoutineProject(db, {
      name: `${name} ${tag}`,
      clientName: `CA Client ${name} ${tag}`,
      groupName: `CA regulations ${name} ${tag}`,
      inspectorId: inspector.id,
      adminToken: admin,
    });
  cgpProject = await make('Beck Lane');
  fixedProject = await make('Mill Race');
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: projectKeys.project(NORTH, cgpProject),
      UpdateExpression: 'SET #permit = :permit',
      ExpressionAttributeNames: { '#permit': 'permit' },
      ExpressionAttributeValues: {
        ':permit': { ruleSetId: 'cgp-2022', frequencyId: null, sensitiveWaters: false, reducedPeriods: [] },
      },
    }),
  );
  types = (
    await as<{ pageData: { id: string; code: string }[] }>(
      '/api/finding-types/by_template_id/routine-stormwater',
    )
  ).body.pageData;
});

const typeId = (code: string) => types.find((t) => t.code === code)!.id;

describe('CGP 5.2 deadlines on findings', () => {
  it('asks a CA finding of a CGP project which action it needs, on its field', async () => {
    const inspectionId = await inspectionOf(cgpProject);
    const refused = await as<{ message: string; issues: unknown[] }>(
      `/api/inspections/${inspectionId}/findings`,
      'POST',
      {
        finding_type_id: typeId('CA'),
        location: 'Silt fence, north boundary',
        date_initiated: lastFriday(),
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      message: CORRECTIVE_ACTION_MESSAGES.kindRequired,
      issues: [{ path: 'corrective_action', message: CORRECTIVE_ACTION_MESSAGES.kindRequired }],
    });
  });

  it("stores a Friday repair due Monday, shows it on the finding and in the project's findings, and the job records it late on Tuesday", async () => {
    const friday = lastFriday();
    const monday = addDays(friday, 3);
    const inspectionId = await inspectionOf(cgpProject);
    const created = await as<FindingView>(`/api/inspections/${inspectionId}/findings`, 'POST', {
      finding_type_id: typeId('CA'),
      location: 'Inlet protection at the east gate',
      date_initiated: friday,
      corrective_action: 'repair',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ corrective_action: 'repair', due_by: monday });
    const shown = await as<FindingView>(`/api/findings/${created.body.id}`);
    expect(shown.body).toMatchObject({ corrective_action: 'repair', due_by: monday });
    const listed = await as<{ pageData: FindingView[] }>(`/api/projects/${cgpProject}/findings`);
    expect(listed.body.pageData.find((f) => f.id === created.body.id)).toMatchObject({ due_by: monday });

    // The dashboard's Open Findings names the site's earliest deadline (from the statistics stream).
    await eventually(
      () =>
        as<{ pageData: { projectId: string; nextDueBy: string | null }[] }>(
          `/api/divisions/${NORTH}/openFindings/getOpenFindingStats?s=${encodeURIComponent(`Beck Lane ${tag}`)}`,
        ),
      (r) =>
        expect(r.body.pageData).toEqual([
          expect.objectContaining({ projectId: cgpProject, nextDueBy: monday }),
        ]),
      15_000,
    );

    const finding = await getFinding(db, NORTH, created.body.id);
    await recordLateFindingsOfDivision(db, NORTH, noonOn(monday));
    expect(await recordedLate(db, [finding])).toEqual(new Set());
    await recordLateFindingsOfDivision(db, NORTH, noonOn(addDays(monday, 1)));
    expect(await recordedLate(db, [finding])).toEqual(new Set([finding.id]));
  });

  it('a new or replacement control is due 7 calendar days on; changing the choice moves the deadline', async () => {
    const friday = lastFriday();
    const inspectionId = await inspectionOf(cgpProject);
    const created = await as<FindingView>(`/api/inspections/${inspectionId}/findings`, 'POST', {
      finding_type_id: typeId('CA'),
      location: 'Sediment basin outlet',
      date_initiated: friday,
      corrective_action: 'new-control',
    });
    expect(created.body).toMatchObject({ corrective_action: 'new-control', due_by: addDays(friday, 7) });
    const changed = await as<FindingView>(`/api/findings/${created.body.id}`, 'POST', {
      corrective_action: 'repair',
      version: created.body.version,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ corrective_action: 'repair', due_by: addDays(friday, 3) });
    const cleared = await as<{ message: string }>(`/api/findings/${created.body.id}`, 'POST', {
      corrective_action: null,
      version: changed.body.version,
    });
    expect(cleared.status).toBe(400);
    expect(cleared.body.message).toBe(CORRECTIVE_ACTION_MESSAGES.kindRequired);
  });

  it('refuses the choice on a finding that is not a corrective action', async () => {
    const inspectionId = await inspectionOf(cgpProject);
    const refused = await as<{ message: string }>(`/api/inspections/${inspectionId}/findings`, 'POST', {
      finding_type_id: types.find((t) => t.code !== 'CA')!.id,
      location: 'Stockpile',
      date_initiated: lastFriday(),
      corrective_action: 'repair',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(CORRECTIVE_ACTION_MESSAGES.notApplicable);
  });

  it("findings of a project on the fixed interval keep today's rule: no choice, late after 7 days open", async () => {
    const friday = lastFriday();
    const inspectionId = await inspectionOf(fixedProject);
    const created = await as<FindingView>(`/api/inspections/${inspectionId}/findings`, 'POST', {
      finding_type_id: typeId('CA'),
      location: 'Wheel wash',
      date_initiated: friday,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ corrective_action: null, due_by: null });
    const finding = await getFinding(db, NORTH, created.body.id);
    await recordLateFindingsOfDivision(db, NORTH, noonOn(addDays(friday, 7)));
    expect(await recordedLate(db, [finding])).toEqual(new Set());
    await recordLateFindingsOfDivision(db, NORTH, noonOn(addDays(friday, 8)));
    expect(await recordedLate(db, [finding])).toEqual(new Set([finding.id]));
  });
});
