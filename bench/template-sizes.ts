import os from 'node:os';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createClient } from '@stormline/data/clients';
import { capacityTally } from '@stormline/data/dynamo';
import type { Db } from '@stormline/data/dynamo';
import { getInspectionWithAnswers, inspectionKeys, saveAnswers } from '@stormline/data/inspections';
import { createProject } from '@stormline/data/projects';
import { createUserTemplate, draftKey } from '@stormline/data/template-drafts';
import { getTemplateVersion, versionKey } from '@stormline/data/templates';
import { getDeps } from '@stormline/functions/lib/deps';
import { localDate } from '@stormline/domain/local-date';
import { questionnaireStatus } from '@stormline/domain/questionnaire-rules';
import { emptyContent, partId, type TemplateContent } from '@stormline/domain/template-editing';
import { allQuestions, type Question, type QuestionTypeId } from '@stormline/domain/template-model';
import { startRuntime } from '@stormline/local/runtime';
import { sampleClient, sampleProject } from '@stormline/local/sample-records';
import { DEMO_ACCOUNTS } from '@stormline/local/seed';
import { sampleAnswers } from '@stormline/local/seed/sample-answers';
import { createBenchClient, jsonRequest } from './bench-client';
import type { BenchClient, BenchRequest } from './bench-client';
import { markdownTable, writeResults, writeResultsText } from './report';
import { percentile, ratio, round } from './stats';

/**
 * Issue 19's bench: a 20-question and a 200-question user template, published, read side by side
 * in one run: the editor's view of the template, its version (the finding form's pinned read), and
 * an inspection's questionnaire on each. Per request: latency p50 / p95, the DynamoDB capacity it
 * consumed, and how many template content items (versions, drafts) it read; and the items' sizes.
 * A version is one item (0018), so reading it costs what it weighs: capacity at 200 / at 20 must
 * grow no faster than the item, and no request may read more than one version item. Nothing is
 * asserted; the numbers are written.
 *
 *   npx tsx bench/template-sizes.ts   # -> results/template-sizes.json and results/template-sizes.md
 */

export const SIZES = [
  { name: '20', questions: 20 },
  { name: '200', questions: 200 },
] as const;
type SizeName = (typeof SIZES)[number]['name'];
const CALLS = 40;
const WARMUP = 5;
const NORTH = 'north-region';
const ZONE = 'Europe/London';

/** What a stormwater inspector is asked, site by site: labels, types and options as templates have them. */
const TOPICS = [
  'Perimeter silt fence',
  'Inlet protection',
  'Stabilised construction entrance',
  'Sediment basin',
  'Concrete washout',
  'Stockpile covers',
  'Slope drains',
  'Check dams',
  'Outfall',
  'Dewatering discharge',
  'Fuel and chemical storage',
  'Waste skips',
];
const ASPECTS: { label: (topic: string) => string; type: QuestionTypeId; options?: string[] }[] = [
  {
    label: (t) => `${t}: installed as shown on the site plan and in working order?`,
    type: 'radio_group',
    options: ['Yes', 'No', 'Not applicable'],
  },
  {
    label: (t) => `${t}: condition observed`,
    type: 'select',
    options: ['Good', 'Fair', 'Needs maintenance', 'Damaged', 'Missing'],
  },
  {
    label: (t) => `${t}: problems seen (select all that apply)`,
    type: 'multiselect',
    options: [
      'Undercut',
      'Overtopped',
      'Sediment build-up over a third',
      'Torn fabric',
      'Posts down',
      'Bypassed',
    ],
  },
  { label: (t) => `${t}: describe the location and the corrective action needed`, type: 'textarea' },
  { label: (t) => `${t}: sediment depth measured (mm)`, type: 'number' },
  { label: (t) => `${t}: discharge or release off site observed?`, type: 'boolean_na' },
  { label: (t) => `${t}: reference on the erosion and sediment control plan`, type: 'text' },
];

