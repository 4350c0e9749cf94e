import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@stormline/data/clients';
import {
  createFinding,
  findingUpdateSteps,
  getFinding,
  listInspectionFindings,
  listOpenFindingsOfProject,
  neighbourFinding,
} from '@stormline/data/findings';
import {
  createInspection,
  findingLinksOf,
  findRoutineInspectionOn,
  getInspectionWithAnswers,
  listProjectInspections,
  saveAnswers,
} from '@stormline/data/inspections';
import { createProject, projectKeys } from '@stormline/data/projects';
import { sampleClient, sampleProject } from '@stormline/local/sample-records';
import { transact } from '@stormline/data/transact';
import type { TemplateVersion } from '@stormline/domain/template-model';
import { NORTH } from '../support/api';
import { openCorrectiveAction } from '../support/inspected-site';
import { storedItem, testTable } from '../support/table';

/**
 * The inspection and finding writers against DynamoDB Local (docs/decisions/0018): the numbers,
 * the creation rule and the carry-over in one transaction each, the answers' version, the lists.
 */

const db = testTable();
afterAll(() => db.doc.destroy());

const version: TemplateVersion = {
  templateId: 'routine-stormwater',
  version: 1,
  name: 'Data test template',
  kind: 'standard',
  has_acknowledgement: false,
  has_compliance_cert: true,
  question_groups: [],
  finding_types: [
    {
      id: 'ca',
      name: 'Corrective Action',
      code: 'CA',
      is_static_type: true,
      details: { is_enabled: true, is_required_for_cert: true, color: '#E03131' },
    },
    {
      id: 'mi',
      name: 'Maintenance Item',
      code: 'MI',
      is_static_type: true,
      details: { is_enabled: true, is_required_for_cert: false, color: '#F59F00' },
    },
  ],
  signature_groups: {},
  attestations: [],
  condition_options: [],
  control_measure_required: false,
  post_storm_questions: [],
};

let projectId: string;

/** A finding's fields without what its writer gives (id, number, counts, version). */
function withoutIdentity(finding: Awaited<ReturnType<typeof createFinding>>) {
  const { id: _id, number: _n, imageCount: _i, createdAt: _c, version: _v, ...fields } = finding;
  return fields;
}

beforeAll(async () => {
  const client = await createClient(
    db,
    NORTH,
    sampleClient(`Data Client ${randomBytes(3).toString('hex')}`),
    new Date(),
  );
  const project = await createProject(
    db,
    sampleProject({
      divisionId: NORTH,
      client_id: client.id,
      name: `Data project ${randomBytes(3).toString('hex')}`,
      next_inspection_date: '2026-03-10',
    }),
  );
  projectId = project.id;
});

const newInspection = (
  day: string,
  type: 'Routine' | 'Post Storm' = 'Routine',
  carried: { findingId: string; number: number; typeCode: string }[] = [],
) =>
  createInspection(
    db,
    {
      divisionId: NORTH,
      projectId,
      type,
      created_date: `${day}T09:30`,
      inspectorId: null,
      createdBy: 'test',
      version,
      answers: {},
      ...(type === 'Routine' ? { nextInspectionDate: '2026-03-17' } : {}),
      carried,
    },
    () => [],
    new Date(),
  );

