import os from 'node:os';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createClient } from '@stormline/data/clients';
import type { Db } from '@stormline/data/dynamo';
import { createFinding, findingUpdateSteps } from '@stormline/data/findings';
import type { FindingRecord } from '@stormline/data/findings';
import { createInspection, inspectionKeys, saveAnswers } from '@stormline/data/inspections';
import { createProject, projectKeys } from '@stormline/data/projects';
import { getTemplateVersion } from '@stormline/data/templates';
import { transact } from '@stormline/data/transact';
import { addDays, localDate } from '@stormline/domain/local-date';
import { questionnaireStatus } from '@stormline/domain/questionnaire-rules';
import type { TemplateVersion } from '@stormline/domain/template-model';
import { startRuntime } from '@stormline/local/runtime';
import { sampleClient, sampleProject } from '@stormline/local/sample-records';
import { DEMO_ACCOUNTS } from '@stormline/local/seed';
import { sampleAnswers } from '@stormline/local/seed/sample-answers';
import { createBenchClient, jsonRequest } from './bench-client';
import type { BenchClient, BenchRequest } from './bench-client';
import { markdownTable, writeResults, writeResultsText } from './report';
import { percentile, ratio, round } from './stats';

/**
 * Issue 10's routes on a project with 30 inspections and on one with 300 (3,000 findings), side by
 * side in one run and one store: the project, its inspections tab (first page, page 2, a type),
 * an inspection's detail, questionnaire, findings, a finding's detail, certification, the change
 * log, and a questionnaire save. Calls to the two projects alternate, so drift falls on both alike.
 * A page must cost what it shows, never what the project holds: 300 / 30 stays under RATIO_LIMIT
 * in latency (p50) and in consumed capacity (docs/decisions/0018).
 *
 *   npx tsx bench/inspections.ts    # -> results/inspections.json and results/inspections.md
 */

export const SIZES = [
  { name: '30', inspections: 30 },
  { name: '300', inspections: 300 },
] as const;
const FINDINGS_PER_INSPECTION = 10;
export const RATIO_LIMIT = 1.2;
const CALLS = 40;
const WARMUP = 5;
const NORTH = 'north-region';

interface BenchProject {
  name: string;
  projectId: string;
  newestInspectionId: string;
  findingId: string;
  writeMs: number;
}

/** Marks an inspection complete and certified, as the certification would, so the next may be created. */
async function certify(db: Db, divisionId: string, projectId: string, inspectionId: string, day: string) {
  await transact(db, [
    {
      write: {
        Update: {
          TableName: db.tableName,
          Key: inspectionKeys.inspection(divisionId, inspectionId),
          UpdateExpression: 'SET certification_date = :d, compliance_date = :d, countsAsOpen = :f',
          ExpressionAttributeValues: { ':d': day, ':f': false },
        },
      },
    },
    {
      write: {
        Update: {
          TableName: db.tableName,
          Key: projectKeys.project(divisionId, projectId),
          UpdateExpression: 'ADD openInspectionCount :m',
          ExpressionAttributeValues: { ':m': -1 },
        },
      },
    },
  ]);
}