/** A template of exactly `total` questions: the two every template holds, then site questions in groups of ten. */
function contentOf(templateId: string, name: string, total: number): TemplateContent {
  let n = 0;
  const newId = () => partId(templateId, `b${(n++).toString(36).padStart(6, '0')}`);
  const content = emptyContent(name, newId);
  const required = allQuestions(content as never).length;
  const groups = content.question_groups;
  for (let q = 0; q < total - required; q++) {
    const topic = TOPICS[Math.floor(q / ASPECTS.length) % TOPICS.length]!;
    const aspect = ASPECTS[q % ASPECTS.length]!;
    if (q % 10 === 0)
      groups.push({
        id: newId(),
        name: `Site controls ${groups.length}`,
        layout_type: 'FORM',
        order: groups.length,
        description: 'Walk the site clockwise from the entrance; note each control as you reach it.',
        table_headers: [],
        questions: [],
      });
    const group = groups[groups.length - 1]!;
    const question: Question = {
      id: newId(),
      input_label: aspect.label(topic),
      description: q % 3 === 0 ? 'As the permit requires; photograph anything not in working order.' : null,
      question_type_id: aspect.type,
      sort_order: group.questions.length,
      questionWidth: 100,
      required: q % 2 === 0,
      features: [],
      options: (aspect.options ?? []).map((option) => ({
        id: newId(),
        name: option,
        description: null,
        child_questions: [],
      })),
    };
    group.questions.push(question);
  }
  return content;
}

interface BenchTemplate {
  size: SizeName;
  templateId: string;
  inspectionId: string;
  questions: number;
  bytes: { version: number; draft: number; answers: number };
  /** Consumed capacity of one consistent GetItem of the version item (its size in 4 KB units). */
  versionGetRcu: number;
}

/** DynamoDB's item size: attribute names and values, UTF-8 (numbers and containers approximated as AWS documents them). */
export function itemBytes(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number')
    return Math.ceil(String(Math.abs(value)).replace(/[.-]/g, '').length / 2) + 1;
  if (Array.isArray(value)) return 3 + value.reduce<number>((sum, v) => sum + 1 + itemBytes(v), 0);
  return (
    3 +
    Object.entries(value as Record<string, unknown>).reduce(
      (sum, [k, v]) => sum + 1 + Buffer.byteLength(k) + itemBytes(v),
      0,
    )
  );
}
const topLevelBytes = (item: Record<string, unknown>) => itemBytes(item) - 3 - Object.keys(item).length;

async function storedItem(db: Db, key: { pk: string; sk: string }) {
  const { Item, ConsumedCapacity } = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: key,
      ConsistentRead: true,
      ReturnConsumedCapacity: 'TOTAL',
    }),
  );
  if (!Item) throw new Error(`No item ${key.pk} / ${key.sk}`);
  return { item: Item, rcu: ConsumedCapacity?.CapacityUnits ?? Number.NaN };
}

