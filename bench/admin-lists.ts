import os from 'node:os';
import { ROUTE_BY_KEY } from '@stormline/contract/route-table';
import { createClient } from '@stormline/data/clients';
import { createDivision } from '@stormline/data/divisions';
import {
  addTemplatesToDivision,
  addUsersToDivision,
  templateKeys,
} from '@stormline/data/divisions-resources';
import type { Db } from '@stormline/data/dynamo';
import { nameOrder } from '@stormline/data/keys';
import { createLegendItem } from '@stormline/data/legend-items';
import { createGroup } from '@stormline/data/regulations';
import { putNewStep, transact } from '@stormline/data/transact';
import { createUser, readUser } from '@stormline/data/users';
import { completeMapSymbol } from '@stormline/domain/map-symbol';
import { roleByName } from '@stormline/domain/roles';
import type { RoleName } from '@stormline/domain/roles';
import { startRuntime } from '@stormline/local/runtime';
import { DEMO_ACCOUNTS } from '@stormline/local/seed';
import { createBenchClient, jsonRequest } from './bench-client';
import type { BenchClient, BenchRequest } from './bench-client';
import { percentile, round } from './stats';
import { inPool, withRetries as retrying } from './bulk-writes';

/**
 * Issue 9's administration lists at two division sizes, side by side in one run: the users,
 * clients, regulation groups and legend items lists, and the division resource tabs, each a
 * first page and page 2 through its cursor, with and without a search, read from a division
 * holding a tenth of the full size and from one holding the full size, in the same store. The
 * calls to the two divisions alternate (tenth, full, tenth, full…), so drift and background load
 * fall on both alike. A page must cost what it shows, never what the division holds
 * (docs/decisions/0008): full / tenth stays under RATIO_LIMIT, in latency and in capacity.
 */

/**
 * Records each division holds (the bench adds the admin to both). Users and clients are the
 * issue's (2,000 and 500, and a tenth); groups and templates are 600 and 60, legend items 1,200
 * and 120 (a type filter keeps half), so the tenth too holds at least two full pages (25 a page)
 * of every list, search and filter: a page then shows the same rows at both sizes, and any
 * difference in its cost is the rows stored.
 */
export const ADMIN_SIZES = [
  { name: 'tenth', users: 200, clients: 50, groups: 60, legendItems: 120, templates: 60 },
  { name: 'full', users: 2000, clients: 500, groups: 600, legendItems: 1200, templates: 600 },
] as const;
export type AdminSizeName = (typeof ADMIN_SIZES)[number]['name'];
const SIZE_NAMES = ADMIN_SIZES.map((s) => s.name);

/** Full / tenth above this (p50 latency, RCU or WCU) is flagged. */
export const RATIO_LIMIT = 1.2;
export const ADMIN_LIST_CALLS = { calls: 50, warmupCalls: 5 } as const;
/** Untimed calls round the first pages of both divisions before anything is timed (the JVM). */
const WARMUP_CALLS = 600;
const WRITE_CONCURRENCY = 8;
const WRITE_ATTEMPTS = 6;
const withRetries = <T>(write: () => Promise<T>) =>
  retrying(write, { attempts: WRITE_ATTEMPTS, jitterMs: 30 });

/**
 * Generated names and the searches that find them. Users: a third each of three first names and of
 * three last names, e-mails `bench.user.…`; clients `<town> Civils <n>`; groups `<kind> Permit <n>`;
 * legend items `Silt <kind> <n>` (their search is the start of the name); templates
 * `Site Inspection <n>` (the start of the name). Each search matches a third or more of the
 * division's records: more than two pages at both sizes.
 */
const FIRST_NAMES = ['Jordan', 'Casey', 'Riley'] as const;
const LAST_NAMES = ['Fletcher', 'Marsh', 'Okafor'] as const;
const TOWNS = ['Kestrel', 'Ashford', 'Harrow', 'Linton', 'Wexcombe'] as const;
const GROUP_KINDS = ['Drainage', 'Erosion', 'Sediment'] as const;
const LEGEND_KINDS = ['Fence', 'Sock', 'Trap'] as const;
/** How many groups besides the BMP group the legend items list, in turn. */
const LEGEND_GROUP_CYCLE = 7;
const USER_ROLES: readonly RoleName[] = [
  'Inspector',
  'Area / Assistant Manager',
  'Client User',
  'Regional Manager',
  'Client Manager',
  'BMP Contractor',
];

