import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { notificationsRoutes } from '@stormline/contract/areas/notifications';
import { createDivision } from '@stormline/data/divisions';
import { createNotification } from '@stormline/data/notifications';
import { startRuntime } from '@stormline/local/runtime';
import { DEMO_ACCOUNTS } from '@stormline/local/seed';
import { createBenchClient, jsonRequest } from './bench-client';
import type { BenchClient, BenchResponse } from './bench-client';
import { percentile, round } from './stats';
import { inPool, withRetries as retrying } from './bulk-writes';

/**
 * The list routes at two data sizes in one run: the same pages read from a small store and from a
 * large one (the same runtime, grown in between through the data layer), so a page whose cost
 * depends on the rows stored, not the rows shown, stands out. Both sizes hold more than two full
 * pages of every list, so the pages compared show the same number of rows.
 */

/** Rows added to the seed (2 divisions; 3 notifications for the admin), cumulative: large grows small. */
export const SIZES = [
  { name: 'small', divisions: 50, notifications: 50 },
  { name: 'large', divisions: 2000, notifications: 2000 },
] as const;
export type SizeName = (typeof SIZES)[number]['name'];

export const LIST_CALLS = { calls: 50, warmupCalls: 5 } as const;
/** Writes in flight while growing the store; each create is a transaction on a shared counter. */
const WRITE_CONCURRENCY = 8;
const WRITE_ATTEMPTS = 5;
const withRetries = <T>(write: () => Promise<T>) =>
  retrying(write, { attempts: WRITE_ATTEMPTS, jitterMs: 20 });

/**
 * Generated division names all start with DIVISION_WORD; SEARCHES looks up a word inside the names
 * and the first word. The first-word search once read rows it then left out (whole-name terms
 * sorting before single-word ones), so its pages cost more, and came back empty, at the large
 * size; it stays to show that they no longer do.
 */
const DIVISION_WORD = 'Harbour';
const SEARCHES = [
  { label: 'search, a word inside the names', s: 'district' },
  { label: 'search, the first word of the names', s: DIVISION_WORD.toLowerCase() },
] as const;

export interface PageSample {
  status: number;
  /** Rows on the page (pageData.length) and whether it had a next page. */
  rows: number;
  nextCursor: boolean;
  /** paginationState.numModels: the divisions counter, null where the list keeps no total. */
  numModels: number | null;
  /** The notifications page's unreadCount. */
  unreadCount?: number;
  rcu: number;
  wcu: number;
  requests: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
}

export type PageOutcome = PageSample | { skipped: string };

export interface ListCase {
  /** Stable name of the case: the list, the search and the page. */
  name: string;
  note?: string;
  route: string;
  page: number;
  query: string;
  bySize: Partial<Record<SizeName, PageOutcome>>;
}

export interface StoreSize {
  name: SizeName;
  /** Rows this bench added, in all, to the seed. */
  addedDivisions: number;
  addedNotifications: number;
  /** What the server says the store holds: the divisions counter, the admin's unread count. */
  storedDivisions: number | null;
  unreadNotifications: number | null;
  /** Time to write this size's new rows. */
  writeMs: number;
}

export interface ListScalingReport {
  settings: {
    calls: number;
    warmupCalls: number;
    writeConcurrency: number;
    pageSizes: { divisions: number; notifications: number };
  };
  sizes: StoreSize[];
  cases: ListCase[];
  /** Cases showing the same rows at both sizes but reading different units: cost that grows with the rows stored. */
  capacityDiffers: string[];
  /** Cases showing a different number of rows at the two sizes (both sizes hold more than two pages). */
  rowsDiffer: string[];
}

interface Page {
  pageData?: unknown[];
  unreadCount?: number;
  paginationState?: { pageSize: number; numModels: number | null; nextCursor: string | null };
}

const asPage = (response: BenchResponse) => (response.body ?? {}) as Page;