describe('inspection and finding writers', () => {
  it('numbers inspections per project, holds the creation rule in the transaction, carries open findings over', async () => {
    const first = await newInspection('2026-03-03');
    expect(first.number).toBe(1);
    const project = await storedItem(db, projectKeys.project(NORTH, projectId));
    expect(project).toMatchObject({
      inspectionSeq: 1,
      inspectionCount: 1,
      openInspectionCount: 1,
      next_inspection_date: '2026-03-17',
    });
    await expect(newInspection('2026-03-04', 'Post Storm')).rejects.toThrow(
      'Complete the existing inspection(s) before creating a new one.',
    );

    const ca = await createFinding(
      db,
      openCorrectiveAction({
        divisionId: NORTH,
        projectId,
        initialInspectionId: first.id,
        date_initiated: '2026-03-03',
        location: 'North gate',
        createdBy: 'test',
      }),
      first,
      () => [],
      new Date(),
    );
    const mi = await createFinding(
      db,
      {
        ...withoutIdentity(ca),
        typeId: 'mi',
        typeCode: 'MI',
        typeName: 'Maintenance Item',
        is_required_for_cert: false,
        location: 'Inlet 3',
      },
      first,
      () => [],
      new Date(),
    );
    expect([ca.number, mi.number]).toEqual([1, 2]);
    expect(await findingLinksOf(db, NORTH, first.id)).toEqual([
      { findingId: ca.id, number: 1, typeCode: 'CA', carriedOver: false },
      { findingId: mi.id, number: 2, typeCode: 'MI', carriedOver: false },
    ]);

    // The answers save at their version; a stale one is refused and nothing changes.
    const saved = await saveAnswers(
      db,
      first,
      0,
      {
        answers: { q: 1 },
        comments: {},
        status: 'complete',
        created_date: first.created_date,
        type: 'Routine',
      },
      [],
    );
    expect(saved.answersVersion).toBe(1);
    await expect(
      saveAnswers(
        db,
        saved.inspection,
        0,
        {
          answers: { q: 2 },
          comments: {},
          status: 'complete',
          created_date: first.created_date,
          type: 'Routine',
        },
        [],
      ),
    ).rejects.toThrow('changed by someone else');
    expect((await getInspectionWithAnswers(db, NORTH, first.id)).answers).toMatchObject({
      answers: { q: 1 },
      version: 1,
    });

    // Certified (here by hand): the next one may be created and carries the open findings.
    await transact(db, [
      {
        write: {
          Update: {
            TableName: db.tableName,
            Key: { pk: `DIVISION#${NORTH}#INSPECTION#${first.id}`, sk: 'INSPECTION' },
            UpdateExpression: 'SET certification_date = :d, countsAsOpen = :f',
            ExpressionAttributeValues: { ':d': '2026-03-03', ':f': false },
          },
        },
      },
      {
        write: {
          Update: {
            TableName: db.tableName,
            Key: projectKeys.project(NORTH, projectId),
            UpdateExpression: 'ADD openInspectionCount :m',
            ExpressionAttributeValues: { ':m': -1 },
          },
        },
      },
    ]);
    await transact(db, findingUpdateSteps(db, mi, { ...mi, date_completed: '2026-03-05' }));
    const open = await listOpenFindingsOfProject(db, NORTH, projectId);
    expect(open.map((f) => f.id)).toEqual([ca.id]);
    const second = await newInspection(
      '2026-03-10',
      'Routine',
      open.map((f) => ({ findingId: f.id, number: f.number, typeCode: f.typeCode })),
    );
    expect(second.number).toBe(2);
    expect(await findingLinksOf(db, NORTH, second.id)).toEqual([
      { findingId: ca.id, number: 1, typeCode: 'CA', carriedOver: true },
    ]);
    expect((await getFinding(db, NORTH, mi.id)).version).toBe(1);

    // Lists: newest first, by type, today's routine one, findings of an inspection, neighbours.
    const page = await listProjectInspections(db, NORTH, projectId, { pageSize: 10 });
    expect(page.items.map((i) => i.number)).toEqual([2, 1]);
    const routine = await listProjectInspections(db, NORTH, projectId, { pageSize: 10, type: 'Routine' });
    expect(routine.items.map((i) => i.number)).toEqual([2, 1]);
    expect(
      (await listProjectInspections(db, NORTH, projectId, { pageSize: 10, type: 'Post Storm' })).items,
    ).toEqual([]);
    expect((await findRoutineInspectionOn(db, NORTH, projectId, '2026-03-10'))?.id).toBe(second.id);
    expect(await findRoutineInspectionOn(db, NORTH, projectId, '2026-03-11')).toBeNull();
    const openOnly = await listInspectionFindings(db, NORTH, first.id, {
      pageSize: 50,
      excludeCompleted: true,
    });
    expect(openOnly.items.map((f) => f.id)).toEqual([ca.id]);
    const mis = await listInspectionFindings(db, NORTH, first.id, { pageSize: 50, typeCode: 'MI' });
    expect(mis.items.map((f) => f.id)).toEqual([mi.id]);
    expect(await neighbourFinding(db, NORTH, first.id, 1, 'next')).toBe(mi.id);
    expect(await neighbourFinding(db, NORTH, first.id, 2, 'previous')).toBe(ca.id);
    expect(await neighbourFinding(db, NORTH, first.id, 1, 'previous')).toBeNull();
  });
});