/** A list case: a route, how its page is asked for one division, and the search. */
interface ListSpec {
  /** Stable name: the list and the search. */
  name: string;
  /** The route key of the contract (`GET /api/users`). */
  route: string;
  s?: string;
  /** Legend items of one type (their own index partition). */
  type?: 'pollutant';
  /** A group's BMP tab: the legend items listing the division's BMP group (every one does). */
  bmpGroup?: true;
  note?: string;
}

const LISTS: readonly ListSpec[] = [
  { name: 'users', route: 'GET /api/users' },
  { name: 'users ?s=fletcher', route: 'GET /api/users', s: 'fletcher', note: 'a last name (a third)' },
  {
    name: 'users ?s=jordan',
    route: 'GET /api/users',
    s: 'jordan',
    note: 'a first name: the start of the whole-name term (a third)',
  },
  {
    name: 'users ?s=riley',
    route: 'GET /api/users',
    s: 'riley',
    note: 'the search word that sorts last (a third): DynamoDB Local once took longer the more rows sorted before it (README)',
  },
  { name: 'users ?s=bench.user', route: 'GET /api/users', s: 'bench.user', note: 'the e-mails (all)' },
  { name: 'clients', route: 'GET /api/clients' },
  {
    name: 'clients ?s=civils',
    route: 'GET /api/clients',
    s: 'civils',
    note: 'a word inside the names (all)',
  },
  { name: 'groups', route: 'GET /api/groups' },
  { name: 'groups ?s=permit', route: 'GET /api/groups', s: 'permit', note: 'a word inside the names (all)' },
  { name: 'legend items', route: 'GET /api/legend-items' },
  {
    name: 'legend items ?s=silt',
    route: 'GET /api/legend-items',
    s: 'silt',
    note: 'the start of the names (all)',
  },
  {
    name: 'legend items ?type=pollutant',
    route: 'GET /api/legend-items',
    type: 'pollutant',
    note: 'one type (half): its own partition',
  },
  {
    name: 'group BMP tab',
    route: 'GET /api/legend-items',
    bmpGroup: true,
    note: "documentGroupId: the legend items listing one group (all of the division's)",
  },
  {
    name: 'group BMP tab ?type=pollutant',
    route: 'GET /api/legend-items',
    bmpGroup: true,
    type: 'pollutant',
    note: "documentGroupId and a type: the group's items read, the other type left out (half)",
  },
  { name: 'division users', route: 'GET /api/divisions/{id}/users' },
  { name: 'division users ?s=fletcher', route: 'GET /api/divisions/{id}/users', s: 'fletcher' },
  { name: 'division clients', route: 'GET /api/divisions/{id}/clients' },
  { name: 'division clients ?s=civils', route: 'GET /api/divisions/{id}/clients', s: 'civils' },
  { name: 'division regulations', route: 'GET /api/divisions/{id}/regulations' },
  { name: 'division regulations ?s=permit', route: 'GET /api/divisions/{id}/regulations', s: 'permit' },
  { name: 'division templates', route: 'GET /api/divisions/{id}/inspectionTemplates' },
  {
    name: 'division templates ?s=site',
    route: 'GET /api/divisions/{id}/inspectionTemplates',
    s: 'site',
    note: 'the start of the names (all)',
  },
];

export interface AdminPageSample {
  status: number;
  rows: number;
  nextCursor: boolean;
  numModels: number | null;
  rcu: number;
  wcu: number;
  requests: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
}

export type AdminPageOutcome = AdminPageSample | { skipped: string };

