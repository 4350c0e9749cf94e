import { randomUUID } from 'node:crypto';
import type { Db } from '@stormline/data/dynamo';
import { findingNoteStep } from '@stormline/data/findings';
import { createInspectionNote } from '@stormline/data/inspection-notes';
import { installTemplateVersion, versionKey } from '@stormline/data/templates';
import { transact } from '@stormline/data/transact';
import { ROUTINE_STORMWATER } from '@stormline/domain/system-templates/routine-stormwater';
import { NORTH, SOUTH } from '../support/api';
import { inspectedSite } from '../support/inspected-site';
import { storedItem } from '../support/table';
import { createTestUser } from '../support/users';

interface ForeignCase {
  path: string;
  body?: unknown;
  snapshot: () => Promise<unknown>;
}

/**
 * A project of South with an inspection, a finding (with an observation) and a note, and a
 * template only South holds: what the inspection routes, pointed at them from North, must refuse
 * and leave as they were.
 */
export async function southInspection(db: Db) {
  const noteId = randomUUID();
  const site = await inspectedSite(db, SOUTH, {
    clientName: 'South inspection client',
    projectName: 'South inspected site',
    location: 'South gate',
    createdBy: 'tenancy',
    findingSteps: (f) => [
      findingNoteStep(db, SOUTH, {
        id: noteId,
        findingId: f.id,
        content: 'Not yours',
        authorId: 'tenancy',
        createdAt: new Date().toISOString(),
        updatedAt: null,
        version: 0,
      }),
    ],
  });
  const note = await createInspectionNote(
    db,
    SOUTH,
    { inspectionId: site.inspection.id, content: 'Not yours', authorId: 'tenancy' },
    [],
    new Date(),
  );
  return { ...site, note, noteId };
}

/** A template held by South alone (its version and link), for the finding types route. */
async function southTemplate(db: Db) {
  const templateId = `south-only-${randomUUID().slice(0, 8)}`;
  await installTemplateVersion(
    db,
    { ...ROUTINE_STORMWATER, templateId, name: `South only ${templateId}` },
    { ccr: false, optionalCompliance: false, cgp: false },
    new Date(),
  );
  await transact(db, [
    {
      write: {
        Put: {
          TableName: db.tableName,
          Item: {
            pk: `TEMPLATE#${templateId}`,
            sk: `DIVISION#${SOUTH}`,
            type: 'DivisionTemplate',
            divisionId: SOUTH,
            templateId,
          },
        },
      },
    },
  ]);
  return { templateId, snapshot: () => storedItem(db, versionKey(templateId, 1)) };
}

