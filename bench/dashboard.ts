import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { BatchWriteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createClient } from '@stormline/data/clients';
import { createDivision } from '@stormline/data/divisions';
import { addTemplatesToDivision, addUsersToDivision } from '@stormline/data/divisions-resources';
import type { Db } from '@stormline/data/dynamo';
import { createFinding, findingItem, findingUpdateSteps } from '@stormline/data/findings';
import type { FindingRecord } from '@stormline/data/findings';
import {
  answersItem,
  createInspection,
  findingLinkItem,
  inspectionItem,
  typeLinkItem,
} from '@stormline/data/inspections';
import type { InspectionRecord } from '@stormline/data/inspections';
import { createProject, projectKeys } from '@stormline/data/projects';
import { getProjectStatistics } from '@stormline/data/statistics';
import { rebuildProjectStatistics } from '@stormline/data/statistics-rebuild';
import { getTemplateVersion } from '@stormline/data/templates';
import { transact } from '@stormline/data/transact';
import { createUser, readUser } from '@stormline/data/users';
import type { UserRecord } from '@stormline/data/users';
import { addDays, localDate } from '@stormline/domain/local-date';
import { roleByName } from '@stormline/domain/roles';
import type { TemplateVersion } from '@stormline/domain/template-model';
import { handler as statisticsHandler } from '@stormline/functions/streams/statistics';
import { startRuntime, TABLE_NAME } from '@stormline/local/runtime';
import { sampleClient, sampleProject } from '@stormline/local/sample-records';
import { DEMO_ACCOUNTS } from '@stormline/local/seed';
import { sampleAnswers } from '@stormline/local/seed/sample-answers';
import { startStreamReader } from '@stormline/local/stream-reader';
import { createBenchClient, jsonRequest } from './bench-client';
import type { BenchClient, BenchRequest } from './bench-client';
import { inPool, withRetries as retrying } from './bulk-writes';
import { markdownTable, writeResults, writeResultsText } from './report';
import { percentile, ratio, round } from './stats';

/**
 * Issue 11's dashboard and report routes on a division of 200 projects, 20,000 inspections and
 * 100,000 findings, and on one holding a tenth of the inspections and findings (2,000 and 10,000,
 * on 50 projects), side by side in one run and one store; the calls to the two divisions
 * alternate, so drift falls on both alike. A widget or report page reads its projects'
 * statistics (docs/decisions/0019), never their inspections and findings, so full / tenth stays
 * under RATIO_LIMIT in latency (p50) and in consumed capacity; the markdown says where not.
 * Also timed: writing the two divisions, a full statistics rebuild, and the statistics stream
 * handler absorbing 1,000 writes.
 *
 *   npx tsx bench/dashboard.ts    # -> results/dashboard.json and results/dashboard.md
 */

/**
 * The tenth holds a tenth of the inspections and findings on 50 projects, not 20: every page a
 * route shows (25 or 50 sites, 10 team members with 5 sites each) is then full at both sizes, so
 * the two answers show the same rows and differ only in what is stored behind them. Its projects
 * hold 40 inspections each over the same year, the newest 34 at the full size's pace (one every
 * 3.7 days), so a month of a project and the report's dates (120 to 30 days ago) hold the same
 * records at both sizes, and a project's whole history the same months. Ids and names have the same length
 * at both sizes (the size is written 0050 or 0200), so equal rows are equal in bytes and in
 * capacity units.
 */
export const DASHBOARD_SIZES = [
  { name: 'tenth', divisionId: 'bench-dashboard-0050', projects: 50, inspectionsPerProject: 40 },
  { name: 'full', divisionId: 'bench-dashboard-0200', projects: 200, inspectionsPerProject: 100 },
] as const;
export type DashboardSizeName = (typeof DASHBOARD_SIZES)[number]['name'];
const SIZE_NAMES = DASHBOARD_SIZES.map((s) => s.name);

/** The days between a project's newest inspections, at both sizes: 100 over 363 days. */
const DAYS_BETWEEN_INSPECTIONS = 363 / 99;
/**
 * A project's newest inspections, at that pace at both sizes: the last four months, which hold the
 * calendar's month and the report's dates (120 to 30 days ago).
 */
const RECENT_INSPECTIONS = 34;
/** The days from the newest inspection (2 days ago) to the oldest: a year at both sizes. */
const HISTORY_DAYS = 363;
const FINDINGS_PER_INSPECTION = 5;
/** Projects per client and per search word (a search shows the same 10 sites at both sizes). */
const PROJECTS_PER_GROUP = 10;
/**
 * Inspectors, at both sizes: Team Management pages 10 members (these and the Admin) with their
 * first 5 sites and whether more follow; the tenth's inspect 6 or 7 sites, the full size's 25, so
 * every member shows 5 sites and More sites at both.
 */
const INSPECTORS = 8;
/** The newest inspections of a project awaiting their compliance signature (Certifications Due). */
const AWAITING_COMPLIANCE = 3;
/** The newest inspections whose findings are still open (the older ones' are completed). */
const WITH_OPEN_FINDINGS = 2;
const TEMPLATE_ID = 'routine-stormwater';
const TIME_ZONE = 'Europe/London';

export const RATIO_LIMIT = 1.2;
const CALLS = 40;
const WARMUP = 5;
/** Untimed calls round every case of both divisions before anything is timed (the JVM). */
const WARMUP_ROUNDS = 4;
const WRITE_CONCURRENCY = 8;
const withRetries = <T>(write: () => Promise<T>) => retrying(write, { attempts: 6, jitterMs: 30 });
/** Projects whose records are written at once, each with BATCHES_IN_FLIGHT BatchWrites going. */
const PROJECT_WRITERS = 4;
const BATCHES_IN_FLIGHT = 2;
const ABSORB_WRITES = 1000;

/**
 * A word per group of ten projects (one client's, one inspector's), in alphabetical order: the
 * projects sort by name, so the first page of either division starts with the same projects, and
 * a search for the first word shows the same ten projects at both sizes.
 */
const WORDS = [
  'Alder',
  'Aspen',
  'Birch',
  'Cedar',
  'Elder',
  'Hazel',
  'Holly',
  'Larch',
  'Lilac',
  'Maple',
  'Olive',
  'Peach',
  'Pecan',
  'Plane',
  'Rowan',
  'Sumac',
  'Thyme',
  'Tulip',
  'Wheat',
  'Yucca',
] as const;
const SEARCH = WORDS[0].toLowerCase();