export interface AdminListCase {
  name: string;
  note?: string;
  route: string;
  page: number;
  query: string;
  bySize: Partial<Record<AdminSizeName, AdminPageOutcome>>;
  /** full / tenth, when both were measured. */
  ratios?: { p50: number; p99: number; rcu: number | null; wcu: number | null };
  /** The ratios above RATIO_LIMIT ('p50', 'rcu', 'wcu'). */
  over: string[];
  /**
   * A case whose p50 ratio was above RATIO_LIMIT is timed once more (both sizes, alternating, as
   * before): its p50s and ratio the second time. Latency is flagged only when both timings are over.
   */
  recheck?: { p50Tenth: number; p50Full: number; p50: number };
}

export interface AdminDivision {
  name: AdminSizeName;
  divisionId: string;
  /** The group every legend item of the division lists (the BMP tab cases). */
  bmpGroupId: string;
  added: { users: number; clients: number; groups: number; legendItems: number; templates: number };
  /** The division's counters as the lists report them (numModels of the unsearched first pages). */
  stored: { users: number | null; clients: number | null; groups: number | null; templates: number | null };
  writeMs: number;
}

export interface AdminListsReport {
  settings: {
    calls: number;
    warmupCalls: number;
    warmupRounds: number;
    writeConcurrency: number;
    ratioLimit: number;
    interleaved: true;
  };
  divisions: AdminDivision[];
  /** 1-minute load average when the timed calls started and ended. */
  timedMachine: { cpus: number; loadAverageStart: number; loadAverageEnd: number; timedMs: number };
  cases: AdminListCase[];
  /** Routes of the brief that were not measured, and why. */
  skippedRoutes: { route: string; reason: string }[];
  /** Cases whose capacity (RCU or WCU) at full size is above RATIO_LIMIT times the tenth's. */
  capacityOver: string[];
  /** Cases whose p50 latency at full size is above RATIO_LIMIT times the tenth's, in the timing and its recheck. */
  latencyOver: string[];
  /** Cases over RATIO_LIMIT in latency the first time only: under it when timed again (noise). */
  latencyOverOnce: string[];
  /** Cases showing different rows at the two sizes (their ratios compare different pages). */
  rowsDiffer: string[];
}

const pad = (n: number) => String(n).padStart(4, '0');

/**
 * An inspection template as the seed writes one (local/src/seed/templates.ts): the
 * template editor's issue brings their writer; the division link goes through
 * addTemplatesToDivision, with the division's count.
 */
async function createTemplate(db: Db, id: string, name: string, now: Date): Promise<void> {
  await transact(db, [
    putNewStep(db, {
      ...templateKeys.template(id),
      type: 'Template',
      gsi1pk: templateKeys.allTemplates(),
      gsi1sk: nameOrder(name, id),
      id,
      name,
      isUserTemplate: false,
      has_compliance_cert: true,
      has_acknowledgement: false,
      projectOptions: { ccr: false, optionalCompliance: false, cgp: false },
      createdAt: now.toISOString(),
      version: 0,
    }),
  ]);
}

