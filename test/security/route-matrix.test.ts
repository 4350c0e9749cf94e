import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@stormline/contract/route-table';
import type { Route } from '@stormline/contract/route';
import { can } from '@stormline/domain/permissions';
import { grantsOf, roleByName } from '@stormline/domain/roles';
import { DEMO_ACCOUNTS } from '@stormline/local/seed';
import type { DemoAccount } from '@stormline/local/seed';
import { call, NORTH, SOUTH, tokenFor } from '../support/api';
import type { ApiResponse } from '../support/api';
import { forgedTokens } from '../support/tokens';

/**
 * Walks the whole route table, implemented or not, and checks on the server what the spec makes
 * the UI hide: no token, forged tokens, the public token writing, another division, too few rights.
 */

const SOME_ID = '7d3f0c2e-5b1a-4c8e-9f00-000000000001';

function concretePath(route: Route, divisionId = NORTH, selfId = SOME_ID): string {
  return route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (name === route.self) return selfId;
    return name === route.divisionParam || (route.path.startsWith('/api/divisions/{id}') && name === 'id')
      ? divisionId
      : SOME_ID;
  });
}

function callRoute(
  route: Route,
  token: string | undefined,
  divisionId?: string,
  selfId?: string,
): Promise<ApiResponse> {
  return call(concretePath(route, divisionId, selfId), {
    method: route.method,
    token,
    divisionId: route.division === 'none' ? undefined : divisionId,
    body: route.method === 'GET' ? undefined : {},
  });
}

function expectRefusal(response: ApiResponse, status: 401 | 403): void {
  expect(response.status).toBe(status);
  // The refusal carries a message and nothing else: no data leaks with it.
  expect(Object.keys(response.body as object)).toEqual(['message']);
}

function accountLacking(route: Route): DemoAccount | undefined {
  if (route.access.kind !== 'permission') return undefined;
  const { action, resource } = route.access;
  return DEMO_ACCOUNTS.find(
    (a) =>
      a.role !== 'Public' &&
      a.divisionIds.includes(NORTH) &&
      !can(grantsOf(roleByName(a.role)), action, resource),
  );
}

const guarded = ROUTES.filter((r) => r.access.kind !== 'anonymous');
const divisional = guarded.filter((r) => r.division !== 'none');
const permissioned = guarded.filter((r) => accountLacking(r));

let adminToken: string;
let publicToken: string;
let inspectorToken: string;
let adminId: string;
let inspectorId: string;

beforeAll(async () => {
  adminToken = await tokenFor('admin@example.com');
  publicToken = await tokenFor('public@example.com');
  inspectorToken = await tokenFor('inspector@example.com');
  adminId = (await call<{ id: string }>('/api/users/profile', { token: adminToken })).body.id;
  inspectorId = (await call<{ id: string }>('/api/users/profile', { token: inspectorToken })).body.id;
});

describe('the security matrix covers every route', () => {
  it('has routes in every group', () => {
    expect(guarded.length).toBeGreaterThan(150);
    expect(divisional.length).toBeGreaterThan(100);
    expect(permissioned.length).toBeGreaterThan(100);
  });
});

describe.each(guarded.map((r) => [r.key, r] as const))('%s', (_key, route) => {
  it('answers 401 without a token', async () => {
    const response = await callRoute(route, undefined);
    expectRefusal(response, 401);
    expect(response.body).toEqual({ message: 'User is not logged in' });
  });

  it('answers 401 to forged and expired tokens', async () => {
    for (const [kind, token] of Object.entries(forgedTokens(adminId))) {
      const response = await callRoute(route, token);
      expect(response.status, kind).toBe(401);
      expect(Object.keys(response.body as object), kind).toEqual(['message']);
    }
  });

  it('refuses the public token unless it is a published read', async () => {
    const response = await callRoute(route, publicToken);
    // Reads, and asking for a download link (POST, but it changes nothing).
    if ((route.method === 'GET' || route.key === 'POST /api/download-links') && route.publicRead) {
      expect(response.status).not.toBe(401);
    } else if (route.key !== 'POST /api/logout') {
      expectRefusal(response, 403);
    }
  });

  if (route.division !== 'none')
    it("refuses a division that is not the caller's", async () => {
      const response = await callRoute(route, inspectorToken, SOUTH);
      expectRefusal(response, 403);
      expect(response.body).toEqual({ message: 'You do not have access to this division' });
    });

  if (accountLacking(route))
    it('refuses a role without the permission', async () => {
      const account = accountLacking(route)!;
      const response = await callRoute(route, await tokenFor(account.email), NORTH);
      expectRefusal(response, 403);
      expect((response.body as { message: string }).message).toMatch(/^Your role does not allow /);
    });

  if (route.self)
    it("refuses another user's id on an only-yourself route, whatever the role", async () => {
      const response = await callRoute(route, adminToken, NORTH, inspectorId);
      expectRefusal(response, 403);
      expect(response.body).toEqual({ message: 'You can only change your own settings' });
    });

  it('lets an Admin of the division past the guard', async () => {
    const response = await callRoute(route, adminToken, NORTH, adminId);
    expect(response.status).not.toBe(401);
    expect(response.status).not.toBe(403);
    if (!route.implemented) {
      expect(response.status).toBe(501);
      expect(response.body).toEqual({ message: `Not implemented yet: ${route.method} ${route.path}` });
    }
  });
});

describe('unknown API paths', () => {
  it('answer 404 JSON, never the SPA page', async () => {
    const response = await call('/api/no-such-thing', { token: adminToken });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Unknown route: GET /api/no-such-thing' });
    const wrongMethod = await call('/api/login', { method: 'DELETE' });
    expect(wrongMethod.body).toEqual({ message: 'Unknown route: DELETE /api/login' });
  });
});
