import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ROUTES } from '@stormline/contract/route-table';
import type { Route } from '@stormline/contract/route';
import { call, NORTH, SOUTH } from '../support/api';
import type { ApiResponse } from '../support/api';
import { createTestUser } from '../support/users';

/**
 * Malformed input to every implemented route: a valid body with one field made wrong (type,
 * size), unknown fields, deep nesting, a 3 MB body, broken JSON, random JSON. Each must answer a
 * 4xx with a message, never a 5xx or a trace. An Admin of its own is used, so even an input
 * that happened to be valid changes no demo data.
 *
 * The pass is three files that share this kit (fuzz.test.ts: completeness, queries, paths,
 * headers, socket messages; fuzz-bodies-1/2.test.ts: half of the write routes' bodies each), so
 * the run's workers share it: as one file it was the longest of the run's first group, its tail.
 */

/**
 * A valid body for each implemented write route: the fuzz pass changes one field at a time, so a
 * refusal is for that field, not for the others missing. A new write route must add its own.
 */
export const VALID_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/login': { email: 'nobody@example.com', password: 'not-the-password' },
  'POST /api/download-links': { path: '/dl/fuzz' },
  'POST /api/divisions': { name: 'Fuzz division' },
  'PUT /api/divisions/{id}': { name: 'Fuzz division', version: 0 },
  'POST /api/divisions/{id}/users': { userIds: ['fuzz-user'] },
  'DELETE /api/divisions/{id}/users': { userIds: ['fuzz-user'] },
  'POST /api/divisions/{id}/clients': { clientIds: ['fuzz-client'] },
  'DELETE /api/divisions/{id}/clients': { clientIds: ['fuzz-client'] },
  'POST /api/divisions/{id}/regulations': { regulationIds: ['fuzz-group'] },
  'DELETE /api/divisions/{id}/regulations': { regulationIds: ['fuzz-group'] },
  'POST /api/divisions/{id}/inspectionTemplates': { inspectionTemplateIds: ['fuzz-template'] },
  'DELETE /api/divisions/{id}/inspectionTemplates': { inspectionTemplateIds: ['fuzz-template'] },
  'POST /api/clients': {
    name: 'Fuzz client',
    address: { street_1: '1 Fuzz Street', city: 'Leeds', country_id: 'england', zip: 'LS1 4DL' },
  },
  'PUT /api/clients/{id}': {
    name: 'Fuzz client',
    address: { street_1: '1 Fuzz Street', city: 'Leeds', country_id: 'england', zip: 'LS1 4DL' },
    version: 0,
  },
  'POST /api/clients/{id}/contacts': { userIds: ['fuzz-user'] },
  'POST /api/projects': {
    client_id: 'fuzz-client',
    inspection_template_id: 'routine-stormwater',
    name: 'Fuzz project',
    inspector_user_id: 'fuzz-user',
    latitude: 53.8,
    longitude: -1.5,
    document_group_id: 'fuzz-group',
    routine_interval: 7,
    timezone: 'Europe/London',
  },
  'POST /api/groups/add': { name: 'Fuzz regulations' },
  'POST /api/inspection-templates': { name: 'Fuzz template', copyOf: 'epa-cgp' },
  'PUT /api/inspection-templates/{id}': { name: 'Fuzz template', has_compliance_cert: false },
  'POST /api/inspection-templates/{templateId}/question-groups': {
    name: 'Fuzz group',
    layout_type: 'TABLE',
    description: null,
    table_headers: ['Yes', 'No'],
    order: 0,
  },
  'PUT /api/inspection-templates/{templateId}/question-groups/{groupId}': {
    name: 'Fuzz group',
    layout_type: 'FORM',
  },
  'PUT /api/inspection-templates/{templateId}/question-groups-swap': {
    groupId1: 'fuzz-1',
    groupId2: 'fuzz-2',
  },
  'POST /api/questions': {
    groupId: 'fuzz_group',
    input_label: 'Fuzz question',
    question_type_id: 'select',
    questionWidth: 50,
    required: true,
    features: [],
    options: [{ name: 'Yes' }],
  },
  'PUT /api/questions/{questionId}/config': {
    items: [{ questionId: 'fuzz', questionFieldId: 'number.min', value: 0 }],
  },
  'PUT /api/question-types/{typeId}/config': { items: [{ questionFieldId: 'number.decimals', value: 2 }] },
  'PUT /api/questions/{id}': {
    input_label: 'Fuzz question',
    question_type_id: 'text',
    groupId: 'fuzz_group',
    sort_order: 0,
  },
  'POST /api/finding-types': { name: 'Fuzz type', inspection_template_id: 'fuzz', color: '#123456' },
  'PUT /api/finding-types': { id: 'fuzz_type', is_enabled: true, is_required_for_cert: false },
  'POST /api/templates/{id}/signatures': {
    group: 'inspection',
    lines: [{ type: 'inspector', label: null, roleFieldLabel: 'Position', userFieldLabel: 'Full Name' }],
    attestations: [{ content: 'I certify.' }],
  },
  'DELETE /api/finding-types': { id: 'fuzz_type' },
  'POST /api/groups/update/{id}': { name: 'Fuzz regulations', version: 0 },
  'POST /api/uploads': { name: 'fuzz.pdf', size: 1000 },
  'POST /api/inspection-templat/{templateId}/upload-logo': { upload: 'eyJrIjoiZnV6eiJ9.c2ln' },
  'POST /api/inspection-templates/{templateId}/upload-logo': { upload: 'eyJrIjoiZnV6eiJ9.c2ln' },
  'POST /api/inspection-templates/import': {
    format: 'stormline-inspection-template',
    formatVersion: 1,
    name: 'Fuzz import',
    template: {
      name: 'Fuzz template',
      kind: 'standard',
      has_acknowledgement: false,
      has_compliance_cert: false,
      question_groups: [],
      finding_types: [],
      signature_groups: {},
      attestations: [],
      condition_options: [],
      control_measure_required: false,
      post_storm_questions: [],
    },
  },
  'POST /api/groups/{id}/uploads': { upload: 'eyJrIjoiZnV6eiJ9.c2ln', name: 'Fuzz document' },
  'PUT /api/uploads/{id}': { upload: 'eyJrIjoiZnV6eiJ9.c2ln', version: 0 },
  'PUT /api/uploads/{id}/name': { name: 'Fuzz document', version: 0 },
  'POST /api/uploads/{id}/convert': {
    model: 'project_uploads',
    attributes: { project_doc_type_id: 'active-site-maps' },
  },
  'PUT /api/documents/group/sort': { id: 'fuzz', order: 0, documentGroupId: 'fuzz' },
  'PUT /api/documents/legend/sort': { id: 'fuzz', order: 0, legendItemId: 'fuzz', documentGroupId: 'fuzz' },
  'POST /api/legend-items/{id}/uploads': { upload: 'eyJrIjoiZnV6eiJ9.c2ln', name: 'Fuzz document' },
  'POST /api/projects/{id}/uploads': {
    upload: 'eyJrIjoiZnV6eiJ9.c2ln',
    name: 'Fuzz document',
    project_doc_type_id: 'active-site-maps',
  },
  'PUT /api/documents/project/sort': {
    id: 'fuzz',
    order: 0,
    projectId: 'fuzz',
    project_doc_type_id: 'swmp',
  },
  'POST /api/legend-items': {
    name: 'Fuzz legend item',
    type: 'pollutant',
    groups: [],
    map_symbol: { editor: 2, area: { fill: '#123456' }, text: { label: 'FZ' } },
  },
  'POST /api/projects/{id}/legend-items': { name: 'Fuzz project item', type: 'control_measure' },
  'PUT /api/projects/{id}/legend-items/{legendItemId}': {
    name: 'Fuzz project item',
    type: 'pollutant',
    map_symbol: { area: { fillType: 'hatch' } },
    version: 0,
  },
  'PUT /api/positionables/{targetType}/{targetId}/{inspectionId}/{context}/update': {
    items: [
      {
        clientId: 'fuzz-new',
        positionable_id: 'fuzz-item',
        positionable_type: 'control_measure',
        position_x: 10,
        position_y: 20,
        geometry: {
          type: 'polygon',
          points: [
            [10, 20],
            [30, 20],
            [30, 40],
          ],
        },
      },
    ],
  },
  'POST /api/projects/{id}/map-notes': { title: 'Fuzz note', content: 'Fuzz content' },
  'PUT /api/projects/{id}/map-notes/{noteId}': { title: 'Fuzz note', content: 'Fuzz content', version: 0 },
  'PUT /api/legend-items/{id}': {
    name: 'Fuzz legend item',
    type: 'control_measure',
    groups: [],
    map_symbol: { line: { stroke: '#000000', tickHeight: 4 } },
    version: 0,
  },
  'POST /api/forgotPassword': { email: 'nobody@example.com' },
  'POST /api/resetPassword': { token: 'a'.repeat(43), password: 'Long-enough-1' },
  'POST /api/user/validate': { token: 'a'.repeat(43) },
  'POST /api/register': {
    token: 'a'.repeat(43),
    first_name: 'Fuzz',
    last_name: 'Invitee',
    phone: null,
    phone_ext: null,
    position: null,
    password: 'Long-enough-1',
    electronicSignatureAuthorization: true,
    dataPolicySignature: true,
  },
  'POST /api/users': {
    emails: ['fuzz-invitee@example.com'],
    roleId: 'inspector',
    divisionIds: ['north-region'],
  },
  'POST /api/users/update/{id}': {
    first_name: 'Fuzz',
    last_name: 'User',
    email: 'fuzz-user@example.com',
    roleId: 'inspector',
    divisionIds: ['north-region'],
    version: 0,
  },
  'PUT /api/users/{id}/status': { status: 'inactive', version: 0 },
  'PUT /api/user-permissions/{id}': { permissions: null, version: 0 },
  'PUT /api/users/{id}/notification-types/{type}': { is_enabled: ['in-app'] },
  'POST /api/users/{id}/bulkupdate/notification-types': { isEnabled: true, typeId: 'email' },
  'PUT /api/notifications/frequency': { frequency: 'Daily' },
  'POST /api/inspections': { projectId: 'fuzz-project', type: 'Routine' },
  'POST /api/inspections/{id}/inspector/{userId}': { projectId: 'fuzz-project' },
  'POST /api/inspections/reassign/{userId}': { projectIds: ['fuzz-project'] },
  'POST /customdashboard1': { widgets: [{ name: 'Open Findings', width: 6 }] },
  'PUT /api/inspections/{id}': {
    answersVersion: 0,
    answers: [{ questionId: 'rs-weather-now', value: 'Clear' }],
    comments: [],
  },
  'POST /api/inspections/{id}/notes': { note: { content: 'Fuzz note' } },
  'PUT /api/inspections/{id}/notes/{noteId}': { note: { content: 'Fuzz note' } },
  'POST /api/inspections/{id}/questions/{questionId}/comments': { comment: 'Fuzz comment' },
  'POST /api/inspections/{id}/findings': {
    finding_type_id: 'ca',
    location: 'Fuzz gate',
    date_initiated: '2026-03-01',
  },
  'PUT /api/inspections/{id}/findings': { finding_ids: ['fuzz-finding'], date_completed: '2026-03-01' },
  'POST /api/inspections/{id}/findings/notes': { findingIds: ['fuzz-finding'], comments: 'Fuzz note' },
  'PUT /api/notes/{type}/{id}': { content: 'Fuzz note' },
  'POST /api/findings/{id}': { version: 0, location: 'Fuzz gate' },
  'DELETE /api/findings/{id}': { note: 'Raised in error' },
  'POST /api/findings/{id}/uploads': {
    uploads: [{ upload: 'eyJrIjoiZnV6eiJ9.c2ln', thumbnail: 'eyJrIjoiZnV6eiJ9.c2ln', rotation: 0 }],
  },
  'PUT /api/findings/{id}/uploads/{uploadId}': { rotation: 90 },
  'POST /api/inspections/{id}/cert/{group}': { lineType: 'inspector', date: '2026-03-01' },
  'POST /api/inspections/cert/compliance': {
    entries: [{ id: 'fuzz-inspection', date: '2026-03-01', lineType: 'operator' }],
  },
  'POST /api/projects/post-storm': {
    items: [{ project_id: 'fuzz-project', answers: [{ questionId: 'rs-weather-now', value: 'Rain' }] }],
  },
  'PUT /api/projects/{id}': {
    name: 'Fuzz project',
    inspector_user_id: 'fuzz-user',
    latitude: 53.8,
    longitude: -1.5,
    routine_interval: 7,
    timezone: 'Europe/London',
    version: 0,
  },
  'PUT /api/projects/{id}/attr/next_inspection_date': { value: '12-31-2099' },
  'POST /api/projects/{id}/contacts': { userIds: ['fuzz-user'] },
  'POST /api/users/profile': {
    first_name: 'Fuzz',
    last_name: 'Admin',
    position: 'Tester',
    phone: '555 0100',
    phone_ext: '12',
    version: 0,
  },
};