/** The page's numbers and its next cursor (to ask for the page after it). */
async function measurePage(
  client: BenchClient,
  token: string,
  path: string,
): Promise<{ sample: PageSample; cursor: string | null }> {
  const request = jsonRequest('GET', path, { token });
  const sample = await client.send(request);
  const page = asPage(sample);
  if (sample.status !== 200)
    throw new Error(`GET ${path} answered ${sample.status}: ${JSON.stringify(sample.body)}`);
  const timings: number[] = [];
  let failed = 0;
  for (let call = 0; call < LIST_CALLS.warmupCalls + LIST_CALLS.calls; call++) {
    const response = await client.send(request);
    if (call < LIST_CALLS.warmupCalls) continue;
    if (response.status === 200) timings.push(response.ms);
    else failed++;
  }
  const cursor = page.paginationState?.nextCursor ?? null;
  return {
    cursor,
    sample: {
      status: sample.status,
      rows: page.pageData?.length ?? 0,
      nextCursor: cursor !== null,
      numModels: page.paginationState?.numModels ?? null,
      ...(page.unreadCount === undefined ? {} : { unreadCount: page.unreadCount }),
      rcu: sample.rcu,
      wcu: sample.wcu,
      requests: timings.length,
      failed,
      p50Ms: round(percentile(timings, 50)),
      p99Ms: round(percentile(timings, 99)),
    },
  };
}

/** The cases, each a first page and the page after it (through the first page's cursor). */
const LISTS = [
  { name: 'divisions', route: 'GET /api/divisions', query: '' },
  ...SEARCHES.map((search) => ({
    name: `divisions ?s=${search.s}`,
    note: search.label,
    route: 'GET /api/divisions',
    query: `s=${encodeURIComponent(search.s)}`,
  })),
  { name: 'notifications', route: 'GET /api/notifications', query: '' },
] as const satisfies readonly { name: string; note?: string; route: string; query: string }[];

/** Untimed calls to every first page before anything is timed: DynamoDB Local's JVM warms up slowly. */
const WARMUP_CALLS = 600;

async function warmUp(client: BenchClient, token: string): Promise<void> {
  const paths = LISTS.map(
    (list) => `${list.route.slice('GET '.length)}${list.query ? `?${list.query}` : ''}`,
  );
  for (let call = 0; call < WARMUP_CALLS; call++)
    await client.send(jsonRequest('GET', paths[call % paths.length]!, { token }));
}

async function measureLists(
  client: BenchClient,
  token: string,
  size: SizeName,
  cases: Map<string, ListCase>,
  log: (line: string) => void,
): Promise<void> {
  for (const list of LISTS) {
    const path = list.route.slice('GET '.length);
    const first = `${path}${list.query ? `?${list.query}` : ''}`;
    const caseOf = (page: number, query: string): ListCase => {
      const name = `${list.name}, page ${page}`;
      let entry = cases.get(name);
      if (!entry) {
        entry = {
          name,
          ...('note' in list ? { note: list.note } : {}),
          route: list.route,
          page,
          query,
          bySize: {},
        };
        cases.set(name, entry);
      }
      return entry;
    };
    log(`  ${size}: ${first}`);
    const one = caseOf(1, list.query);
    const two = caseOf(2, [list.query, 'cursor=…'].filter(Boolean).join('&'));
    try {
      const { sample, cursor } = await measurePage(client, token, first);
      one.bySize[size] = sample;
      if (!cursor) {
        two.bySize[size] = { skipped: 'page 1 had no next page' };
        continue;
      }
      const second = `${path}?${[list.query, `cursor=${encodeURIComponent(cursor)}`].filter(Boolean).join('&')}`;
      two.bySize[size] = (await measurePage(client, token, second)).sample;
    } catch (error) {
      const note = `the bench failed on this list: ${(error as Error).message}`;
      one.bySize[size] ??= { skipped: note };
      two.bySize[size] ??= { skipped: note };
    }
  }
}