/** A division and its records, written through the data layer. */
async function fillDivision(
  db: Db,
  size: (typeof ADMIN_SIZES)[number],
  adminId: string,
  log: (line: string) => void,
): Promise<BenchDivision & { writeMs: number }> {
  const started = performance.now();
  const now = new Date();
  // Names, e-mails and ids of the same length at both sizes, so equal rows are equal in bytes (and
  // in capacity units): the size is written as the user count, 0200 or 2000.
  const tag = pad(size.users);
  const division = await createDivision(db, { name: `Bench Division ${tag}` });
  const divisionId = division.id;
  // The admin joins through the user's one writer, as the Users tab's add does.
  const admin = await readUser(db, adminId);
  await addUsersToDivision(db, divisionId, [admin!]);
  log(
    `  ${size.name}: adding ${size.users} users, ${size.clients} clients, ${size.groups} groups, ${size.legendItems} legend items, ${size.templates} templates…`,
  );
  await inPool(size.users, WRITE_CONCURRENCY, (i) =>
    withRetries(() =>
      createUser(
        db,
        {
          email: `bench.user.${tag}.${pad(i + 1)}@stormline.example`,
          first_name: FIRST_NAMES[Math.floor(i / 3) % 3]!,
          last_name: LAST_NAMES[i % 3]!,
          position: 'Site Engineer',
          phone: null,
          phone_ext: null,
          roleId: roleByName(USER_ROLES[i % USER_ROLES.length]!).id,
          status: 'active',
          passwordHash: null,
          permissionsOverride: null,
          electronicSignatureAuthorization: false,
          dataPolicySignature: false,
          divisionIds: [divisionId],
        },
        now,
      ),
    ),
  );
  await inPool(size.clients, WRITE_CONCURRENCY, (i) =>
    withRetries(() =>
      createClient(
        db,
        divisionId,
        {
          name: `${TOWNS[i % TOWNS.length]!} Civils ${pad(i + 1)}`,
          address: {
            street_1: `${i + 1} Wellington Street`,
            street_2: null,
            city: 'Leeds',
            state_id: null,
            country_id: 'england',
            zip: 'LS1 4DL',
            phone: null,
            phone_ext: null,
          },
          default_finding_observation: null,
          disable_images: false,
        },
        now,
      ),
    ),
  );
  const groupIds: string[] = [];
  await inPool(size.groups, WRITE_CONCURRENCY, async (i) => {
    const group = await withRetries(() =>
      createGroup(db, divisionId, { name: `${GROUP_KINDS[i % 3]!} Permit ${pad(i + 1)}` }, now),
    );
    groupIds.push(group.id);
  });
  groupIds.sort();
  const bmpGroupId = groupIds[0]!;
  await inPool(size.legendItems, WRITE_CONCURRENCY, (i) => {
    // Names go Fence, Sock, Trap in turn (i % 3); each kind's items alternate types in name order,
    // so the rows of any page, and of a type's pages, follow one pattern at both sizes.
    const type = Math.floor(i / 3) % 2 === 0 ? 'control_measure' : 'pollutant';
    return withRetries(() =>
      createLegendItem(
        db,
        divisionId,
        {
          name: `Silt ${LEGEND_KINDS[i % 3]!} ${pad(i + 1)}`,
          type,
          // Every item lists the first group (its BMP tab holds them all) and one of the next 7 in
          // turn: a page's items list the same number of distinct groups (8) at both sizes, and a
          // page's cost follows the groups it shows.
          groupIds: [bmpGroupId, groupIds[1 + (i % LEGEND_GROUP_CYCLE)]!],
          mapSymbol: completeMapSymbol(type, null),
        },
        now,
      ),
    );
  });
  await inPool(size.templates, WRITE_CONCURRENCY, async (i) => {
    const id = `bench-${tag}-${pad(i + 1)}`;
    await withRetries(() => createTemplate(db, id, `Site Inspection ${pad(i + 1)}`, now));
    await withRetries(() => addTemplatesToDivision(db, divisionId, [id]));
  });
  return { divisionId, bmpGroupId, writeMs: performance.now() - started };
}

interface Page {
  pageData?: unknown[];
  paginationState?: { pageSize: number; numModels: number | null; nextCursor: string | null };
}

/** A division the bench wrote: its id and the group every legend item lists. */
interface BenchDivision {
  divisionId: string;
  bmpGroupId: string;
}

/** The request for one page of a list in one division. */
function requestOf(
  spec: ListSpec,
  division: BenchDivision,
  token: string,
  cursor: string | null,
): BenchRequest {
  const { divisionId } = division;
  const routePath = spec.route.slice('GET '.length);
  const scoped = routePath.includes('{id}');
  const query = [
    ...(spec.s ? [`s=${encodeURIComponent(spec.s)}`] : []),
    ...(spec.type ? [`type=${spec.type}`] : []),
    ...(spec.bmpGroup ? [`documentGroupId=${encodeURIComponent(division.bmpGroupId)}`] : []),
    ...(cursor ? [`cursor=${encodeURIComponent(cursor)}`] : []),
  ].join('&');
  const path = `${routePath.replace('{id}', encodeURIComponent(divisionId))}${query ? `?${query}` : ''}`;
  // The tabs name the division in the path (not division-scoped); the other lists take the header.
  return jsonRequest('GET', path, scoped ? { token } : { token, divisionId });
}