const pad = (n: number, width = 3) => String(n).padStart(width, '0');

// ---------------------------------------------------------------------------------------------
// The records, in the shapes the data layer writes

/*
 * The bulk write needs the items the data layer's writers store, without a transaction each: it
 * uses the data layer's own item builders, and checkShapes compares them with what
 * createInspection and createFinding store before anything is written in bulk, so a change to
 * either writer stops the bench instead of measuring records the product would never write.
 */

const stored = async (db: Db, key: { pk: string; sk: string }) =>
  (await db.doc.send(new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }))).Item;

function sameShape(
  what: string,
  actual: Record<string, unknown> | undefined,
  built: Record<string, unknown>,
) {
  if (isDeepStrictEqual(actual, built)) return;
  const names = (o: Record<string, unknown> | undefined) => Object.keys(o ?? {}).sort();
  throw new Error(
    `The data layer's ${what} builder differs from what its writer stores: stored ${JSON.stringify(names(actual))}, built ${JSON.stringify(names(built))}; update bench/dashboard.ts`,
  );
}

/**
 * Writes one inspection and one finding through createInspection and createFinding (in a project
 * of the demo division made for it) and checks that the bench's builders give the same items.
 */
async function checkShapes(db: Db, version: TemplateVersion, now: Date): Promise<void> {
  const divisionId = 'north-region';
  const client = await createClient(db, divisionId, sampleClient('Bench Dashboard Shape Check'), now);
  const project = await createProject(
    db,
    projectFields(
      divisionId,
      client.id,
      null,
      'Shape Check',
      localDate(TIME_ZONE, now),
      localDate(TIME_ZONE, now),
    ),
    now,
  );
  const inspection = await createInspection(
    db,
    {
      divisionId,
      projectId: project.id,
      type: 'Routine',
      created_date: `${localDate(TIME_ZONE, now)}T09:30`,
      inspectorId: null,
      createdBy: 'bench',
      version,
      answers: {},
      carried: [],
    },
    () => [],
    now,
  );
  const type = version.finding_types.find((t) => t.details.is_enabled)!;
  const finding = await createFinding(
    db,
    {
      divisionId,
      projectId: project.id,
      typeId: type.id,
      typeCode: type.code,
      typeName: type.name,
      color: type.details.color,
      is_required_for_cert: type.details.is_required_for_cert,
      location: 'Area 1',
      date_initiated: localDate(TIME_ZONE, now),
      date_completed: null,
      condition: null,
      control_measure_id: null,
      comments: null,
      initialInspectionId: inspection.id,
      createdBy: 'bench',
    },
    inspection,
    () => [],
    now,
  );
  const built = {
    inspection: inspectionItem(inspection),
    typeLink: typeLinkItem(inspection),
    answers: answersItem(inspection, {}, 0),
    finding: findingItem(finding),
    link: findingLinkItem(
      inspection,
      { findingId: finding.id, number: finding.number, typeCode: finding.typeCode },
      false,
    ),
  };
  for (const [what, item] of Object.entries(built))
    sameShape(what, await stored(db, { pk: item.pk as string, sk: item.sk as string }), item);
  // The bench's records carry exactly the fields the writers' records do.
  const fields = (o: object) => Object.keys(o).sort().join(',');
  const sample = benchProjectRecords(
    { divisionId, projectId: project.id, inspectorId: null },
    version,
    localDate(TIME_ZONE, now),
    // Enough for every kind of record it writes (carried findings need two inspections).
    3,
  );
  if (
    fields(sample.inspections[0]!) !== fields(inspection) ||
    fields(sample.findings[0]!) !== fields(finding)
  )
    throw new Error(
      'The bench builds inspection or finding records with other fields than the data layer writes; update bench/dashboard.ts',
    );
}

/** A bench site: the bench's template and zone, a year of history before `today`. */
function projectFields(
  divisionId: string,
  clientId: string,
  inspectorId: string | null,
  name: string,
  today: string,
  nextInspectionDate: string,
) {
  return sampleProject({
    divisionId,
    client_id: clientId,
    name,
    inspection_template_id: TEMPLATE_ID,
    timezone: TIME_ZONE,
    inspector_user_id: inspectorId,
    start_date: addDays(today, -400),
    next_inspection_date: nextInspectionDate,
  });
}

/**
 * The day of inspection `i` of `count` (0 the oldest), the newest 2 days ago: the newest
 * RECENT_INSPECTIONS one every 3.7 days, the older ones evenly over the rest of the year (at full
 * size that is the same pace throughout; the tenth's older history is thinner).
 */
function inspectionDay(today: string, i: number, count: number): string {
  const fromNewest = count - 1 - i;
  const recentSpan = (RECENT_INSPECTIONS - 1) * DAYS_BETWEEN_INSPECTIONS;
  const olderPace = (HISTORY_DAYS - recentSpan) / (count - RECENT_INSPECTIONS);
  const daysBack =
    fromNewest < RECENT_INSPECTIONS
      ? fromNewest * DAYS_BETWEEN_INSPECTIONS
      : recentSpan + (fromNewest - (RECENT_INSPECTIONS - 1)) * olderPace;
  return addDays(today, -(2 + Math.round(daysBack)));
}

/**
 * One project's records, as its inspections would have left them: every inspection routine,
 * complete and certified on its day, acknowledged 0 to 3 days later (a quarter late); signed for
 * compliance the next day except the newest AWAITING_COMPLIANCE; five findings each, CA and MI in
 * turn, completed 0 to 11 days after they were raised (some late), except those of the newest
 * WITH_OPEN_FINDINGS inspections, which are open, the older one's carried into the newest.
 */