/** A project holding `count` weekly inspections of 10 findings each, through the data writers. */
async function fillProject(
  db: Db,
  size: (typeof SIZES)[number],
  clientId: string,
  version: TemplateVersion,
  log: (line: string) => void,
): Promise<BenchProject> {
  const started = performance.now();
  const now = new Date();
  const today = localDate('Europe/London', now);
  const project = await createProject(
    db,
    sampleProject({
      divisionId: NORTH,
      client_id: clientId,
      name: `Bench Inspections ${size.name.padStart(4, '0')}`,
      inspection_template_id: version.templateId,
      start_date: addDays(today, -size.inspections * 7 - 7),
      next_inspection_date: today,
    }),
  );
  log(
    `  ${size.name}: ${size.inspections} inspections, ${size.inspections * FINDINGS_PER_INSPECTION} findings…`,
  );
  let newestInspectionId = '';
  let findingId = '';
  for (let i = size.inspections; i >= 1; i--) {
    const day = addDays(today, -7 * i);
    const inspection = await createInspection(
      db,
      {
        divisionId: NORTH,
        projectId: project.id,
        type: 'Routine',
        created_date: `${day}T09:30`,
        inspectorId: null,
        createdBy: 'bench',
        version,
        answers: {},
        carried: [],
      },
      () => [],
      now,
    );
    const answers = sampleAnswers(version, { day, type: 'Routine', findingIds: [], variant: i });
    await saveAnswers(
      db,
      inspection,
      0,
      {
        answers,
        comments: {},
        status: questionnaireStatus(version, answers),
        created_date: `${day}T09:30`,
        type: 'Routine',
      },
      [],
    );
    const findings: FindingRecord[] = [];
    for (let f = 0; f < FINDINGS_PER_INSPECTION; f++) {
      const type = version.finding_types.filter((t) => t.details.is_enabled)[f % 2]!;
      findings.push(
        await createFinding(
          db,
          {
            divisionId: NORTH,
            projectId: project.id,
            typeId: type.id,
            typeCode: type.code,
            typeName: type.name,
            color: type.details.color,
            is_required_for_cert: type.details.is_required_for_cert,
            location: `Area ${f + 1}`,
            date_initiated: day,
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
        ),
      );
    }
    if (i > 1) {
      for (const finding of findings)
        await transact(db, findingUpdateSteps(db, finding, { ...finding, date_completed: addDays(day, 2) }));
      await certify(db, NORTH, project.id, inspection.id, day);
    }
    newestInspectionId = inspection.id;
    findingId = findings[4]!.id;
  }
  return {
    name: size.name,
    projectId: project.id,
    newestInspectionId,
    findingId,
    writeMs: performance.now() - started,
  };
}

interface Case {
  name: string;
  request: (p: BenchProject, token: string, client: BenchClient) => Promise<BenchRequest>;
}

const get = (path: string, token: string) => jsonRequest('GET', path, { token, divisionId: NORTH });

const CASES: readonly Case[] = [
  { name: 'GET project', request: async (p, t) => get(`/api/projects/${p.projectId}`, t) },
  {
    name: 'inspections tab, page 1',
    request: async (p, t) => get(`/api/projects/${p.projectId}/inspections`, t),
  },
  {
    name: 'inspections tab, page 2',
    request: async (p, t, client) => {
      const first = await client.send(get(`/api/projects/${p.projectId}/inspections`, t));
      const cursor = (first.body as { paginationState: { nextCursor: string } }).paginationState.nextCursor;
      return get(`/api/projects/${p.projectId}/inspections?cursor=${encodeURIComponent(cursor)}`, t);
    },
  },
  {
    name: 'inspections tab, ?type=Routine',
    request: async (p, t) => get(`/api/projects/${p.projectId}/inspections?type=Routine`, t),
  },
  { name: 'inspection detail', request: async (p, t) => get(`/api/inspections/${p.newestInspectionId}`, t) },
  {
    name: 'questionnaire',
    request: async (p, t) => get(`/api/inspections/${p.newestInspectionId}/questions`, t),
  },
  {
    name: 'inspection findings',
    request: async (p, t) => get(`/api/inspections/${p.newestInspectionId}/findings`, t),
  },
  {
    name: 'finding detail',
    request: async (p, t) => get(`/api/findings/${p.findingId}?inspectionId=${p.newestInspectionId}`, t),
  },
  { name: 'certification', request: async (p, t) => get(`/api/inspections/${p.newestInspectionId}/cert`, t) },
  { name: 'change log', request: async (p, t) => get(`/api/changelog/projects/${p.projectId}`, t) },
  {
    name: 'save answers (PUT)',
    request: async (p, t, client) => {
      const q = await client.send(get(`/api/inspections/${p.newestInspectionId}/questions`, t));
      const { answersVersion } = q.body as { answersVersion: number };
      return jsonRequest('PUT', `/api/inspections/${p.newestInspectionId}`, {
        token: t,
        divisionId: NORTH,
        body: { answersVersion, answers: [], comments: [] },
      });
    },
  },
];

interface Sample {
  p50: number;
  p99: number;
  rcu: number;
  wcu: number;
  status: number;
}

async function measure(client: BenchClient, token: string, projects: BenchProject[], c: Case) {
  const samples = new Map<string, { ms: number[]; rcu: number; wcu: number; status: number }>();
  for (const p of projects) samples.set(p.name, { ms: [], rcu: 0, wcu: 0, status: 0 });
  for (let i = 0; i < WARMUP + CALLS; i++) {
    for (const p of projects) {
      const request = await c.request(p, token, client);
      const response = await client.send(request);
      const s = samples.get(p.name)!;
      s.status = response.status;
      if (i < WARMUP) continue;
      s.ms.push(response.ms);
      s.rcu = response.rcu;
      s.wcu = response.wcu;
    }
  }
  const out: Record<string, Sample> = {};
  for (const [name, s] of samples)
    out[name] = {
      p50: round(percentile(s.ms, 50)),
      p99: round(percentile(s.ms, 99)),
      rcu: s.rcu,
      wcu: s.wcu,
      status: s.status,
    };
  return out;
}

export async function measureInspections(log: (line: string) => void) {
  const runtime = await startRuntime({ port: 0, seed: true, region: 'UK' });
  try {
    const client = createBenchClient(runtime.url);
    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'Admin')!;
    const token = await client.signIn(admin.email, admin.password);
    const version = await getTemplateVersion(runtime.db, NORTH, 'routine-stormwater');
    const benchClient = await createClient(
      runtime.db,
      NORTH,
      sampleClient('Bench Inspections Client'),
      new Date(),
    );
    log('Writing the two projects…');
    const projects: BenchProject[] = [];
    for (const size of SIZES)
      projects.push(await fillProject(runtime.db, size, benchClient.id, version, log));
    await runtime.db.doc.send(
      new UpdateCommand({
        TableName: runtime.db.tableName,
        Key: projectKeys.project(NORTH, projects[0]!.projectId),
        UpdateExpression: 'SET notes = :n',
        ExpressionAttributeValues: { ':n': 'bench' },
      }),
    );
    // The statistics stream handler works through what was just written before anything is timed.
    log('Letting the stream handlers catch up…');
    await runtime.streams.drained();
    const loadStart = os.loadavg()[0] ?? 0;
    const started = performance.now();
    const cases = [];
    for (const c of CASES) {
      log(`  ${c.name}`);
      const bySize = await measure(client, token, projects, c);
      const small = bySize['30']!;
      const large = bySize['300']!;
      cases.push({
        name: c.name,
        bySize,
        ratios: {
          p50: ratio(large.p50, small.p50),
          rcu: ratio(large.rcu, small.rcu),
          wcu: ratio(large.wcu, small.wcu),
        },
      });
    }
    return {
      settings: {
        calls: CALLS,
        warmupCalls: WARMUP,
        findingsPerInspection: FINDINGS_PER_INSPECTION,
        ratioLimit: RATIO_LIMIT,
      },
      projects: projects.map((p) => ({ name: p.name, writeMs: round(p.writeMs) })),
      machine: {
        cpus: os.cpus().length,
        loadAverageStart: loadStart,
        loadAverageEnd: os.loadavg()[0] ?? 0,
        timedMs: round(performance.now() - started),
      },
      cases,
      over: cases
        .filter((c) => c.ratios.p50 > RATIO_LIMIT || c.ratios.rcu > RATIO_LIMIT || c.ratios.wcu > RATIO_LIMIT)
        .map((c) => c.name),
    };
  } finally {
    await runtime.stop();
  }
}