/**
 * Times the same page of both divisions, the calls alternating between them. `requests[size]`
 * is each division's request; the first call of each is the sample (status, rows, capacity).
 */
async function measurePagePair(
  client: BenchClient,
  requests: Record<AdminSizeName, BenchRequest>,
): Promise<Record<AdminSizeName, { sample: AdminPageSample; cursor: string | null } | { skipped: string }>> {
  const samples = new Map<AdminSizeName, { page: Page; status: number; rcu: number; wcu: number }>();
  const out = {} as Record<
    AdminSizeName,
    { sample: AdminPageSample; cursor: string | null } | { skipped: string }
  >;
  for (const size of SIZE_NAMES) {
    const response = await client.send(requests[size]);
    if (response.status !== 200) {
      out[size] = {
        skipped: `GET ${requests[size].path} answered ${response.status}: ${JSON.stringify(response.body)}`,
      };
      continue;
    }
    samples.set(size, {
      page: (response.body ?? {}) as Page,
      status: response.status,
      rcu: response.rcu,
      wcu: response.wcu,
    });
  }
  const timings = new Map<AdminSizeName, number[]>(SIZE_NAMES.map((s) => [s, []]));
  const failed = new Map<AdminSizeName, number>(SIZE_NAMES.map((s) => [s, 0]));
  const measured = SIZE_NAMES.filter((s) => samples.has(s));
  for (let call = 0; call < ADMIN_LIST_CALLS.warmupCalls + ADMIN_LIST_CALLS.calls; call++) {
    // Alternate which size goes first, so neither always follows the other.
    const order = call % 2 === 0 ? measured : [...measured].reverse();
    for (const size of order) {
      const response = await client.send(requests[size]);
      if (call < ADMIN_LIST_CALLS.warmupCalls) continue;
      if (response.status === 200) timings.get(size)!.push(response.ms);
      else failed.set(size, failed.get(size)! + 1);
    }
  }
  for (const size of measured) {
    const { page, status, rcu, wcu } = samples.get(size)!;
    const times = timings.get(size)!;
    const cursor = page.paginationState?.nextCursor ?? null;
    out[size] = {
      cursor,
      sample: {
        status,
        rows: page.pageData?.length ?? 0,
        nextCursor: cursor !== null,
        numModels: page.paginationState?.numModels ?? null,
        rcu,
        wcu,
        requests: times.length,
        failed: failed.get(size)!,
        p50Ms: round(percentile(times, 50)),
        p99Ms: round(percentile(times, 99)),
      },
    };
  }
  return out;
}

/** The query of a case as the results show it. */
const queryLabel = (spec: ListSpec) =>
  [
    ...(spec.s ? [`s=${spec.s}`] : []),
    ...(spec.type ? [`type=${spec.type}`] : []),
    ...(spec.bmpGroup ? ['documentGroupId=<the BMP group>'] : []),
  ].join('&');

const isSample = (outcome: AdminPageOutcome | undefined): outcome is AdminPageSample =>
  outcome !== undefined && !('skipped' in outcome);

/** full / tenth; null when the tenth read nothing (0 / 0 is 1, x / 0 is Infinity). */
function ratio(full: number, tenth: number): number | null {
  if (!Number.isFinite(full) || !Number.isFinite(tenth)) return null;
  if (tenth === 0) return full === 0 ? 1 : Number.POSITIVE_INFINITY;
  return round(full / tenth, 3);
}

function withRatios(entry: AdminListCase): AdminListCase {
  const tenth = entry.bySize.tenth;
  const full = entry.bySize.full;
  if (!isSample(tenth) || !isSample(full)) return entry;
  const ratios = {
    p50: ratio(full.p50Ms, tenth.p50Ms) ?? Number.NaN,
    p99: ratio(full.p99Ms, tenth.p99Ms) ?? Number.NaN,
    rcu: ratio(full.rcu, tenth.rcu),
    wcu: ratio(full.wcu, tenth.wcu),
  };
  // Different rows shown (a page short at one size) compare different pages: listed apart, not flagged.
  if (tenth.rows !== full.rows) return { ...entry, ratios, over: [] };
  const over = [
    ...(ratios.p50 > RATIO_LIMIT ? ['p50'] : []),
    ...(ratios.rcu !== null && ratios.rcu > RATIO_LIMIT ? ['rcu'] : []),
    ...(ratios.wcu !== null && ratios.wcu > RATIO_LIMIT ? ['wcu'] : []),
  ];
  return { ...entry, ratios, over };
}