/** A user template of the size, published through the API, with a project and an answered inspection on it. */
async function buildTemplate(
  db: Db,
  client: BenchClient,
  token: string,
  clientId: string,
  size: (typeof SIZES)[number],
): Promise<BenchTemplate> {
  const templateId = `bench-size-${size.name.padStart(4, '0')}-${Date.now().toString(36)}`;
  const content = contentOf(
    templateId,
    `Site Inspection ${size.name.padStart(3, '0')} questions`,
    size.questions,
  );
  await createUserTemplate(db, { divisionId: NORTH, id: templateId, content, by: 'bench', now: new Date() });
  const published = await client.send(
    jsonRequest('POST', `/api/inspection-templates/${templateId}/publish`, { token, divisionId: NORTH }),
  );
  if (published.status !== 200) throw new Error(`Publish failed: ${JSON.stringify(published.body)}`);
  const version = await getTemplateVersion(db, NORTH, templateId, 1);
  const today = localDate(ZONE, new Date());
  const project = await createProject(
    db,
    sampleProject({
      divisionId: NORTH,
      client_id: clientId,
      name: `Bench Template Size ${size.name.padStart(4, '0')}`,
      inspection_template_id: templateId,
      start_date: today,
      next_inspection_date: today,
    }),
  );
  const created = await client.send(
    jsonRequest('POST', '/api/inspections', {
      token,
      divisionId: NORTH,
      body: { projectId: project.id, type: 'Routine' },
    }),
  );
  if (created.status !== 201) throw new Error(`Inspection failed: ${JSON.stringify(created.body)}`);
  const inspectionId = (created.body as { id: string }).id;
  const { inspection, answers } = await getInspectionWithAnswers(db, NORTH, inspectionId);
  const filled = sampleAnswers(version, { day: today, type: 'Routine', findingIds: [] }, answers.answers);
  await saveAnswers(
    db,
    inspection,
    answers.version,
    {
      answers: filled,
      comments: {},
      status: questionnaireStatus(version, filled),
      created_date: inspection.created_date,
      type: 'Routine',
    },
    [],
  );
  const stored = await storedItem(db, versionKey(templateId, 1));
  return {
    size: size.name,
    templateId,
    inspectionId,
    questions: allQuestions(version).length,
    bytes: {
      version: topLevelBytes(stored.item),
      draft: topLevelBytes((await storedItem(db, draftKey(templateId))).item),
      answers: topLevelBytes((await storedItem(db, inspectionKeys.answers(NORTH, inspectionId))).item),
    },
    versionGetRcu: stored.rcu,
  };
}

/**
 * Counts the template content items (versions `VERSION#…`, drafts `DRAFT` of `TEMPLATE#…`) every
 * DynamoDB answer inside a request hands to the handlers: a middleware on the handlers' own client.
 */
function countContentReads(db: Db) {
  const counts = { versions: 0, drafts: 0 };
  const text = (v: unknown) => (typeof v === 'string' ? v : ((v as { S?: string } | undefined)?.S ?? ''));
  const look = (item: Record<string, unknown> | undefined) => {
    if (!item || !text(item.pk).startsWith('TEMPLATE#')) return;
    const sk = text(item.sk);
    if (sk.startsWith('VERSION#')) counts.versions++;
    if (sk === 'DRAFT') counts.drafts++;
  };
  db.doc.middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      if (!capacityTally.getStore()) return result;
      const output = result.output as {
        Item?: Record<string, unknown>;
        Items?: Record<string, unknown>[];
        Responses?: Record<string, Record<string, unknown>[]> | { Item?: Record<string, unknown> }[];
      };
      look(output.Item);
      output.Items?.forEach(look);
      if (Array.isArray(output.Responses)) output.Responses.forEach((r) => look(r.Item));
      else if (output.Responses) Object.values(output.Responses).forEach((items) => items.forEach(look));
      return result;
    },
    { step: 'initialize', name: 'benchContentReads' },
  );
  return {
    reset: () => Object.assign(counts, { versions: 0, drafts: 0 }),
    read: () => ({ ...counts }),
  };
}

interface Case {
  name: string;
  what: string;
  request: (t: BenchTemplate, token: string) => BenchRequest;
}

const get = (path: string, token: string) => jsonRequest('GET', path, { token, divisionId: NORTH });

const CASES: readonly Case[] = [
  {
    name: 'editor view',
    what: 'GET /api/inspection-templates/{id}: the record, link and draft (one BatchGet), the versions’ counters (one Query)',
    request: (t, token) => get(`/api/inspection-templates/${t.templateId}`, token),
  },
  {
    name: 'version (pinned read)',
    what: 'GET /api/finding-types/by_template_id/{id}?version=1: the version and the division’s link (one BatchGet)',
    request: (t, token) => get(`/api/finding-types/by_template_id/${t.templateId}?version=1`, token),
  },
  {
    name: 'questionnaire',
    what: 'GET /api/inspections/{id}/questions: the inspection, its version, its answers, its findings',
    request: (t, token) => get(`/api/inspections/${t.inspectionId}/questions`, token),
  },
];