export function inspectionCases(db: Db): Record<string, () => Promise<ForeignCase>> {
  type South = Awaited<ReturnType<typeof southInspection>>;
  const on = (path: (s: South) => string, body?: unknown | ((s: South) => unknown)) => async () => {
    const south = await southInspection(db);
    return {
      path: path(south),
      body: typeof body === 'function' ? body(south) : body,
      snapshot: south.snapshot,
    };
  };
  return {
    'GET /api/projects/{id}/inspections': on((s) => `/api/projects/${s.project.id}/inspections`),
    'GET /api/changelog/projects/{id}': on((s) => `/api/changelog/projects/${s.project.id}`),
    'GET /api/projects/{id}/docs': on((s) => `/api/projects/${s.project.id}/docs`),
    'GET /api/inspections/{id}': on((s) => `/api/inspections/${s.inspection.id}`),
    'PUT /api/inspections/{id}': on((s) => `/api/inspections/${s.inspection.id}`, {
      answersVersion: 0,
      answers: [{ questionId: 'rs-weather-now', value: 'Taken over' }],
    }),
    'DELETE /api/inspections/{id}': on((s) => `/api/inspections/${s.inspection.id}`),
    'POST /api/inspections/{id}/open': on((s) => `/api/inspections/${s.inspection.id}/open`),
    'POST /api/inspections/{id}/inspector/{userId}': on(
      (s) => `/api/inspections/${s.inspection.id}/inspector/${s.inspection.inspectorId ?? 'someone'}`,
      (s: South) => ({ projectId: s.project.id }),
    ),
    // A North inspector, given South's project: the project is not found, and nothing moves.
    'POST /api/inspections/reassign/{userId}': async () => {
      const south = await southInspection(db);
      const target = await createTestUser('Inspector', [NORTH]);
      return {
        path: `/api/inspections/reassign/${target.id}`,
        body: { projectIds: [south.project.id] },
        snapshot: south.snapshot,
      };
    },
    'GET /api/inspections/{id}/notes': on((s) => `/api/inspections/${s.inspection.id}/notes`),
    'POST /api/inspections/{id}/notes': on((s) => `/api/inspections/${s.inspection.id}/notes`, {
      note: { content: 'x' },
    }),
    'PUT /api/inspections/{id}/notes/{noteId}': on(
      (s) => `/api/inspections/${s.inspection.id}/notes/${s.note.id}`,
      {
        note: { content: 'Taken over' },
      },
    ),
    'DELETE /api/inspections/{id}/notes/{noteId}': on(
      (s) => `/api/inspections/${s.inspection.id}/notes/${s.note.id}`,
    ),
    'GET /api/inspections/{id}/questions': on((s) => `/api/inspections/${s.inspection.id}/questions`),
    'POST /api/inspections/{id}/questions/{questionId}/comments': on(
      (s) => `/api/inspections/${s.inspection.id}/questions/rs-weather-now/comments`,
      { comment: 'Taken over' },
    ),
    'DELETE /api/inspections/{id}/questions/{questionId}/comments': on(
      (s) => `/api/inspections/${s.inspection.id}/questions/rs-weather-now/comments`,
    ),
    'GET /api/inspections/{id}/findings': on((s) => `/api/inspections/${s.inspection.id}/findings`),
    'POST /api/inspections/{id}/findings': on((s) => `/api/inspections/${s.inspection.id}/findings`, {
      finding_type_id: 'ca',
      location: 'x',
      date_initiated: '2026-03-02',
    }),
    'PUT /api/inspections/{id}/findings': on(
      (s) => `/api/inspections/${s.inspection.id}/findings`,
      (s: South) => ({ finding_ids: [s.finding.id], date_completed: '2026-03-03' }),
    ),
    'POST /api/inspections/{id}/findings/notes': on(
      (s) => `/api/inspections/${s.inspection.id}/findings/notes`,
      {
        findingIds: ['placeholder'],
        comments: 'x',
      },
    ),
    'PUT /api/notes/{type}/{id}': on((s) => `/api/notes/findings/${s.noteId}`, { content: 'Taken over' }),
    'DELETE /api/notes/{type}/{id}': on((s) => `/api/notes/findings/${s.noteId}`),
    'GET /api/findings/{id}': on((s) => `/api/findings/${s.finding.id}`),
    'POST /api/findings/{id}': on((s) => `/api/findings/${s.finding.id}`, {
      version: 0,
      location: 'Taken over',
    }),
    'DELETE /api/findings/{id}': on((s) => `/api/findings/${s.finding.id}`, { note: 'Taken over' }),
    'GET /api/findings/{id}/open': on((s) => `/api/findings/${s.finding.id}/open`),
    'POST /api/findings/{id}/open': on((s) => `/api/findings/${s.finding.id}/open`),
    'POST /api/findings/{id}/uploads': on((s) => `/api/findings/${s.finding.id}/uploads`, {
      uploads: [{ upload: 'eyJrIjoiZnV6eiJ9.c2ln', thumbnail: 'eyJrIjoiZnV6eiJ9.c2ln' }],
    }),
    'PUT /api/findings/{id}/uploads/{uploadId}': on((s) => `/api/findings/${s.finding.id}/uploads/any`, {
      rotation: 90,
    }),
    'DELETE /api/findings/{id}/uploads/{uploadId}': on((s) => `/api/findings/${s.finding.id}/uploads/any`),
    'GET /api/inspections/{id}/cert': on((s) => `/api/inspections/${s.inspection.id}/cert`),
    'POST /api/inspections/{id}/cert/{group}': on(
      (s) => `/api/inspections/${s.inspection.id}/cert/inspection`,
      {
        lineType: 'inspector',
        date: '2026-03-02',
      },
    ),
    'GET /api/projects/{id}': on((s) => `/api/projects/${s.project.id}`),
    'GET /api/projects/{id}/findings': on((s) => `/api/projects/${s.project.id}/findings`),
    'PUT /api/projects/{id}': on((s) => `/api/projects/${s.project.id}`, {
      name: 'Taken over',
      inspector_user_id: 'anyone',
      latitude: 51.4,
      longitude: -2.5,
      routine_interval: 7,
      timezone: 'Europe/London',
      version: 0,
    }),
    'DELETE /api/projects/{id}': on((s) => `/api/projects/${s.project.id}`),
    'GET /api/divisions/{id}/projects/archive/{projectId}': on(
      (s) => `/api/divisions/${NORTH}/projects/archive/${s.project.id}`,
    ),
    'POST /api/divisions/{id}/projects/archive/{projectId}': on(
      (s) => `/api/divisions/${NORTH}/projects/archive/${s.project.id}`,
    ),
    'DELETE /api/divisions/{id}/projects/archive/{projectId}': on(
      (s) => `/api/divisions/${NORTH}/projects/archive/${s.project.id}`,
    ),
    'PUT /api/projects/{id}/attr/next_inspection_date': on(
      (s) => `/api/projects/${s.project.id}/attr/next_inspection_date`,
      {
        value: '12-31-2099',
      },
    ),
    'GET /api/projects/{id}/contacts': on((s) => `/api/projects/${s.project.id}/contacts`),
    'POST /api/projects/{id}/contacts': on((s) => `/api/projects/${s.project.id}/contacts`, {
      userIds: ['anyone'],
    }),
    'DELETE /api/projects/{id}/contacts/{userId}': on((s) => `/api/projects/${s.project.id}/contacts/anyone`),
    'PUT /api/projects/{id}/public': on((s) => `/api/projects/${s.project.id}/public`),
    'DELETE /api/projects/{id}/public': on((s) => `/api/projects/${s.project.id}/public`),
    'GET /api/publicUrl/{id}': on((s) => `/api/publicUrl/${s.project.id}`),
    'GET /api/publicUrl/{id}/header': on((s) => `/api/publicUrl/${s.project.id}/header`),
    'GET /api/publicUrl/{id}/inspection/{inspectionId}/header': on(
      (s) => `/api/publicUrl/${s.project.id}/inspection/${s.inspection.id}/header`,
    ),
    'GET /api/finding-types/by_template_id/{templateId}': async () => {
      const { templateId, snapshot } = await southTemplate(db);
      return { path: `/api/finding-types/by_template_id/${templateId}`, snapshot };
    },
    'GET /api/templates/{id}/signatures': async () => {
      const { templateId, snapshot } = await southTemplate(db);
      return { path: `/api/templates/${templateId}/signatures`, snapshot };
    },
  };
}
