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
            fc.constantFrom('xfdf:', 'xfdf:missing-document', `status:convert:pdf:png:${'z'.repeat(70)}`),
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
