import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ROUTES } from '@stormline/contract/route-table';
import type { Route } from '@stormline/contract/route';
import { SOCKET_MESSAGE_ROUTES } from '@stormline/contract/socket-routes';
import { call, NORTH, SOUTH } from '../support/api';
import type { ApiResponse } from '../support/api';
import { openSocket, request } from '../support/sockets';
import { createTestUser } from '../support/users';

/**
 * Malformed input to every implemented route: a valid body with one field made wrong (type,
 * size), unknown fields, deep nesting, a 3 MB body, broken JSON, random JSON. Each must answer a
 * 4xx with a message, never a 5xx or a trace. An Admin of its own is used, so even an input
 * that happened to be valid changes no demo data.
 */

/**
 * A valid body for each implemented write route: the fuzz pass changes one field at a time, so a
 * refusal is for that field, not for the others missing. A new write route must add its own.
 */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
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

const implemented = ROUTES.filter((r) => r.implemented);
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

function fieldsOf(schema: z.ZodMiniType): string[] {
  // A body that may be left out (POST /api/uploads/{id}/convert) is fuzzed as the object it is when sent.
  if (schema instanceof z.ZodMiniOptional) return fieldsOf(schema._zod.def.innerType as z.ZodMiniType);
  return schema instanceof z.ZodMiniObject ? Object.keys(schema.shape) : [];
}

let token: string;
let selfId: string;

beforeAll(async () => {
  const admin = await createTestUser('Admin', [NORTH, SOUTH]);
  const signIn = await call<{ token: string }>('/api/login', {
    method: 'POST',
    body: { email: admin.email, password: admin.password },
  });
  token = signIn.body.token;
  selfId = admin.id;
});