function benchProjectRecords(
  project: { divisionId: string; projectId: string; inspectorId: string | null },
  version: TemplateVersion,
  today: string,
  inspectionCount: number,
) {
  const types = version.finding_types.filter((t) => t.details.is_enabled);
  const inspections: InspectionRecord[] = [];
  const findings: FindingRecord[] = [];
  const answers: Record<string, unknown>[] = [];
  const links: Record<string, unknown>[] = [];
  const last = inspectionCount - 1;
  for (let i = 0; i <= last; i++) {
    const day = inspectionDay(today, i, inspectionCount);
    const inspection: InspectionRecord = {
      id: randomUUID(),
      divisionId: project.divisionId,
      projectId: project.projectId,
      number: i + 1,
      created_date: `${day}T09:30`,
      type: 'Routine',
      status: 'complete',
      templateId: version.templateId,
      templateVersion: version.version,
      templateName: version.name,
      templateKind: version.kind,
      has_acknowledgement: version.has_acknowledgement,
      has_compliance_cert: version.has_compliance_cert,
      certification_date: day,
      compliance_date: i > last - AWAITING_COMPLIANCE ? null : addDays(day, 1),
      acknowledgement_date: addDays(day, i % 4),
      inspectorId: project.inspectorId,
      findingTypes: types.map((t) => ({ code: t.code, name: t.name, color: t.details.color })),
      countsAsOpen: false,
      createdAt: `${day}T09:30:00.000Z`,
      createdBy: 'bench',
      // Created, answered, certified, signed for compliance.
      version: 3,
    };
    inspections.push(inspection);
    answers.push(
      answersItem(
        inspection,
        sampleAnswers(version, { day, type: 'Routine', findingIds: [], variant: i }),
        1,
      ),
    );
    const open = i > last - WITH_OPEN_FINDINGS;
    for (let f = 0; f < FINDINGS_PER_INSPECTION; f++) {
      const type = types[f % types.length]!;
      const completed = addDays(day, (i * FINDINGS_PER_INSPECTION + f) % 12);
      const finding: FindingRecord = {
        id: randomUUID(),
        divisionId: project.divisionId,
        projectId: project.projectId,
        number: i * FINDINGS_PER_INSPECTION + f + 1,
        typeId: type.id,
        typeCode: type.code,
        typeName: type.name,
        color: type.details.color,
        is_required_for_cert: type.details.is_required_for_cert,
        location: `Area ${f + 1}`,
        date_initiated: day,
        date_completed: open ? null : completed < today ? completed : today,
        condition: null,
        control_measure_id: null,
        comments: null,
        initialInspectionId: inspection.id,
        imageCount: 0,
        createdAt: `${day}T09:45:00.000Z`,
        createdBy: 'bench',
        version: open ? 0 : 1,
      };
      findings.push(finding);
      const ref = { findingId: finding.id, number: finding.number, typeCode: finding.typeCode };
      links.push(findingLinkItem(inspection, ref, false));
    }
  }
  // The open findings of the one before the newest were carried into the newest.
  const newest = inspections[last]!;
  for (const finding of findings.filter((f) => f.initialInspectionId === inspections[last - 1]!.id))
    links.push(
      findingLinkItem(
        newest,
        { findingId: finding.id, number: finding.number, typeCode: finding.typeCode },
        true,
      ),
    );
  return { inspections, findings, answers, links };
}

/** Puts every item, 25 a BatchWrite, `inFlight` at once, unprocessed items sent again. */
async function putAll(db: Db, items: readonly Record<string, unknown>[], inFlight: number): Promise<void> {
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  await inPool(batches.length, inFlight, async (b) => {
    let pending: unknown[] = batches[b]!.map((Item) => ({ PutRequest: { Item } }));
    while (pending.length > 0) {
      const result = await db.doc.send(
        new BatchWriteCommand({
          RequestItems: { [db.tableName]: pending as { PutRequest: { Item: Record<string, unknown> } }[] },
        }),
      );
      pending = result.UnprocessedItems?.[db.tableName] ?? [];
    }
  });
}

interface SeededProject {
  id: string;
  name: string;
  openFindings: FindingRecord[];
}

export interface SeededDivision {
  name: DashboardSizeName;
  divisionId: string;
  projects: SeededProject[];
  /** The project the calendar shows (the first by name). */
  calendarProjectId: string;
  counts: {
    projects: number;
    inspections: number;
    findings: number;
    openFindings: number;
    clients: number;
    inspectors: number;
    items: number;
  };
  /** Divisions, clients, users and projects through their writers; then the records in bulk. */
  writeMs: { setup: number; records: number; total: number };
}

/** A division, its clients, inspectors and projects through the data layer; their records in bulk. */
async function fillDivision(
  db: Db,
  size: (typeof DASHBOARD_SIZES)[number],
  admin: UserRecord,
  version: TemplateVersion,
  now: Date,
  log: (line: string) => void,
): Promise<SeededDivision> {
  const started = performance.now();
  const today = localDate(TIME_ZONE, now);
  const tag = pad(size.projects, 4);
  const groups = size.projects / PROJECTS_PER_GROUP;
  const { divisionId } = size;
  await createDivision(db, { name: `Bench Dashboard ${tag}`, id: divisionId, now });
  // Division-scoped routes need a membership, Admin included (docs/decisions/0005).
  await addUsersToDivision(db, divisionId, [admin]);
  await addTemplatesToDivision(db, divisionId, [TEMPLATE_ID]);
  log(`  ${size.name}: ${groups} clients, ${INSPECTORS} inspectors, ${size.projects} projects…`);
  const clientIds: string[] = [];
  await inPool(groups, WRITE_CONCURRENCY, async (g) => {
    const client = await withRetries(() =>
      createClient(db, divisionId, sampleClient(`Bench Client ${tag}-${pad(g + 1)}`), now),
    );
    clientIds[g] = client.id;
  });
  const inspectorIds: string[] = [];
  await inPool(INSPECTORS, WRITE_CONCURRENCY, async (g) => {
    const user = await withRetries(() =>
      createUser(
        db,
        {
          email: `bench.inspector.${tag}.${pad(g + 1)}@stormline.example`,
          first_name: 'Bench',
          last_name: `Inspector ${pad(g + 1)}`,
          position: 'Stormwater Inspector',
          phone: null,
          phone_ext: null,
          roleId: roleByName('Inspector').id,
          status: 'active',
          passwordHash: null,
          permissionsOverride: null,
          electronicSignatureAuthorization: true,
          dataPolicySignature: true,
          divisionIds: [divisionId],
        },
        now,
      ),
    );
    inspectorIds[g] = user.id;
  });
  // Project n: its group's word and client (n % groups), inspector n % INSPECTORS; the k-th of
  // its group, due today when k is even (Inspections Due then looks for today's inspection), else
  // in 5 days.
  const projects: (SeededProject & { inspectorId: string })[] = [];
  await inPool(size.projects, WRITE_CONCURRENCY, async (n) => {
    const group = n % groups;
    const k = Math.floor(n / groups);
    const name = `${WORDS[group]!} Site ${pad(n + 1)}`;
    const project = await withRetries(() =>
      createProject(
        db,
        projectFields(
          divisionId,
          clientIds[group]!,
          inspectorIds[n % INSPECTORS]!,
          name,
          today,
          k % 2 === 0 ? today : addDays(today, 5),
        ),
        now,
      ),
    );
    projects[n] = { id: project.id, name, inspectorId: inspectorIds[n % INSPECTORS]!, openFindings: [] };
  });
  const setup = performance.now() - started;

  log(
    `  ${size.name}: ${size.projects * size.inspectionsPerProject} inspections, ${size.projects * size.inspectionsPerProject * FINDINGS_PER_INSPECTION} findings in bulk…`,
  );
  let items = 0;
  await inPool(projects.length, PROJECT_WRITERS, async (n) => {
    const project = projects[n]!;
    const records = benchProjectRecords(
      { divisionId, projectId: project.id, inspectorId: project.inspectorId },
      version,
      today,
      size.inspectionsPerProject,
    );
    const all = [
      ...records.inspections.flatMap((i) => [inspectionItem(i), typeLinkItem(i)]),
      ...records.answers,
      ...records.findings.map(findingItem),
      ...records.links,
    ];
    await putAll(db, all, BATCHES_IN_FLIGHT);
    items += all.length;
    // The project's counters as the writers would have moved them.
    const open = records.findings.filter((f) => !f.date_completed);
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: projectKeys.project(divisionId, project.id),
        UpdateExpression:
          'SET inspectionSeq = :inspections, inspectionCount = :inspections, openInspectionCount = :zero, findingSeq = :findings, findingCount = :findings, openFindingCount = :open',
        ExpressionAttributeValues: {
          ':inspections': records.inspections.length,
          ':findings': records.findings.length,
          ':open': open.length,
          ':zero': 0,
        },
      }),
    );
    project.openFindings = open;
  });
  const total = performance.now() - started;
  const byName = [...projects].sort((a, b) => (a.name < b.name ? -1 : 1));
  return {
    name: size.name,
    divisionId,
    projects: projects.map(({ id, name, openFindings }) => ({ id, name, openFindings })),
    calendarProjectId: byName[0]!.id,
    counts: {
      projects: size.projects,
      inspections: size.projects * size.inspectionsPerProject,
      findings: size.projects * size.inspectionsPerProject * FINDINGS_PER_INSPECTION,
      openFindings: projects.reduce((sum, p) => sum + p.openFindings.length, 0),
      clients: groups,
      inspectors: INSPECTORS,
      items,
    },
    writeMs: { setup: round(setup, 0), records: round(total - setup, 0), total: round(total, 0) },
  };
}