const isSample = (outcome: PageOutcome | undefined): outcome is PageSample =>
  outcome !== undefined && !('skipped' in outcome);

/**
 * Starts its own runtime (in memory, seeded), measures the lists with a small store, grows it
 * through the data layer to the large size, measures again, and stops the runtime.
 */
export async function measureListScaling(log: (line: string) => void): Promise<ListScalingReport> {
  const admin = DEMO_ACCOUNTS.find((a) => a.email === 'admin@example.com')!;
  const runtime = await startRuntime({ port: 0, seed: true, region: 'UK' });
  // The statistics stream handler works through the seed before anything is timed.
  await runtime.streams.drained();
  try {
    const client = createBenchClient(runtime.url);
    const token = await client.signIn(admin.email, admin.password);
    const adminId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string })
      .sub;
    const cases = new Map<string, ListCase>();
    const sizes: StoreSize[] = [];
    let divisions = 0;
    let notifications = 0;
    const base = Date.now() - 60 * 60_000;
    for (const size of SIZES) {
      log(
        `  ${size.name}: adding ${size.divisions - divisions} divisions and ${size.notifications - notifications} notifications…`,
      );
      const started = performance.now();
      const fromDivision = divisions;
      await inPool(size.divisions - divisions, WRITE_CONCURRENCY, (i) => {
        const n = String(fromDivision + i + 1).padStart(4, '0');
        return withRetries(() => createDivision(runtime.db, { name: `${DIVISION_WORD} District ${n}` }));
      });
      const fromNotification = notifications;
      await inPool(size.notifications - notifications, WRITE_CONCURRENCY, (i) => {
        const n = fromNotification + i + 1;
        return withRetries(() =>
          createNotification(
            runtime.db,
            adminId,
            {
              title: 'Inspection Due',
              content: `Site ${n} is due for its routine inspection.`,
              link: '/divisions/north-region/projects',
            },
            // One a second going back from an hour ago: older than the seed's newest, all distinct.
            new Date(base - n * 1000),
          ),
        );
      });
      const writeMs = performance.now() - started;
      divisions = size.divisions;
      notifications = size.notifications;
      if (sizes.length === 0) await warmUp(client, token);
      await measureLists(client, token, size.name, cases, log);
      const firstDivisions = cases.get('divisions, page 1')?.bySize[size.name];
      const firstNotifications = cases.get('notifications, page 1')?.bySize[size.name];
      sizes.push({
        name: size.name,
        addedDivisions: divisions,
        addedNotifications: notifications,
        storedDivisions: isSample(firstDivisions) ? firstDivisions.numModels : null,
        unreadNotifications: isSample(firstNotifications) ? (firstNotifications.unreadCount ?? null) : null,
        writeMs: round(writeMs, 0),
      });
    }

    const all = [...cases.values()];
    const pairs = all.flatMap((c) => {
      const [small, large] = SIZES.map((s) => c.bySize[s.name]);
      return isSample(small) && isSample(large) ? [{ name: c.name, small, large }] : [];
    });
    const capacityDiffers = pairs
      .filter(
        (p) => p.small.rows === p.large.rows && (p.small.rcu !== p.large.rcu || p.small.wcu !== p.large.wcu),
      )
      .map((p) => p.name);
    const rowsDiffer = pairs.filter((p) => p.small.rows !== p.large.rows).map((p) => p.name);
    return {
      settings: {
        calls: LIST_CALLS.calls,
        warmupCalls: LIST_CALLS.warmupCalls,
        writeConcurrency: WRITE_CONCURRENCY,
        pageSizes: {
          divisions: divisionsRoutes.listDivisions.pageSize,
          notifications: notificationsRoutes.listNotifications.pageSize,
        },
      },
      sizes,
      cases: all,
      capacityDiffers,
      rowsDiffer,
    };
  } finally {
    await runtime.stop();
  }
}