function send(
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

function expectCleanRefusal(response: ApiResponse, label: string): void {
  expect(response.status, label).toBeGreaterThanOrEqual(400);
  expect(response.status, label).toBeLessThan(500);
  const body = response.body as { message?: unknown };
  expect(typeof body.message, label).toBe('string');
  expect(String(body.message), label).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
  expect(JSON.stringify(body).length, label).toBeLessThan(20_000);
}

const writes = implemented.filter((r) => r.method !== 'GET' && !(r.body instanceof z.ZodMiniUndefined));

describe('the fuzz pass', () => {
  it('has a valid body for every implemented write route, and each is valid', () => {
    for (const route of writes) {
      const body = VALID_BODIES[route.key];
      expect(body, `${route.key} needs a valid body in VALID_BODIES`).toBeDefined();
      expect(route.body.safeParse(body).success, `${route.key}'s valid body`).toBe(true);
    }
  });
});

describe.each(writes.map((r) => [r.key, r] as const))('%s with a malformed body', (_key, route) => {
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

describe.each(implemented.map((r) => [r.key, r] as const))('%s with a malformed query', (_key, route) => {
  it('never answers 5xx', async () => {
    for (const query of [
      '?p=-1',
      '?p=abc',
      '?p=1e309',
      `?s=${'y'.repeat(5000)}`,
      '?unknown=1',
      '?%E0%A4%A=1',
    ]) {
      const response = await send(route, { query });
      expect(response.status, query).toBeLessThan(500);
      if (response.status >= 400) expectCleanRefusal(response, query);
    }
  });
});

describe('malformed paths and headers', () => {
  it('answer 4xx for broken percent-encoding and very long ids', async () => {
    expectCleanRefusal(await call('/api/divisions/%E0%A4%A', { token }), 'bad encoding');
    expectCleanRefusal(await call(`/api/divisions/${'z'.repeat(5000)}`, { token }), 'long id');
    const longDivision = await call(`/api/divisions/${'a'.repeat(1100)}/compliance`, { token });
    expectCleanRefusal(longDivision, 'long division in the path');
    expect(longDivision.body).toEqual({ message: 'The divisionId is not valid' });
  });

  it("answer 400 'The divisionId is not valid' for a divisionId header no division could have", async () => {
    for (const divisionId of ['a'.repeat(1100), 'north-region#USERS', 'nörth']) {
      const response = await call('/api/projects/abc', { token, divisionId });
      expectCleanRefusal(response, divisionId.slice(0, 20));
      expect(response.body, divisionId.slice(0, 20)).toEqual({ message: 'The divisionId is not valid' });
    }
  });
});

/**
 * The WebSocket's messages (ADR 0040): random JSON, every known action with random fields, channels
 * and divisions that are not valid. Each is answered with a 4xx reply naming its request, never a
 * fault, and the socket stays open for the next one.
 */
describe('malformed WebSocket messages', () => {
  it('answer a 4xx error reply and keep the socket open', async () => {
    const ws = await openSocket(token);
    try {
      const action = fc.oneof(
        fc.constantFrom('subscribe', 'unsubscribe', ...Object.keys(SOCKET_MESSAGE_ROUTES)),
        fc.string({ maxLength: 50 }),
      );
      const message = fc.record(
        {
          action: fc.oneof(action, fc.jsonValue()),
          divisionId: fc.oneof(fc.constantFrom(NORTH, SOUTH, 'nörth', 'a'.repeat(100)), fc.jsonValue()),
          channel: fc.oneof(
            fc.constantFrom(
              'xfdf:',
              'xfdf:missing-document',
              `status:convert:pdf:png:${'z'.repeat(70)}`,
              'status:report:findings:fuzz-key',
              'status:report:nope:fuzz-key',
            ),
            fc.string({ maxLength: 300 }),
            fc.jsonValue(),
          ),
          extra: fc.jsonValue({ maxDepth: 3 }),
        },
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(message, async (fields) => {
          const reply = await request(ws, fields);
          if (reply.type === 'reply') return;
          expect(reply.type, JSON.stringify(fields)).toBe('error');
          expect(reply.status, `${JSON.stringify(fields)}: ${reply.message}`).toBeGreaterThanOrEqual(400);
          expect(reply.status).toBeLessThan(500);
          expect(reply.message).toMatch(/\w/);
        }),
        { numRuns: 60 },
      );
      expect(ws.readyState).toBe(ws.OPEN);
    } finally {
      ws.terminate();
    }
  });
});

/**
 * The print job's begin:{job} bodies (docs/decisions/0042): a valid body of each job with one field
 * replaced by random JSON, dropped, or joined by one the body does not take. Each is answered with
 * a 4xx reply naming the field's problem or the record not found (the ids are no one's), never a
 * fault, and no job is begun.
 */
describe('malformed begin:{job} messages', () => {
  const VALID: Record<string, Record<string, unknown>> = {
    inspection: { inspectionId: 'fuzz-inspection' },
    inspections: {
      projectId: 'fuzz-project',
      period: '3m',
      scope: 'all',
      inspectionIds: ['fuzz-inspection'],
    },
    siteMap: { projectId: 'fuzz-project', uploadId: 'fuzz-upload', page: 1 },
    siteMaps: { projectId: 'fuzz-project' },
    swmp: {
      projectId: 'fuzz-project',
      sections: { narrative: true, bmpDetails: true, maps: true, permits: true },
      appendices: {
        constructionDocs: false,
        soilReports: true,
        delegationLetters: true,
        endangeredSpecies: true,
        historicalProperties: true,
        qualifications: true,
        localRegulations: false,
        misc: false,
      },
    },
    findings: {
      inspectionId: 'fuzz-inspection',
      findingType: null,
      reportType: 'all',
      viewType: 'detail',
      findingPerPage: 2,
    },
  };

  it('answer a 4xx error reply for every job', async () => {
    const ws = await openSocket(token);
    try {
      const mutation = fc.record({
        job: fc.constantFrom(...Object.keys(VALID)),
        field: fc.constantFrom(
          'key',
          'inspectionId',
          'projectId',
          'period',
          'inspectionIds',
          'findingPerPage',
          'sections',
          'uploadId',
          'extra',
        ),
        how: fc.constantFrom('replace', 'drop'),
        value: fc.jsonValue({ maxDepth: 2 }),
      });
      await fc.assert(
        fc.asyncProperty(mutation, async ({ job, field, how, value }) => {
          const body: Record<string, unknown> = {
            key: `fuzz${Math.random().toString(36).slice(2)}`,
            ...VALID[job],
          };
          if (how === 'drop') delete body[field];
          else body[field] = value;
          const reply = await request(ws, { action: `begin:${job}`, divisionId: NORTH, ...body });
          const described = `${job} ${how} ${field}=${JSON.stringify(value).slice(0, 80)}`;
          expect(reply.type, described).toBe('error');
          expect(reply.status, `${described}: ${reply.message}`).toBeGreaterThanOrEqual(400);
          expect(reply.status, `${described}: ${reply.message}`).toBeLessThan(500);
          expect(reply.message).toMatch(/\w/);
        }),
        { numRuns: 80 },
      );
      expect(ws.readyState).toBe(ws.OPEN);
    } finally {
      ws.terminate();
    }
  });
});