// ---------------------------------------------------------------------------------------------
// The cases

interface Case {
  name: string;
  route: string;
  /** What the route reads for one request (from its handler), printed when the case is over. */
  reads: string;
  path: (d: SeededDivision, ctx: { month: string; minDate: string; maxDate: string }) => string;
  /** The rows the answer shows. */
  rows: (body: unknown) => number;
}

type Body = Record<string, unknown> | undefined;
const pageRows = (body: unknown) => ((body as Body)?.pageData as unknown[] | undefined)?.length ?? 0;
const div = (d: SeededDivision) => `/api/divisions/${d.divisionId}`;
const PAGE_READ =
  'a page of 25 projects (byParent, or the search rows and a BatchGet), their clients (BatchGet)';

export const CASES: readonly Case[] = [
  {
    name: 'saved widgets',
    route: 'GET /customdashboard1',
    reads: "the caller's DASHBOARD item (one GetItem)",
    path: () => '/customdashboard1',
    rows: (body) => ((body as Body)?.widgets as unknown[] | null | undefined)?.length ?? 0,
  },
  {
    name: 'certifications due',
    route: 'GET /api/divisions/{id}/getCertDueList',
    reads: `${PAGE_READ}, their STATS items (BatchGet), then per site with cd > 0 a Query of up to 20 CERTDUE rows, a BatchGet of those inspections, a Query of each one's finding links and a BatchGet of their findings`,
    path: (d) => `${div(d)}/getCertDueList`,
    rows: pageRows,
  },
  {
    name: `certifications due ?s=${SEARCH}`,
    route: 'GET /api/divisions/{id}/getCertDueList',
    reads: 'as above, the page from the search rows',
    path: (d) => `${div(d)}/getCertDueList?s=${SEARCH}`,
    rows: pageRows,
  },
  {
    name: 'open findings',
    route: 'GET /api/divisions/{id}/openFindings/getOpenFindingStats',
    reads: `${PAGE_READ} and their STATS items (BatchGet)`,
    path: (d) => `${div(d)}/openFindings/getOpenFindingStats`,
    rows: pageRows,
  },
  {
    name: 'open findings ?type=CA',
    route: 'GET /api/divisions/{id}/openFindings/getOpenFindingStats',
    reads: `${PAGE_READ} and their STATS items (BatchGet)`,
    path: (d) => `${div(d)}/openFindings/getOpenFindingStats?type=CA`,
    rows: pageRows,
  },
  {
    name: `open findings ?s=${SEARCH}`,
    route: 'GET /api/divisions/{id}/openFindings/getOpenFindingStats',
    reads: `${PAGE_READ} and their STATS items (BatchGet)`,
    path: (d) => `${div(d)}/openFindings/getOpenFindingStats?s=${SEARCH}`,
    rows: pageRows,
  },
  {
    name: 'findings overview',
    route: 'GET /api/divisions/{id}/findingsOverview/getStats',
    reads: `${PAGE_READ} and their STATS items (BatchGet)`,
    path: (d) => `${div(d)}/findingsOverview/getStats`,
    rows: pageRows,
  },
  {
    name: `findings overview ?s=${SEARCH}`,
    route: 'GET /api/divisions/{id}/findingsOverview/getStats',
    reads: `${PAGE_READ} and their STATS items (BatchGet)`,
    path: (d) => `${div(d)}/findingsOverview/getStats?s=${SEARCH}`,
    rows: pageRows,
  },
  {
    name: 'finding types used (open findings)',
    route: 'GET /api/divisions/{id}/openFindings/fetchFindingTypesUsed',
    reads: "the division's templates (byParent) and each one's current version",
    path: (d) => `${div(d)}/openFindings/fetchFindingTypesUsed`,
    rows: pageRows,
  },
  {
    name: 'team management',
    route: 'GET /api/divisions/{id}/getTeamManagementData',
    reads:
      "a page of 10 assignable inspectors (byRelation INSPECTORS and a BatchGet of the users), for each one a page of 5 of the projects they inspect (their access rows and a BatchGet of the projects) and, when the page stopped at its limit, a look at the next one, and the projects' clients",
    path: (d) => `${div(d)}/getTeamManagementData`,
    rows: (body) =>
      ((body as Body)?.team as { inspections: unknown[] }[] | undefined)?.reduce(
        (sum, member) => sum + member.inspections.length,
        0,
      ) ?? 0,
  },
  {
    name: 'inspections due',
    route: 'GET /api/divisions/{id}/inspectionsDue/getInspectionsDueStats',
    reads: `${PAGE_READ}, and a consistent Query for today's routine inspection of each site due today`,
    path: (d) => `${div(d)}/inspectionsDue/getInspectionsDueStats`,
    rows: pageRows,
  },
  {
    name: `inspections due ?s=${SEARCH}`,
    route: 'GET /api/divisions/{id}/inspectionsDue/getInspectionsDueStats',
    reads: 'as above, the page from the search rows',
    path: (d) => `${div(d)}/inspectionsDue/getInspectionsDueStats?s=${SEARCH}`,
    rows: pageRows,
  },
  {
    name: 'calendar month',
    route: 'GET /api/divisions/{id}/calendar/getCalendarData',
    reads:
      "the project (readVisibleProject), the month's inspections (a byParent key range) and the inspectors' names",
    path: (d, ctx) => `${div(d)}/calendar/getCalendarData?type=${d.calendarProjectId}&month=${ctx.month}`,
    rows: (body) => ((body as Body)?.inspections as unknown[] | undefined)?.length ?? 0,
  },
  {
    name: 'calendar projects',
    route: 'GET /api/divisions/{id}/calendar/fetchAllUserProjects',
    reads: 'a page of 50 projects (byParent, or the search rows and a BatchGet) and their clients (BatchGet)',
    path: (d) => `${div(d)}/calendar/fetchAllUserProjects`,
    rows: pageRows,
  },
  {
    name: `calendar projects ?s=${SEARCH}`,
    route: 'GET /api/divisions/{id}/calendar/fetchAllUserProjects',
    reads: 'as above, the page from the search rows',
    path: (d) => `${div(d)}/calendar/fetchAllUserProjects?s=${SEARCH}`,
    rows: pageRows,
  },
  {
    name: 'compliance report (r=10)',
    route: 'GET /api/divisions/{id}/compliance',
    reads:
      "the division's project directory (one item of names and clients) to count, filter and page it (0021); then a BatchGet of the page's projects, one of their STATS items (no dates: the project-wide counters) and one of their clients",
    path: (d) => `${div(d)}/compliance`,
    rows: pageRows,
  },
  {
    name: 'compliance report, dates, r=10',
    route: 'GET /api/divisions/{id}/compliance',
    reads:
      'as above, but one statistics Query (the STATS#<month> key range of the dates) per row instead of the STATS items',
    path: (d, ctx) => `${div(d)}/compliance?minDate=${ctx.minDate}&maxDate=${ctx.maxDate}&r=10`,
    rows: pageRows,
  },
  {
    name: 'compliance report, dates, r=50',
    route: 'GET /api/divisions/{id}/compliance',
    reads: 'as above',
    path: (d, ctx) => `${div(d)}/compliance?minDate=${ctx.minDate}&maxDate=${ctx.maxDate}&r=50`,
    rows: pageRows,
  },
  {
    name: `compliance report ?s=${SEARCH}, r=50`,
    route: 'GET /api/divisions/{id}/compliance',
    reads: 'as above; the search is applied to the whole list in memory',
    path: (d) => `${div(d)}/compliance?s=${SEARCH}&r=50`,
    rows: pageRows,
  },
  {
    name: 'finding types (report filter)',
    route: 'GET /api/divisions/{id}/findingTypes',
    reads: "the division's templates (byParent) and each one's current version",
    path: (d) => `${div(d)}/findingTypes`,
    rows: pageRows,
  },
];