interface Sample {
  status: number;
  p50: number;
  p95: number;
  rcu: number;
  wcu: number;
  versionItems: number;
  draftItems: number;
}

async function measure(
  client: BenchClient,
  token: string,
  templates: BenchTemplate[],
  c: Case,
  reads: ReturnType<typeof countContentReads>,
) {
  const samples = new Map<SizeName, { ms: number[]; sample: Omit<Sample, 'p50' | 'p95'> }>(
    templates.map((t) => [
      t.size,
      { ms: [], sample: { status: 0, rcu: 0, wcu: 0, versionItems: 0, draftItems: 0 } },
    ]),
  );
  for (let i = 0; i < WARMUP + CALLS; i++) {
    // Alternating (20, 200, 200, 20, …) so drift and background load fall on both sizes alike.
    const order = i % 2 === 0 ? templates : [...templates].reverse();
    for (const t of order) {
      reads.reset();
      const response = await client.send(c.request(t, token));
      const counted = reads.read();
      const { ms, sample } = samples.get(t.size)!;
      // The first call's capacity is the sample's (as the other benches); content items and a
      // failed status are kept at their worst over every call.
      if (i === 0) Object.assign(sample, { status: response.status, rcu: response.rcu, wcu: response.wcu });
      if (response.status !== 200) sample.status = response.status;
      sample.versionItems = Math.max(sample.versionItems, counted.versions);
      sample.draftItems = Math.max(sample.draftItems, counted.drafts);
      if (i >= WARMUP) ms.push(response.ms);
    }
  }
  const out = {} as Record<SizeName, Sample>;
  for (const [size, { ms, sample }] of samples)
    out[size] = { ...sample, p50: round(percentile(ms, 50)), p95: round(percentile(ms, 95)) };
  return out;
}

export async function measureTemplateSizes(log: (line: string) => void) {
  const runtime = await startRuntime({ port: 0, seed: true, region: 'UK' });
  try {
    const client = createBenchClient(runtime.url);
    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'Admin')!;
    const token = await client.signIn(admin.email, admin.password);
    const reads = countContentReads((await getDeps()).db);
    const benchClient = await createClient(
      runtime.db,
      NORTH,
      sampleClient('Bench Template Sizes Client'),
      new Date(),
    );
    log('Writing the two templates, their projects and inspections…');
    const templates: BenchTemplate[] = [];
    for (const size of SIZES)
      templates.push(await buildTemplate(runtime.db, client, token, benchClient.id, size));
    await runtime.streams.drained();
    const loadStart = os.loadavg()[0] ?? 0;
    const started = performance.now();
    const cases = [];
    for (const c of CASES) {
      log(`  ${c.name}`);
      const bySize = await measure(client, token, templates, c, reads);
      cases.push({
        name: c.name,
        what: c.what,
        bySize,
        ratios: {
          p50: ratio(bySize['200'].p50, bySize['20'].p50),
          rcu: ratio(bySize['200'].rcu, bySize['20'].rcu),
        },
      });
    }
    const [small, large] = templates as [BenchTemplate, BenchTemplate];
    const sizeRatio = ratio(large.bytes.version, small.bytes.version);
    return {
      settings: { calls: CALLS, warmupCalls: WARMUP, sizes: SIZES },
      templates: templates.map(({ templateId, inspectionId, ...t }) => ({
        ...t,
        templateId,
        inspectionId,
      })),
      sizeRatio: {
        version: sizeRatio,
        draft: ratio(large.bytes.draft, small.bytes.draft),
        answers: ratio(large.bytes.answers, small.bytes.answers),
        versionGetRcu: ratio(large.versionGetRcu, small.versionGetRcu),
      },
      machine: {
        cpus: os.cpus().length,
        loadAverageStart: loadStart,
        loadAverageEnd: os.loadavg()[0] ?? 0,
        timedMs: round(performance.now() - started),
      },
      cases,
      /** Cases whose capacity grew faster than the version item, or that read more than one version item. */
      findings: {
        capacityFasterThanSize: cases.filter((c) => c.ratios.rcu > sizeRatio).map((c) => c.name),
        moreThanOneVersionItem: cases
          .filter((c) => c.bySize['20'].versionItems > 1 || c.bySize['200'].versionItems > 1)
          .map((c) => c.name),
      },
    };
  } finally {
    await runtime.stop();
  }
}

