import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup } from '@stormline/data/regulations';
import {
  applyStatisticsRecord,
  getMonthlyStatistics,
  getProjectStatistics,
} from '@stormline/data/statistics';
import { rebuildProjectStatistics } from '@stormline/data/statistics-rebuild';
import { addDays, localDate } from '@stormline/domain/local-date';
import { rebuild } from '@stormline/domain/statistics';
import { call, NORTH, tokenFor } from '../support/api';
import { eventually } from '../support/eventually';
import { testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';

/**
 * The statistics kept by the table's stream (docs/decisions/0019): the product's own writes,
 * through the local runtime's stream reader and the statistics handler, move a project's counters
 * to what a rebuild from its records gives; a record applied twice changes nothing.
 */

const db = testTable();
afterAll(() => db.doc.destroy());

const ZONE = 'Europe/London';
const tag = randomBytes(3).toString('hex');
const today = () => localDate(ZONE, new Date());
const as = <T>(token: string, path: string, method = 'GET', body?: unknown) =>
  call<T>(path, { method, token, divisionId: NORTH, body });

let admin: string;
let projectId: string;
let inspectionId: string;

beforeAll(async () => {
  admin = await tokenFor('admin@example.com');
  const inspector = await createTestUser('Inspector', [NORTH]);
  const client = await as<{ id: string }>(admin, '/api/clients', 'POST', {
    name: `Statistics Client ${tag}`,
    address: { street_1: '5 Mill Race', city: 'Leeds', country_id: 'england', zip: 'LS1 4DL' },
  });
  const group = await createGroup(db, NORTH, { name: `Statistics regulations ${tag}` });
  const project = await as<{ id: string }>(admin, '/api/projects', 'POST', {
    client_id: client.body.id,
    inspection_template_id: 'routine-stormwater',
    name: `Holbeck Sidings ${tag}`,
    inspector_user_id: inspector.id,
    latitude: 53.79,
    longitude: -1.56,
    document_group_id: group.id,
    routine_interval: 7,
    timezone: ZONE,
    start_date: localDate(ZONE, new Date(Date.now() - 20 * 86_400_000)),
    next_inspection_date: today(),
  });
  projectId = project.body.id;
  inspectionId = (await as<{ id: string }>(admin, '/api/inspections', 'POST', { projectId, type: 'Routine' }))
    .body.id;
});

const statistics = async () => (await getProjectStatistics(db, NORTH, [projectId])).get(projectId)!;

describe('statistics kept by the stream', () => {
  it('follow the inspection and its findings as they are raised, completed and deleted', async () => {
    const types = await as<{ pageData: { id: string; code: string }[] }>(
      admin,
      '/api/finding-types/by_template_id/routine-stormwater',
    );
    const raise = async (code: string) =>
      (
        await as<{ id: string }>(admin, `/api/inspections/${inspectionId}/findings`, 'POST', {
          finding_type_id: types.body.pageData.find((t) => t.code === code)!.id,
          location: `Statistics ${code}`,
          date_initiated: today(),
        })
      ).body.id;
    const ca = await raise('CA');
    const mi = await raise('MI');
    const completed = await as(admin, `/api/inspections/${inspectionId}/findings`, 'PUT', {
      finding_ids: [mi],
      date_completed: today(),
    });
    expect(completed.status).toBe(200);
    const expected = rebuild([
      {
        kind: 'inspection',
        projectId,
        created_date: today(),
        acknowledgement_date: null,
        compliance_date: null,
      },
      { kind: 'finding', projectId, typeCode: 'CA', date_initiated: today(), date_completed: null },
      { kind: 'finding', projectId, typeCode: 'MI', date_initiated: today(), date_completed: today() },
    ]);
    const split = (all: Record<string, number>, daily: boolean) =>
      Object.fromEntries(Object.entries(all).filter(([name]) => name.startsWith('day|') === daily));
    await eventually(statistics, (counters) => expect(counters).toEqual(split(expected, false)), 15_000);
    const month = today().slice(0, 7);
    const days = (await getMonthlyStatistics(db, NORTH, [projectId], [month])).get(projectId);
    expect(days).toEqual(split(expected, true));

    const deleted = await as(admin, `/api/findings/${ca}`, 'DELETE', { note: 'Raised in error.' });
    expect(deleted.status).toBe(200);
    await eventually(
      statistics,
      (counters) => {
        expect(counters['f|CA'] ?? 0).toBe(0);
        expect(counters['f|MI']).toBe(1);
        expect(Object.keys(counters).some((name) => name.startsWith('o|CA|') && counters[name] !== 0)).toBe(
          false,
        );
      },
      15_000,
    );
  });

  it('apply a stream record once however often it is delivered, and never an older one after a newer', async () => {
    const record = {
      divisionId: NORTH,
      projectId,
      sourceKey: `TEST#${tag}|FINDING`,
      source: { kind: 'carry-over', projectId, typeCode: 'XX' } as const,
    };
    const read = async () => (await statistics())['c|XX'] ?? 0;
    expect(await applyStatisticsRecord(db, { ...record, sequence: 100n })).toBe(true);
    expect(await applyStatisticsRecord(db, { ...record, sequence: 100n })).toBe(false);
    expect(await read()).toBe(1);
    expect(await applyStatisticsRecord(db, { ...record, sequence: 300n, source: null })).toBe(true);
    expect(await applyStatisticsRecord(db, { ...record, sequence: 200n })).toBe(false);
    expect(await read()).toBe(0);
  });

  it('are what a rebuild from the records gives, and the stream carries on from a rebuild', async () => {
    const kept = await statistics();
    const month = today().slice(0, 7);
    const keptDays = (await getMonthlyStatistics(db, NORTH, [projectId], [month])).get(projectId);
    const rebuilt = await rebuildProjectStatistics(db, NORTH, projectId);
    const { 'c|XX': _test, ...real } = kept;
    expect(await statistics()).toEqual(real);
    expect(Object.fromEntries(Object.entries(rebuilt).filter(([n]) => !n.startsWith('day|')))).toEqual(real);
    expect((await getMonthlyStatistics(db, NORTH, [projectId], [month])).get(projectId)).toEqual(keptDays);
    // A finding raised after the rebuild moves the rebuilt counters by one.
    const types = await as<{ pageData: { id: string; code: string }[] }>(
      admin,
      '/api/finding-types/by_template_id/routine-stormwater',
    );
    const raised = await as(admin, `/api/inspections/${inspectionId}/findings`, 'POST', {
      finding_type_id: types.body.pageData.find((t) => t.code === 'MI')!.id,
      location: 'After the rebuild',
      date_initiated: today(),
    });
    expect(raised.status).toBe(201);
    await eventually(
      statistics,
      (counters) => expect(counters['f|MI']).toBe((real['f|MI'] ?? 0) + 1),
      15_000,
    );
  });
});

describe('the widgets that read them (spec 000 §2)', () => {
  interface Rows<T> {
    pageData: T[];
    paginationState: { nextCursor: string | null };
  }
  const search = `?s=${encodeURIComponent(`Holbeck Sidings ${tag}`)}`;

  it('Open Findings: the sites with open findings, by type, and only the sites the caller sees', async () => {
    const rows = await eventually(
      () =>
        as<Rows<{ projectId: string; openFindingsCount: number; maxDaysOpened: number; clientName: string }>>(
          admin,
          `/api/divisions/${NORTH}/openFindings/getOpenFindingStats${search}`,
        ),
      (r) => expect(r.body.pageData.map((p) => p.projectId)).toEqual([projectId]),
      15_000,
    );
    expect(rows.body.pageData[0]).toMatchObject({
      openFindingsCount: 1,
      maxDaysOpened: 0,
      clientName: `Statistics Client ${tag}`,
    });
    const ca = await as<Rows<unknown>>(
      admin,
      `/api/divisions/${NORTH}/openFindings/getOpenFindingStats${search}&type=CA`,
    );
    expect(ca.body.pageData).toEqual([]);
    const outsider = await signInAs(await createTestUser('Client User', [NORTH]));
    const theirs = await as<Rows<{ projectId: string }>>(
      outsider,
      `/api/divisions/${NORTH}/openFindings/getOpenFindingStats`,
    );
    expect(theirs.status).toBe(200);
    expect(theirs.body.pageData.map((p) => p.projectId)).not.toContain(projectId);
  });

  it('Findings Overview: inspections, averages and days to correct per site', async () => {
    const rows = await as<Rows<Record<string, unknown>>>(
      admin,
      `/api/divisions/${NORTH}/findingsOverview/getStats${search}&type=MI`,
    );
    expect(rows.body.pageData).toEqual([
      expect.objectContaining({ projectId, numberOfInspections: 1, averageFindings: 2, maxDaysToCorrect: 0 }),
    ]);
  });

  it('offers the finding types of the division’s templates in the type filters (and the report’s)', async () => {
    for (const path of [
      'openFindings/fetchFindingTypesUsed',
      'findingsOverview/fetchFindingTypesUsed',
      'findingTypes',
    ]) {
      const types = await as<{ pageData: { code: string; name: string }[] }>(
        admin,
        `/api/divisions/${NORTH}/${path}`,
      );
      expect(types.body.pageData.map((t) => t.code)).toEqual(expect.arrayContaining(['CA', 'MI']));
    }
  });

  it('Inspections Due: the next due date (moved on by the routine inspection started today) and the project’s today', async () => {
    const rows = await as<Rows<Record<string, unknown>>>(
      admin,
      `/api/divisions/${NORTH}/inspectionsDue/getInspectionsDueStats${search}`,
    );
    expect(rows.body.pageData).toEqual([
      {
        projectId,
        siteName: `Holbeck Sidings ${tag}`,
        clientName: `Statistics Client ${tag}`,
        dueDate: addDays(today(), 7),
        today: today(),
        inspectionStatus: 'scheduled',
      },
    ]);
  });

  it('the inspection calendar: the month’s inspections of a project the caller sees, and its project select', async () => {
    for (const path of [`/api/divisions/${NORTH}/calendar/getCalendarData`, '/calendar/getCalendarData']) {
      const month = await as<{
        month: string;
        inspections: { inspectionId: string; inspector: string | null }[];
      }>(admin, `${path}?type=${projectId}`);
      expect(month.status, path).toBe(200);
      expect(month.body.month).toBe(today().slice(0, 7));
      expect(month.body.inspections.map((i) => i.inspectionId)).toEqual([inspectionId]);
    }
    const none = await as<{ inspections: unknown[] }>(
      admin,
      `/api/divisions/${NORTH}/calendar/getCalendarData`,
    );
    expect(none.body.inspections).toEqual([]);
    const before = await as<{ inspections: unknown[] }>(
      admin,
      `/api/divisions/${NORTH}/calendar/getCalendarData?type=${projectId}&month=2020-01`,
    );
    expect(before.body.inspections).toEqual([]);
    const outsider = await signInAs(await createTestUser('Client User', [NORTH]));
    expect(
      (await as(outsider, `/api/divisions/${NORTH}/calendar/getCalendarData?type=${projectId}`)).status,
    ).toBe(404);
    const projects = await as<Rows<{ id: string; clientName: string }>>(
      admin,
      `/api/divisions/${NORTH}/calendar/fetchAllUserProjects${search}`,
    );
    expect(projects.body.pageData).toEqual([
      { id: projectId, name: `Holbeck Sidings ${tag}`, clientName: `Statistics Client ${tag}` },
    ]);
  });
});
