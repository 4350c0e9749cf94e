import type { Route } from '@stormline/contract/route';
import { issueToken } from '@stormline/functions/lib/tokens';
import { DEMO_ACCOUNTS } from '@stormline/local/seed';
import type { DemoAccount } from '@stormline/local/seed';
import { jsonRequest } from './bench-client';
import type { BenchClient, BenchRequest } from './bench-client';

/** The division every path parameter naming the working division, and the divisionId header, get. */
export const BENCH_DIVISION = 'north-region';

export interface BenchContext {
  client: BenchClient;
  adminToken: string;
  /** Makes names created by this run unique. */
  runId: string;
  /** The runtime's token secret: logout needs a fresh token per call, and sign-in costs an argon2id verify. */
  jwtSecret: string;
}

/** Repeated as is by autocannon. */
export interface LoadPlan {
  kind: 'load';
  route: Route;
  request: BenchRequest;
  note?: string;
}

/** Timed one call at a time; `prepare` runs untimed before each call (a fresh version, token or name). */
export interface SequentialPlan {
  kind: 'sequential';
  route: Route;
  prepare(call: number): Promise<BenchRequest>;
  note: string;
}

export interface SkippedPlan {
  kind: 'skipped';
  route: Route;
  note: string;
}

export type RoutePlan = LoadPlan | SequentialPlan | SkippedPlan;

/** What every request of a route shares: the concrete path and the divisionId header. */
interface Base {
  path: string;
  divisionId: string | undefined;
}

interface Fixture {
  kind: 'load' | 'sequential';
  note: string;
  /** The request of the given call (load plans ask once, for call 0). */
  request(ctx: BenchContext, base: Base, call: number): Promise<BenchRequest>;
}

function demoAccount(email: string): DemoAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.email === email);
  if (!account) throw new Error(`No demo account ${email}`);
  return account;
}

/** Writes by method that store nothing, so 0 WCU is right for them (see capacityWarning). */
export const WRITES_NOTHING: ReadonlySet<string> = new Set(['POST /api/download-links']);

/** A non-admin account, so the admin's sign-in state is not what the login numbers measure. */
const INSPECTOR = demoAccount('inspector@example.com');
const RENAME_SUFFIX = ' (bench)';

/** The user id (the token's subject) of a demo account, from one real sign-in. */
const userIds = new Map<string, Promise<string>>();
function userIdOf(ctx: BenchContext, account: DemoAccount): Promise<string> {
  let id = userIds.get(account.email);
  if (!id) {
    id = ctx.client.signIn(account.email, account.password).then((token) => {
      const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
        sub: string;
      };
      return payload.sub;
    });
    userIds.set(account.email, id);
  }
  return id;
}

async function readJson<T>(ctx: BenchContext, request: BenchRequest): Promise<T> {
  const response = await ctx.client.send(request);
  if (response.status !== 200)
    throw new Error(
      `${request.method} ${request.path} answered ${response.status}: ${JSON.stringify(response.body)}`,
    );
  return response.body as T;
}

/**
 * The implemented writes, keyed by route key. A GET needs no fixture unless its path has a
 * parameter other than the working division; a write without one is skipped with a note.
 */