export interface DashboardSample {
  status: number;
  rows: number;
  rcu: number;
  wcu: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
}

export interface DashboardCase {
  name: string;
  route: string;
  path: string;
  bySize: Record<DashboardSizeName, DashboardSample>;
  /** full / tenth. */
  ratios: { p50: number; rcu: number; wcu: number };
  /** A p50 ratio above RATIO_LIMIT is timed once more; latency counts as over only when both are. */
  recheck?: { p50Tenth: number; p50Full: number; p50: number };
  over: ('p50' | 'rcu' | 'wcu')[];
}

const tenfold = (full: number, tenth: number) => ratio(full, tenth, 3);

/** The same case for both divisions, alternating (tenth, full, full, tenth, …); first call the sample. */
async function measurePair(
  client: BenchClient,
  requests: Record<DashboardSizeName, BenchRequest>,
  rows: (body: unknown) => number,
): Promise<Record<DashboardSizeName, DashboardSample>> {
  const sample = {} as Record<DashboardSizeName, { status: number; rows: number; rcu: number; wcu: number }>;
  for (const size of SIZE_NAMES) {
    const response = await client.send(requests[size]);
    sample[size] = {
      status: response.status,
      rows: response.status === 200 ? rows(response.body) : 0,
      rcu: response.rcu,
      wcu: response.wcu,
    };
    if (response.status !== 200)
      console.error(`  ${requests[size].path} answered ${response.status}: ${JSON.stringify(response.body)}`);
  }
  const times = new Map<DashboardSizeName, number[]>(SIZE_NAMES.map((s) => [s, []]));
  const failed = new Map<DashboardSizeName, number>(SIZE_NAMES.map((s) => [s, 0]));
  for (let call = 0; call < WARMUP + CALLS; call++) {
    const order = call % 2 === 0 ? SIZE_NAMES : [...SIZE_NAMES].reverse();
    for (const size of order) {
      const response = await client.send(requests[size]);
      if (call < WARMUP) continue;
      if (response.status === 200) times.get(size)!.push(response.ms);
      else failed.set(size, failed.get(size)! + 1);
    }
  }
  return Object.fromEntries(
    SIZE_NAMES.map((size) => [
      size,
      {
        ...sample[size],
        p50Ms: round(percentile(times.get(size)!, 50)),
        p99Ms: round(percentile(times.get(size)!, 99)),
        failed: failed.get(size)!,
      },
    ]),
  ) as Record<DashboardSizeName, DashboardSample>;
}

// ---------------------------------------------------------------------------------------------
// Rebuild and stream