export function inspectionsMarkdown(report: Awaited<ReturnType<typeof measureInspections>>): string {
  const rows = report.cases.map((c) => {
    const a = c.bySize['30']!;
    const b = c.bySize['300']!;
    return [
      c.name,
      `${a.status}/${b.status}`,
      `${a.p50}`,
      `${b.p50}`,
      `${c.ratios.p50}`,
      `${a.rcu}`,
      `${b.rcu}`,
      `${c.ratios.rcu}`,
      `${a.wcu}`,
      `${b.wcu}`,
    ];
  });
  return [
    '# Inspection workflow routes at 30 and 300 inspections',
    '',
    `${report.settings.calls} timed calls per case and size after ${report.settings.warmupCalls} untimed, the two projects alternating; ${report.settings.findingsPerInspection} findings per inspection (3,000 at 300). Ratio limit ${report.settings.ratioLimit}. Machine: ${report.machine.cpus} CPUs, load ${report.machine.loadAverageStart.toFixed(1)} → ${report.machine.loadAverageEnd.toFixed(1)}.`,
    '',
    markdownTable(
      [
        'case',
        'status',
        'p50 ms @30',
        'p50 ms @300',
        'p50 ratio',
        'RCU @30',
        'RCU @300',
        'RCU ratio',
        'WCU @30',
        'WCU @300',
      ],
      rows,
    ),
    '',
    report.over.length === 0
      ? 'Every case is under the limit.'
      : `Over the limit: ${report.over.join(', ')}.`,
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const log = (line: string) => console.log(line);
  const report = await measureInspections(log);
  const file = await writeResults('inspections', { ...report, measuredAt: new Date().toISOString() });
  const md = await writeResultsText('inspections.md', inspectionsMarkdown(report));
  log(inspectionsMarkdown(report));
  log(`Wrote ${file} and ${md}.`);
}
