import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SOCKET_MESSAGE_ROUTES } from '@stormline/contract/socket-routes';
import { call, NORTH, SOUTH } from '../support/api';
import { openSocket, request } from '../support/sockets';
import {
  expectCleanRefusal,
  implemented,
  send,
  token,
  useFuzzingAdmin,
  VALID_BODIES,
  writes,
} from './fuzz-kit';

/** The fuzz pass's completeness, queries, paths, headers and socket messages; bodies are fuzz-bodies-*.test.ts. */
useFuzzingAdmin();

describe('the fuzz pass', () => {
  it('has a valid body for every implemented write route, and each is valid', () => {
    for (const route of writes) {
      const body = VALID_BODIES[route.key];
      expect(body, `${route.key} needs a valid body in VALID_BODIES`).toBeDefined();
      expect(route.body.safeParse(body).success, `${route.key}'s valid body`).toBe(true);
    }
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