/** Rebuilds every project's statistics, one after another, as `npm run stats:rebuild` does. */
async function rebuildAll(db: Db, division: SeededDivision) {
  const started = performance.now();
  for (const project of division.projects)
    await rebuildProjectStatistics(db, division.divisionId, project.id);
  const ms = performance.now() - started;
  return {
    name: division.name,
    projects: division.projects.length,
    records: division.counts.inspections + division.counts.findings,
    ms: round(ms, 0),
    msPerProject: round(ms / division.projects.length, 1),
  };
}

/** The division's open findings and completed ones, summed over its projects' STATS items. */
async function findingTotals(db: Db, division: SeededDivision) {
  let open = 0;
  let completed = 0;
  const ids = division.projects.map((p) => p.id);
  for (let i = 0; i < ids.length; i += 100) {
    const statistics = await getProjectStatistics(db, division.divisionId, ids.slice(i, i + 100));
    for (const counters of statistics.values())
      for (const [name, value] of Object.entries(counters)) {
        if (name.startsWith('o|')) open += value;
        if (name.startsWith('d|')) completed += value;
      }
  }
  return { open, completed };
}

/**
 * The statistics stream handler absorbing ABSORB_WRITES writes: a reader of the table's stream
 * from LATEST (as the runtime's would be, started after the bulk write), then that many findings
 * of the full division completed through findingUpdateSteps (the finding and the project's open
 * count in one transaction, as Edit Finding writes them), WRITE_CONCURRENCY at a time. Timed from
 * the first write until the reader has handed every record to the handler (drained), and checked
 * against the division's statistics.
 */
async function absorbWrites(db: Db, endpoint: string, division: SeededDivision, log: (line: string) => void) {
  let delivered = 0;
  const startedReader = performance.now();
  const reader = await startStreamReader({
    endpoint,
    tableName: TABLE_NAME,
    startingPosition: 'LATEST',
    handlers: [
      async (event) => {
        delivered += event.Records.length;
        return statisticsHandler(event);
      },
    ],
  });
  try {
    await reader.drained();
    const readerReadyMs = performance.now() - startedReader;
    const deliveredBefore = delivered;
    delivered = 0;
    const before = await findingTotals(db, division);
    const perProject = Math.ceil(ABSORB_WRITES / division.projects.length);
    const targets = division.projects
      .flatMap((p) => p.openFindings.slice(0, perProject))
      .slice(0, ABSORB_WRITES);
    if (targets.length < ABSORB_WRITES) throw new Error(`Only ${targets.length} open findings to complete`);
    const today = localDate(TIME_ZONE, new Date());
    log(`  completing ${targets.length} findings with the statistics handler reading the stream…`);
    const started = performance.now();
    await inPool(targets.length, WRITE_CONCURRENCY, async (i) => {
      const finding = targets[i]!;
      await transact(db, findingUpdateSteps(db, finding, { ...finding, date_completed: today }));
    });
    const writesMs = performance.now() - started;
    await reader.drained();
    const drainedMs = performance.now() - started;
    const after = await findingTotals(db, division);
    return {
      writes: targets.length,
      writeConcurrency: WRITE_CONCURRENCY,
      writesMs: round(writesMs, 0),
      drainedMs: round(drainedMs, 0),
      lagAfterLastWriteMs: round(drainedMs - writesMs, 0),
      recordsDelivered: delivered,
      readerStart: { ms: round(readerReadyMs, 0), recordsDelivered: deliveredBefore },
      openFindings: { before: before.open, after: after.open },
      completedFindings: { before: before.completed, after: after.completed },
      reflected:
        before.open - after.open === targets.length && after.completed - before.completed === targets.length,
    };
  } finally {
    await reader.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// The run

export async function measureDashboard(log: (line: string) => void) {
  const admin = DEMO_ACCOUNTS.find((a) => a.email === 'admin@example.com')!;
  const started = performance.now();
  // No stream readers while the store is written in bulk: the statistics come from the rebuild,
  // and the stream is read from LATEST for the absorb phase (local/src/runtime.ts).
  const runtime = await startRuntime({ port: 0, seed: true, region: 'UK', streamReaders: false });
  try {
    const startMs = performance.now() - started;
    const client = createBenchClient(runtime.url);
    const token = await client.signIn(admin.email, admin.password);
    const adminId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string })
      .sub;
    const adminUser = (await readUser(runtime.db, adminId))!;
    const version = await getTemplateVersion(runtime.db, 'north-region', TEMPLATE_ID);
    const now = new Date();
    await checkShapes(runtime.db, version, now);

    log('Writing the two divisions…');
    const seedStarted = performance.now();
    const divisions: SeededDivision[] = [];
    for (const size of DASHBOARD_SIZES)
      divisions.push(await fillDivision(runtime.db, size, adminUser, version, now, log));
    const seedMs = performance.now() - seedStarted;
    for (const d of divisions)
      log(`  ${d.name}: ${d.counts.items} items, ${(d.writeMs.total / 1000).toFixed(1)} s`);

    log('Rebuilding the statistics…');
    const rebuild = [];
    for (const d of divisions) {
      rebuild.push(await rebuildAll(runtime.db, d));
      log(`  ${d.name}: ${d.projects.length} projects in ${(rebuild.at(-1)!.ms / 1000).toFixed(1)} s`);
    }

    const today = localDate(TIME_ZONE, now);
    const ctx = {
      // Last month: a whole month of the calendar project's inspections (8 or 9).
      month: addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7),
      minDate: addDays(today, -120),
      maxDate: addDays(today, -30),
    };
    const bySize = Object.fromEntries(divisions.map((d) => [d.name, d])) as Record<
      DashboardSizeName,
      SeededDivision
    >;
    const requestsOf = (c: Case) =>
      Object.fromEntries(
        SIZE_NAMES.map((size) => [
          size,
          jsonRequest('GET', c.path(bySize[size], ctx), { token, divisionId: bySize[size].divisionId }),
        ]),
      ) as Record<DashboardSizeName, BenchRequest>;

    log(`Warming up (${WARMUP_ROUNDS} rounds of every case)…`);
    for (let round = 0; round < WARMUP_ROUNDS; round++)
      for (const c of CASES) for (const size of SIZE_NAMES) await client.send(requestsOf(c)[size]);

    log('Timing…');
    const loadAverageStart = os.loadavg()[0] ?? 0;
    const timedStart = performance.now();
    const cases: DashboardCase[] = [];
    for (const c of CASES) {
      const samples = await measurePair(client, requestsOf(c), c.rows);
      const { tenth, full } = samples;
      const ratios = {
        p50: tenfold(full.p50Ms, tenth.p50Ms),
        rcu: tenfold(full.rcu, tenth.rcu),
        wcu: tenfold(full.wcu, tenth.wcu),
      };
      log(
        `  ${c.name}: ${tenth.status}/${full.status}, rows ${tenth.rows}/${full.rows}, p50 ${tenth.p50Ms}/${full.p50Ms} ms (${ratios.p50}x), RCU ${tenth.rcu}/${full.rcu} (${ratios.rcu}x)`,
      );
      cases.push({
        name: c.name,
        route: c.route,
        path: c
          .path(bySize.full, ctx)
          .replace(bySize.full.divisionId, '{id}')
          .replace(bySize.full.calendarProjectId, '<projectId>'),
        bySize: samples,
        ratios,
        over: [],
      });
    }
    for (const entry of cases.filter((c) => c.ratios.p50 > RATIO_LIMIT)) {
      log(`  ${entry.name}: p50 ${entry.ratios.p50}x, timed again…`);
      const again = await measurePair(client, requestsOf(CASES.find((c) => c.name === entry.name)!), () => 0);
      entry.recheck = {
        p50Tenth: again.tenth.p50Ms,
        p50Full: again.full.p50Ms,
        p50: tenfold(again.full.p50Ms, again.tenth.p50Ms),
      };
    }
    for (const entry of cases)
      entry.over = [
        ...(entry.ratios.p50 > RATIO_LIMIT && (entry.recheck?.p50 ?? 0) > RATIO_LIMIT
          ? (['p50'] as const)
          : []),
        ...(entry.ratios.rcu > RATIO_LIMIT ? (['rcu'] as const) : []),
        ...(entry.ratios.wcu > RATIO_LIMIT ? (['wcu'] as const) : []),
      ];
    const timedMs = performance.now() - timedStart;
    const loadAverageEnd = os.loadavg()[0] ?? 0;

    log('Stream absorption…');
    const absorb = await absorbWrites(runtime.db, runtime.env.DYNAMODB_ENDPOINT!, bySize.full, log);

    return {
      settings: {
        calls: CALLS,
        warmupCalls: WARMUP,
        warmupRounds: WARMUP_ROUNDS,
        ratioLimit: RATIO_LIMIT,
        inspectionsPerProject: Object.fromEntries(
          DASHBOARD_SIZES.map((z) => [z.name, z.inspectionsPerProject]),
        ),
        findingsPerInspection: FINDINGS_PER_INSPECTION,
        projectsPerClient: PROJECTS_PER_GROUP,
        inspectors: INSPECTORS,
        recentInspections: RECENT_INSPECTIONS,
        awaitingCompliancePerProject: AWAITING_COMPLIANCE,
        inspectionsWithOpenFindingsPerProject: WITH_OPEN_FINDINGS,
        search: SEARCH,
        ...ctx,
        interleaved: true,
      },
      runtimeStartMs: round(startMs, 0),
      divisions: divisions.map((d) => ({
        name: d.name,
        divisionId: d.divisionId,
        counts: d.counts,
        writeMs: d.writeMs,
      })),
      seeding: {
        ms: round(seedMs, 0),
        writeConcurrency: WRITE_CONCURRENCY,
        projectWriters: PROJECT_WRITERS,
        batchesInFlightPerProject: BATCHES_IN_FLIGHT,
      },
      rebuild,
      timedMachine: { cpus: os.cpus().length, loadAverageStart, loadAverageEnd, timedMs: round(timedMs, 0) },
      cases,
      over: cases.filter((c) => c.over.length > 0).map((c) => c.name),
      notOk: cases
        .filter((c) => SIZE_NAMES.some((s) => c.bySize[s].status !== 200 || c.bySize[s].failed > 0))
        .map((c) => c.name),
      absorb,
      totalMs: round(performance.now() - started, 0),
    };
  } finally {
    await runtime.stop();
  }
}