const FIXTURES: Record<string, Fixture> = {
  'POST /api/login': {
    kind: 'sequential',
    note: 'measured sequentially: inspector@example.com signs in; an argon2id verify per call, CPU-bound, so concurrent calls only queue',
    request: async (_ctx, base) =>
      jsonRequest('POST', base.path, { body: { email: INSPECTOR.email, password: INSPECTOR.password } }),
  },
  'POST /api/logout': {
    kind: 'sequential',
    note: 'measured sequentially: a fresh inspector token (issued as POST /api/login issues it, untimed) per logout',
    request: async (ctx, base) =>
      jsonRequest('POST', base.path, { token: issueToken(await userIdOf(ctx, INSPECTOR), ctx.jwtSecret) }),
  },
  'POST /api/users/profile': {
    kind: 'sequential',
    note: 'measured sequentially: the current version is read (untimed) before each save',
    request: async (ctx, base) => {
      const profile = await readJson<{
        first_name: string;
        last_name: string;
        position: string | null;
        address: { phone: string | null; phone_ext: string | null };
        version: number;
      }>(ctx, jsonRequest('GET', '/api/users/profile', { token: ctx.adminToken }));
      return jsonRequest('POST', base.path, {
        token: ctx.adminToken,
        divisionId: base.divisionId,
        body: {
          first_name: profile.first_name,
          last_name: profile.last_name,
          position: profile.position,
          phone: profile.address.phone,
          phone_ext: profile.address.phone_ext,
          version: profile.version,
        },
      });
    },
  },
  'PUT /api/notifications/{id}': {
    kind: 'sequential',
    note: "measured sequentially: the admin's newest notification is read (untimed) and marked read each call",
    request: async (ctx) => {
      const page = await readJson<{ pageData: { id: string }[] }>(
        ctx,
        jsonRequest('GET', '/api/notifications', { token: ctx.adminToken }),
      );
      return jsonRequest('PUT', `/api/notifications/${page.pageData[0]!.id}`, { token: ctx.adminToken });
    },
  },
  'PUT /api/notifications': {
    kind: 'sequential',
    note: "measured sequentially: marks all of the admin's notifications read (none unread after the first call)",
    request: async (ctx, base) => jsonRequest('PUT', base.path, { token: ctx.adminToken }),
  },
  'POST /api/download-links': {
    kind: 'load',
    note: 'under load like a read: it signs a 5-minute link to one /dl/ path and writes nothing',
    request: async (ctx, base) =>
      jsonRequest('POST', base.path, { token: ctx.adminToken, body: { path: '/dl/bench-upload' } }),
  },
  'POST /api/divisions': {
    kind: 'sequential',
    note: 'measured sequentially: a unique name per call',
    request: async (ctx, base, call) =>
      jsonRequest('POST', base.path, {
        token: ctx.adminToken,
        body: { name: `Bench ${ctx.runId} #${call}` },
      }),
  },
  'PUT /api/divisions/{id}': {
    kind: 'sequential',
    note: 'measured sequentially: the current version is read (untimed) before each rename',
    request: async (ctx, base) => {
      const division = await readJson<{ name: string; version: number }>(
        ctx,
        jsonRequest('GET', base.path, { token: ctx.adminToken }),
      );
      const name = division.name.endsWith(RENAME_SUFFIX)
        ? division.name.slice(0, -RENAME_SUFFIX.length)
        : `${division.name}${RENAME_SUFFIX}`;
      return jsonRequest('PUT', base.path, {
        token: ctx.adminToken,
        divisionId: base.divisionId,
        body: { name, version: division.version },
      });
    },
  },
};

/** Fills the working-division parameters; answers the names it could not fill. */
function concretePath(route: Route): { path: string; unfilled: string[] } {
  const unfilled: string[] = [];
  const path = route.path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    if (name === route.divisionParam || (route.path.startsWith('/api/divisions/{id}') && name === 'id'))
      return BENCH_DIVISION;
    unfilled.push(name);
    return whole;
  });
  return { path, unfilled };
}

export async function planRoute(route: Route, ctx: BenchContext): Promise<RoutePlan> {
  const { path, unfilled } = concretePath(route);
  const base: Base = { path, divisionId: route.division === 'none' ? undefined : BENCH_DIVISION };
  const fixture = FIXTURES[route.key];
  if (fixture?.kind === 'load')
    return { kind: 'load', route, request: await fixture.request(ctx, base, 0), note: fixture.note };
  if (fixture?.kind === 'sequential')
    return {
      kind: 'sequential',
      route,
      note: fixture.note,
      prepare: (call) => fixture.request(ctx, base, call),
    };
  if (route.method !== 'GET')
    return { kind: 'skipped', route, note: 'a write without a fixture (add one to bench/route-plans.ts)' };
  if (unfilled.length > 0)
    return {
      kind: 'skipped',
      route,
      note: `no bench value for {${unfilled.join('}, {')}} (add a fixture to bench/route-plans.ts)`,
    };
  const token = route.access.kind === 'anonymous' ? undefined : ctx.adminToken;
  return { kind: 'load', route, request: jsonRequest('GET', path, { token, divisionId: base.divisionId }) };
}