/** Untimed calls to every first page of both divisions: DynamoDB Local's JVM warms up slowly. */
async function warmUp(
  client: BenchClient,
  lists: readonly ListSpec[],
  divisions: Record<AdminSizeName, BenchDivision>,
  token: string,
): Promise<void> {
  const requests = lists.flatMap((spec) =>
    SIZE_NAMES.map((size) => requestOf(spec, divisions[size], token, null)),
  );
  for (let call = 0; call < WARMUP_CALLS; call++) await client.send(requests[call % requests.length]!);
}

/**
 * Starts its own runtime (in memory, seeded), writes the two divisions through the data layer,
 * adds the admin to both, times every implemented list of the brief at both sizes and stops the
 * runtime.
 */
export async function measureAdminLists(log: (line: string) => void): Promise<AdminListsReport> {
  const admin = DEMO_ACCOUNTS.find((a) => a.email === 'admin@example.com')!;
  const skippedRoutes: { route: string; reason: string }[] = [];
  const lists = LISTS.filter((spec) => {
    const route = ROUTE_BY_KEY.get(spec.route);
    const reason = !route
      ? 'not in the contract'
      : !route.implemented
        ? 'implemented: false in the contract (answers 501 until its handler lands)'
        : null;
    if (reason && !skippedRoutes.some((s) => s.route === spec.route))
      skippedRoutes.push({ route: spec.route, reason });
    return reason === null;
  });

  const runtime = await startRuntime({ port: 0, seed: true, region: 'UK' });
  try {
    const client = createBenchClient(runtime.url);
    const token = await client.signIn(admin.email, admin.password);
    const adminId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string })
      .sub;

    const divisions: AdminDivision[] = [];
    for (const size of ADMIN_SIZES) {
      const { divisionId, bmpGroupId, writeMs } = await fillDivision(runtime.db, size, adminId, log);
      divisions.push({
        name: size.name,
        divisionId,
        bmpGroupId,
        added: {
          users: size.users,
          clients: size.clients,
          groups: size.groups,
          legendItems: size.legendItems,
          templates: size.templates,
        },
        stored: { users: null, clients: null, groups: null, templates: null },
        writeMs: round(writeMs, 0),
      });
    }
    const divisionIds = Object.fromEntries(
      divisions.map((d): [AdminSizeName, BenchDivision] => [d.name, d]),
    ) as Record<AdminSizeName, BenchDivision>;

    log(`  warming up (${WARMUP_CALLS} untimed calls)…`);
    await warmUp(client, lists, divisionIds, token);
    // The statistics stream handler works through what was written before anything is timed.
    await runtime.streams.drained();

    const cases: AdminListCase[] = [];
    const requestsOf = new Map<string, Record<AdminSizeName, BenchRequest>>();
    const loadAverageStart = os.loadavg()[0] ?? 0;
    const timedStart = performance.now();
    for (const spec of lists) {
      const base = {
        route: spec.route,
        ...(spec.note ? { note: spec.note } : {}),
      };
      const one: AdminListCase = {
        ...base,
        name: `${spec.name}, page 1`,
        page: 1,
        query: queryLabel(spec),
        bySize: {},
        over: [],
      };
      const two: AdminListCase = {
        ...base,
        name: `${spec.name}, page 2`,
        page: 2,
        query: [queryLabel(spec), 'cursor=…'].filter(Boolean).join('&'),
        bySize: {},
        over: [],
      };
      log(`  ${spec.name}…`);
      const firstRequests = Object.fromEntries(
        SIZE_NAMES.map((size) => [size, requestOf(spec, divisionIds[size], token, null)]),
      ) as Record<AdminSizeName, BenchRequest>;
      requestsOf.set(one.name, firstRequests);
      const first = await measurePagePair(client, firstRequests);
      const cursors = {} as Record<AdminSizeName, string | null>;
      for (const size of SIZE_NAMES) {
        const outcome = first[size];
        if ('skipped' in outcome) {
          one.bySize[size] = outcome;
          two.bySize[size] = { skipped: 'page 1 failed' };
        } else {
          one.bySize[size] = outcome.sample;
          cursors[size] = outcome.cursor;
          if (!outcome.cursor) two.bySize[size] = { skipped: 'page 1 had no next page' };
        }
      }
      if (SIZE_NAMES.every((size) => cursors[size])) {
        const secondRequests = Object.fromEntries(
          SIZE_NAMES.map((size) => [size, requestOf(spec, divisionIds[size], token, cursors[size]!)]),
        ) as Record<AdminSizeName, BenchRequest>;
        requestsOf.set(two.name, secondRequests);
        const second = await measurePagePair(client, secondRequests);
        for (const size of SIZE_NAMES) {
          const outcome = second[size];
          two.bySize[size] = 'skipped' in outcome ? outcome : outcome.sample;
        }
      } else
        for (const size of SIZE_NAMES)
          two.bySize[size] ??= { skipped: 'page 2 is timed only when both sizes have one' };
      cases.push(withRatios(one), withRatios(two));
    }
    for (const entry of cases.filter((c) => c.over.includes('p50'))) {
      log(`  ${entry.name}: p50 ${entry.ratios!.p50.toFixed(2)}x, timed again…`);
      const again = await measurePagePair(client, requestsOf.get(entry.name)!);
      const [tenth, full] = SIZE_NAMES.map((size) => again[size]);
      if (tenth && full && !('skipped' in tenth) && !('skipped' in full))
        entry.recheck = {
          p50Tenth: tenth.sample.p50Ms,
          p50Full: full.sample.p50Ms,
          p50: ratio(full.sample.p50Ms, tenth.sample.p50Ms) ?? Number.NaN,
        };
    }
    const timedMs = performance.now() - timedStart;
    const loadAverageEnd = os.loadavg()[0] ?? 0;

    const counter = (listName: string, size: AdminSizeName) => {
      const outcome = cases.find((c) => c.name === `${listName}, page 1`)?.bySize[size];
      return isSample(outcome) ? outcome.numModels : null;
    };
    for (const division of divisions)
      division.stored = {
        users: counter('users', division.name),
        clients: counter('clients', division.name),
        groups: counter('groups', division.name),
        templates: counter('division templates', division.name),
      };

    const pairs = cases.filter((c) => c.ratios);
    return {
      settings: {
        calls: ADMIN_LIST_CALLS.calls,
        warmupCalls: ADMIN_LIST_CALLS.warmupCalls,
        warmupRounds: WARMUP_CALLS,
        writeConcurrency: WRITE_CONCURRENCY,
        ratioLimit: RATIO_LIMIT,
        interleaved: true,
      },
      divisions,
      timedMachine: {
        cpus: os.cpus().length,
        loadAverageStart: round(loadAverageStart),
        loadAverageEnd: round(loadAverageEnd),
        timedMs: round(timedMs, 0),
      },
      cases,
      skippedRoutes,
      capacityOver: pairs.filter((c) => c.over.includes('rcu') || c.over.includes('wcu')).map((c) => c.name),
      latencyOver: pairs
        .filter((c) => c.over.includes('p50') && !(c.recheck && c.recheck.p50 <= RATIO_LIMIT))
        .map((c) => c.name),
      latencyOverOnce: pairs
        .filter((c) => c.over.includes('p50') && c.recheck && c.recheck.p50 <= RATIO_LIMIT)
        .map((c) => c.name),
      rowsDiffer: pairs
        .filter((c) => {
          const [tenth, full] = SIZE_NAMES.map((s) => c.bySize[s] as AdminPageSample);
          return tenth!.rows !== full!.rows;
        })
        .map((c) => c.name),
    };
  } finally {
    await runtime.stop();
  }
}