export type DashboardReport = Awaited<ReturnType<typeof measureDashboard>>;

// ---------------------------------------------------------------------------------------------
// The markdown

const x = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}x` : '∞');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const perRow = (units: number, rows: number) => (rows === 0 ? Number.NaN : units / rows);

/** Why a case is over the limit: more rows shown at full size, or more read than shown. */
function diagnosis(c: DashboardCase): string {
  const { tenth, full } = c.bySize;
  const spec = CASES.find((k) => k.name === c.name)!;
  const parts: string[] = [];
  if (c.over.includes('rcu')) {
    const tenthPerRow = perRow(tenth.rcu, tenth.rows);
    const fullPerRow = perRow(full.rcu, full.rows);
    if (tenth.rows !== full.rows) {
      const rowRatio = tenfold(full.rows, tenth.rows);
      const perRowRatio = fullPerRow / tenthPerRow;
      parts.push(
        `RCU ${x(c.ratios.rcu)}: it shows ${full.rows} rows at full size and ${tenth.rows} at a tenth (${x(rowRatio)}), ${tenthPerRow.toFixed(2)} and ${fullPerRow.toFixed(2)} RCU a row (${x(perRowRatio)})` +
          (perRowRatio <= RATIO_LIMIT
            ? ': the cost follows the rows shown.'
            : ': it reads more than it shows, beyond the extra rows.'),
      );
    } else
      parts.push(
        `RCU ${x(c.ratios.rcu)} for the same ${full.rows} rows (${round(full.rcu - tenth.rcu, 1)} more at full size): it reads more than it shows.`,
      );
  }
  if (c.over.includes('p50'))
    parts.push(
      `p50 ${x(c.ratios.p50)}, ${x(c.recheck!.p50)} timed again${tenth.rows !== full.rows ? ` (with ${full.rows} rows against ${tenth.rows})` : ''}.`,
    );
  if (c.over.includes('wcu')) parts.push(`WCU ${x(c.ratios.wcu)}: a GET that writes.`);
  return `- **${c.name}** (\`${c.path}\`): ${parts.join(' ')} Reads: ${spec.reads}.`;
}