type Report = Awaited<ReturnType<typeof measureTemplateSizes>>;

export function templateSizesMarkdown(report: Report): string {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const [small, large] = report.templates as [Report['templates'][number], Report['templates'][number]];
  const rows = report.cases.map((c) => {
    const a = c.bySize['20'];
    const b = c.bySize['200'];
    return [
      c.name,
      `${a.status}/${b.status}`,
      `${a.p50} / ${a.p95}`,
      `${b.p50} / ${b.p95}`,
      `${c.ratios.p50}`,
      `${a.rcu}`,
      `${b.rcu}`,
      `${c.ratios.rcu}`,
      `${report.sizeRatio.version}`,
      `${a.versionItems} / ${b.versionItems}`,
      `${a.draftItems} / ${b.draftItems}`,
    ];
  });
  return [
    '# Template versions of 20 and 200 questions',
    '',
    `${report.settings.calls} timed calls per case and size after ${report.settings.warmupCalls} untimed, the two sizes alternating. Capacity is what the request consumed (x-consumed-read-units: DynamoDB Local's units), content items are the template versions and drafts DynamoDB handed the handlers in that request. Machine: ${report.machine.cpus} CPUs, load ${report.machine.loadAverageStart.toFixed(1)} → ${report.machine.loadAverageEnd.toFixed(1)}.`,
    ...(report.machine.loadAverageStart > report.machine.cpus
      ? [
          '',
          'WARNING: the load average was above the CPU count while the calls were timed: the latency columns are noise; capacity and items read do not depend on it.',
        ]
      : []),
    '',
    markdownTable(
      ['item', 'questions', 'version KB', 'draft KB', 'answers KB', 'GetItem RCU (version, consistent)'],
      [small, large].map((t) => [
        `${t.size}-question template`,
        `${t.questions}`,
        kb(t.bytes.version),
        kb(t.bytes.draft),
        kb(t.bytes.answers),
        `${t.versionGetRcu}`,
      ]),
    ),
    '',
    `Size at 200 / at 20: version ${report.sizeRatio.version}, draft ${report.sizeRatio.draft}, answers ${report.sizeRatio.answers}.`,
    '',
    markdownTable(
      [
        'case',
        'status',
        'p50 / p95 ms @20',
        'p50 / p95 ms @200',
        'p50 ratio',
        'RCU @20',
        'RCU @200',
        'RCU ratio',
        'version size ratio',
        'version items @20 / @200',
        'draft items @20 / @200',
      ],
      rows,
    ),
    '',
    ...report.cases.map((c) => `- **${c.name}**: ${c.what}.`),
    '',
    report.findings.capacityFasterThanSize.length === 0
      ? 'Capacity at 200 / at 20 stays at or under the version item’s size ratio in every case.'
      : `Capacity grew faster than the version item: ${report.findings.capacityFasterThanSize.join(', ')}.`,
    report.findings.moreThanOneVersionItem.length === 0
      ? 'No request read more than one version item.'
      : `Read more than one version item: ${report.findings.moreThanOneVersionItem.join(', ')}.`,
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const log = (line: string) => console.log(line);
  const report = await measureTemplateSizes(log);
  const file = await writeResults('template-sizes', { ...report });
  const md = await writeResultsText('template-sizes.md', templateSizesMarkdown(report));
  log(templateSizesMarkdown(report));
  log(`Wrote ${file} and ${md}.`);
}