export const implemented = ROUTES.filter((r) => r.implemented);
const WRONG_VALUES: unknown[] = [
  123,
  -1.5,
  true,
  null,
  [],
  ['a'],
  {},
  { nested: { deep: 1 } },
  'x'.repeat(200_000),
];

/** Path parameters that name a kind from a fixed list: a valid one, so the body is what gets refused. */
const KIND_PARAMS: Record<string, string> = {
  group: 'inspection',
  type: 'findings',
  typeId: 'number',
  targetType: 'project_uploads',
  context: 'all',
};

function path(route: Route): string {
  // An only-yourself route names the fuzzing Admin, so its body is what gets refused.
  return route.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    name === route.self ? selfId : name === 'id' ? NORTH : (KIND_PARAMS[name] ?? 'fuzz'),
  );
}

export function fieldsOf(schema: z.ZodMiniType): string[] {
  // A body that may be left out (POST /api/uploads/{id}/convert) is fuzzed as the object it is when sent.
  if (schema instanceof z.ZodMiniOptional) return fieldsOf(schema._zod.def.innerType as z.ZodMiniType);
  return schema instanceof z.ZodMiniObject ? Object.keys(schema.shape) : [];
}
export let token: string;
let selfId: string;

/** Signs in an Admin of its own for the file (its beforeAll), so a fuzzed input that happened to be valid changes no demo data. */
export function useFuzzingAdmin(): void {
  beforeAll(async () => {
    const admin = await createTestUser('Admin', [NORTH, SOUTH]);
    const signIn = await call<{ token: string }>('/api/login', {
      method: 'POST',
      body: { email: admin.email, password: admin.password },
    });
    token = signIn.body.token;
    selfId = admin.id;
  });
}