export function dashboardMarkdown(report: DashboardReport & { measuredAt?: string }): string {
  const [tenthDivision, fullDivision] = report.divisions;
  const rows = report.cases.map((c) => {
    const { tenth, full } = c.bySize;
    const mark = (key: 'p50' | 'rcu') => (c.over.includes(key) ? ' !' : '');
    return [
      c.name,
      `${tenth.status}/${full.status}`,
      `${tenth.rows}/${full.rows}`,
      tenth.p50Ms.toFixed(2),
      full.p50Ms.toFixed(2),
      `${x(c.ratios.p50)}${c.recheck ? ` (${x(c.recheck.p50)})` : ''}${mark('p50')}`,
      `${tenth.rcu}`,
      `${full.rcu}`,
      `${x(c.ratios.rcu)}${mark('rcu')}`,
    ];
  });
  const m = report.timedMachine;
  const writes = report.cases.filter((c) => c.bySize.tenth.wcu !== 0 || c.bySize.full.wcu !== 0);
  const a = report.absorb;
  const over = report.cases.filter((c) => c.over.length > 0);
  return [
    '# Dashboard and report routes at two division sizes',
    '',
    `Written by \`npx tsx bench/dashboard.ts\`${report.measuredAt ? ` at ${report.measuredAt}` : ''}; see bench/README.md.`,
    '',
    `Two divisions in one store: **full** (\`${fullDivision!.divisionId}\`) ${fullDivision!.counts.projects} projects, ${fullDivision!.counts.inspections.toLocaleString('en')} inspections, ${fullDivision!.counts.findings.toLocaleString('en')} findings (${fullDivision!.counts.openFindings.toLocaleString('en')} open), ${fullDivision!.counts.clients} clients, ${fullDivision!.counts.inspectors} inspectors; **tenth** (\`${tenthDivision!.divisionId}\`) ${tenthDivision!.counts.projects}, ${tenthDivision!.counts.inspections.toLocaleString('en')}, ${tenthDivision!.counts.findings.toLocaleString('en')} (${tenthDivision!.counts.openFindings.toLocaleString('en')} open), ${tenthDivision!.counts.clients}, ${tenthDivision!.counts.inspectors}. A full-size project has ${report.settings.inspectionsPerProject.full} inspections over the last twelve months, a tenth's ${report.settings.inspectionsPerProject.tenth} (the newest ${report.settings.recentInspections} at the same pace, the older ones further apart), with ${report.settings.findingsPerInspection} findings each; ${report.settings.inspectors} inspectors at both sizes. Every page shown is full at both sizes: the answers show the same rows, and differ in what is stored behind them. As the Admin, division header set; ${report.settings.calls} timed calls per case and size after ${report.settings.warmupCalls} untimed, the two divisions alternating, after ${report.settings.warmupRounds} untimed rounds of every case. Ratio limit ${report.settings.ratioLimit} (full / tenth); \`!\` over it (p50: over in the timing and in its recheck, in brackets). Rows: what the answer shows (pageData, the calendar's inspections, the team's project rows). RCU of the first call (\`x-consumed-read-units\`).`,
    '',
    markdownTable(
      [
        'case',
        'status',
        'rows tenth/full',
        'p50 ms tenth',
        'p50 ms full',
        'p50 x',
        'RCU tenth',
        'RCU full',
        'RCU x',
      ],
      rows,
    ),
    '',
    writes.length === 0
      ? '- WCU: 0 at both sizes for every case.'
      : `- WCU: ${writes.map((c) => `${c.name} ${c.bySize.tenth.wcu}/${c.bySize.full.wcu}`).join('; ')}.`,
    `- Not answering 200 in every call: ${report.notOk.length === 0 ? 'none' : report.notOk.join(', ')}.`,
    `- Machine: ${m.cpus} CPUs, load average ${m.loadAverageStart.toFixed(2)} at the start of the timed calls and ${m.loadAverageEnd.toFixed(2)} at the end (${seconds(m.timedMs)} timed)${m.loadAverageStart > m.cpus || m.loadAverageEnd > m.cpus ? ': WARNING, busier than the CPU count, the latency columns are noisy' : ''}. The whole run took ${seconds(report.totalMs)}.`,
    '',
    '## Over the limit',
    '',
    ...(over.length === 0 ? ['None.'] : over.map(diagnosis)),
    '',
    '## Seeding, rebuild and stream',
    '',
    `- **Seeding**: ${seconds(report.seeding.ms)} for both divisions. Divisions, clients, inspectors and projects through their writers (${report.seeding.writeConcurrency} in flight); inspections (with their type links and answers), findings and finding links by BatchWrite in the data layer's shapes (checked against createInspection and createFinding first), ${report.seeding.projectWriters} projects at a time. ${report.divisions.map((d) => `${d.name}: ${d.counts.items.toLocaleString('en')} items in ${seconds(d.writeMs.total)} (${seconds(d.writeMs.setup)} of it the division, clients, inspectors and projects)`).join('; ')}.`,
    `- **Full rebuild** (\`rebuildProjectStatistics\` for every project, one after another, as \`npm run stats:rebuild\`): ${report.rebuild.map((r) => `${r.projects} projects (${r.records.toLocaleString('en')} inspections and findings) in ${seconds(r.ms)}, ${r.msPerProject.toFixed(0)} ms a project`).join('; ')}.`,
    `- **Stream absorption**: ${a.writes.toLocaleString('en')} findings of the full division completed through \`findingUpdateSteps\` (${a.writeConcurrency} in flight) with the statistics handler reading the stream from LATEST: the writes took ${seconds(a.writesMs)}, and the handler had every record ${seconds(a.drainedMs)} after the first write (${seconds(a.lagAfterLastWriteMs)} after the last; ${a.recordsDelivered.toLocaleString('en')} stream records: the findings', the projects' and the handler's own ledger and statistics writes, which it reads and leaves). The statistics ${a.reflected ? 'reflect all of them' : 'DO NOT reflect all of them'}: open findings ${a.openFindings.before.toLocaleString('en')} → ${a.openFindings.after.toLocaleString('en')}, completed ${a.completedFindings.before.toLocaleString('en')} → ${a.completedFindings.after.toLocaleString('en')}.`,
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const log = (line: string) => console.log(line);
  if ((os.loadavg()[0] ?? 0) > os.cpus().length)
    log(
      `WARNING: load average ${os.loadavg()[0]!.toFixed(2)} is above the CPU count: the latencies will be noisy.`,
    );
  const report = await measureDashboard(log);
  const measuredAt = new Date().toISOString();
  const file = await writeResults('dashboard', { ...report, measuredAt });
  const md = await writeResultsText('dashboard.md', dashboardMarkdown({ ...report, measuredAt }));
  log(dashboardMarkdown(report));
  log(`Wrote ${file} and ${md}.`);
}