export function send(
  route: Route,
  input: { rawBody?: string; body?: unknown; query?: string },
): Promise<ApiResponse> {
  return call(`${path(route)}${input.query ?? ''}`, {
    method: route.method,
    token,
    divisionId: NORTH,
    rawBody: input.rawBody,
    body: input.body,
  });
}

export function expectCleanRefusal(response: ApiResponse, label: string): void {
  expect(response.status, label).toBeGreaterThanOrEqual(400);
  expect(response.status, label).toBeLessThan(500);
  const body = response.body as { message?: unknown };
  expect(typeof body.message, label).toBe('string');
  expect(String(body.message), label).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
  expect(JSON.stringify(body).length, label).toBeLessThan(20_000);
}

export const writes = implemented.filter(
  (r) => r.method !== 'GET' && !(r.body instanceof z.ZodMiniUndefined),
);

/** Each write route's body fuzzed: one field wrong, extra fields, broken JSON, 3 MB, random JSON. */
export function fuzzBodies(routes: readonly Route[]): void {
  describe.each(routes.map((r) => [r.key, r] as const))('%s with a malformed body', (_key, route) => {
    it('refuses a valid body with one field of the wrong type or size', async () => {
      const valid = VALID_BODIES[route.key]!;
      let tried = 0;
      for (const field of fieldsOf(route.body)) {
        for (const value of WRONG_VALUES) {
          const body = { ...valid, [field]: value };
          // Only values the schema refuses count (null is fine for a nullable field, say).
          if (route.body.safeParse(body).success) continue;
          tried++;
          const response = await send(route, { body });
          expectCleanRefusal(response, `${field}=${JSON.stringify(value).slice(0, 30)}`);
          expect(response.status, `${field}=${JSON.stringify(value).slice(0, 30)}`).toBe(400);
        }
      }
      expect(tried).toBeGreaterThan(0);
    });

    it('refuses unknown fields, arrays and scalars as the body', async () => {
      for (const body of [{ unexpected: 'field' }, [], [1, 2], 'text', 42, null]) {
        expectCleanRefusal(await send(route, { body }), JSON.stringify(body));
      }
      // A valid body with one field too many says which field.
      // (isAdmin where roleId is a field of the body: inviting and editing users.)
      const key = fieldsOf(route.body).includes('roleId') ? 'isAdmin' : 'roleId';
      const extra = await send(route, { body: { ...VALID_BODIES[route.key], [key]: 'admin' } });
      expect(extra.status).toBe(400);
      expect(extra.body).toMatchObject({ message: `Unrecognized key: "${key}"` });
    });

    it('refuses broken JSON and deep nesting', async () => {
      expectCleanRefusal(await send(route, { rawBody: '{"email": ' }), 'truncated JSON');
      const depth = 100_000;
      expectCleanRefusal(await send(route, { rawBody: '['.repeat(depth) + ']'.repeat(depth) }), 'deep array');
      expectCleanRefusal(
        await send(route, { rawBody: '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000) }),
        'deep object',
      );
    });

    it('refuses a 3 MB body', async () => {
      const response = await send(route, { rawBody: JSON.stringify({ blob: 'x'.repeat(3 * 1024 * 1024) }) });
      expectCleanRefusal(response, '3 MB');
      expect(response.status).toBe(413);
    });

    it('refuses random JSON', async () => {
      await fc.assert(
        fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (value) => {
          expectCleanRefusal(await send(route, { body: value }), JSON.stringify(value).slice(0, 60));
        }),
        { numRuns: 25 },
      );
    });
  });
}
