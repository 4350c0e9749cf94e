import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError, ValidationError } from '@stormline/domain/errors';
import { countsAsOpen, INSPECTION_MESSAGES } from '@stormline/domain/inspection-rules';
import type { InspectionStatus } from '@stormline/domain/inspection-rules';
import type { Answers } from '@stormline/domain/questionnaire-rules';
import { INSPECTION_TYPE_CODES } from '@stormline/domain/template-model';
import type { InspectionType, TemplateKind, TemplateVersion } from '@stormline/domain/template-model';
import { batchGet, itemAt } from './batch-get';
import type { Db } from './dynamo';
import { queryPage } from './paging';
import { keysOfPartition, readPartition } from './read-partition';
import type { PageOf } from './paging';
import { projectKeys } from './projects';
import { templateUsesStep } from './template-uses';
import { deleteKeys, MAX_TRANSACTION_ITEMS, putNewStep, putStep, transact } from './transact';
import type { TransactionStep } from './transact';

/**
 * Inspections of a project (docs/data-model.md "Projects, inspections and findings";
 * docs/decisions/0018): the inspection item, its link by type in the project, its answers, and
 * the links of the findings it holds. Writers take `also`: the steps the handler adds to the same
 * transaction (the change log entry).
 */

/** Numbers in keys: zero-padded to 6 digits, so 2 sorts before 10 (data-model "Finding numbers that sort"). */
export const padNumber = (n: number) => String(n).padStart(6, '0');
const MAX_NUMBER = 999_999;

/** A finding type of the inspection's version, as its card shows it. */
export interface InspectionFindingType {
  code: string;
  name: string;
  color: string;
}

export interface InspectionRecord {
  id: string;
  divisionId: string;
  projectId: string;
  number: number;
  /** 'YYYY-MM-DDTHH:mm' in the project's zone (the 'Inspection Date' answer). */
  created_date: string;
  type: InspectionType;
  status: InspectionStatus;
  templateId: string;
  templateVersion: number;
  templateName: string;
  templateKind: TemplateKind;
  has_acknowledgement: boolean;
  has_compliance_cert: boolean;
  certification_date: string | null;
  /** Who completed the inspection group's signatures (set with certification_date). */
  certifiedBy?: string | null;
  compliance_date: string | null;
  acknowledgement_date: string | null;
  inspectorId: string | null;
  /** The version's included finding types (copied from the immutable version for the cards). */
  findingTypes: InspectionFindingType[];
  /** Counted in the project's openInspectionCount (not both complete and certified). */
  countsAsOpen: boolean;
  createdAt: string;
  createdBy: string | null;
  version: number;
}

export interface AnswersRecord {
  answers: Answers;
  comments: Record<string, string>;
  version: number;
}

export const inspectionKeys = {
  inspection: (divisionId: string, inspectionId: string) => ({
    pk: `DIVISION#${divisionId}#INSPECTION#${inspectionId}`,
    sk: 'INSPECTION',
  }),
  answers: (divisionId: string, inspectionId: string) => ({
    pk: `DIVISION#${divisionId}#INSPECTION#${inspectionId}`,
    sk: 'ANSWERS',
  }),
  /** The project's inspections, by date (byParent). */
  ofProject: (divisionId: string, projectId: string) =>
    `DIVISION#${divisionId}#PROJECT#${projectId}#INSPECTIONS`,
  /** An inspector's inspections, by date (byRelation). */
  ofInspector: (divisionId: string, userId: string) =>
    `DIVISION#${divisionId}#INSPECTOR#${userId}#INSPECTIONS`,
  /** The link that lists an inspection under its type in the project (the tab's filter). */
  byType: (
    divisionId: string,
    projectId: string,
    type: InspectionType,
    date: string,
    inspectionId: string,
  ) => ({
    pk: `DIVISION#${divisionId}#PROJECT#${projectId}`,
    sk: `INSPECTION#${INSPECTION_TYPE_CODES[type]}#${date}#${inspectionId}`,
  }),
  byTypePrefix: (type: InspectionType) => `INSPECTION#${INSPECTION_TYPE_CODES[type]}#`,
};

const STRIP = ['pk', 'sk', 'type', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'lookup'];
function strip(item: Record<string, unknown>): Record<string, unknown> {
  const out = { ...item };
  for (const key of STRIP) delete out[key];
  return out;
}

/** An inspection's answers item: its questionnaire's answers, kept apart from the inspection. */
export function answersItem(
  inspection: Pick<InspectionRecord, 'divisionId' | 'id'>,
  answers: Record<string, unknown>,
  version: number,
): Record<string, unknown> {
  return {
    ...inspectionKeys.answers(inspection.divisionId, inspection.id),
    type: 'InspectionAnswers',
    answers,
    comments: {},
    version,
  };
}

/** An inspection as the table stores it: its keys, its project's and inspector's index keys. */
export function inspectionItem(inspection: InspectionRecord): Record<string, unknown> {
  const d = inspection.divisionId;
  // `type` names the item kind in the table; the inspection's own type is kept as inspectionType.
  const { type: inspectionType, ...fields } = inspection;
  return {
    ...inspectionKeys.inspection(d, inspection.id),
    type: 'Inspection',
    gsi1pk: inspectionKeys.ofProject(d, inspection.projectId),
    gsi1sk: `${inspection.created_date}#${inspection.id}`,
    ...(inspection.inspectorId
      ? {
          gsi2pk: inspectionKeys.ofInspector(d, inspection.inspectorId),
          gsi2sk: `${inspection.created_date}#${inspection.id}`,
        }
      : {}),
    ...fields,
    inspectionType,
  };
}

function fromItem(item: Record<string, unknown>): InspectionRecord {
  const { inspectionType, ...rest } = strip(item);
  return { ...rest, type: inspectionType } as unknown as InspectionRecord;
}

/** The inspection's entry in its project's by-type list (Routine inspections of a day, 0018). */
export function typeLinkItem(inspection: InspectionRecord): Record<string, unknown> {
  return {
    ...inspectionKeys.byType(
      inspection.divisionId,
      inspection.projectId,
      inspection.type,
      inspection.created_date,
      inspection.id,
    ),
    type: 'InspectionByType',
    inspectionId: inspection.id,
  };
}

/** A project's counters as the inspection writers read them (consistently). */
interface ProjectCounters {
  inspectionSeq: number;
  openInspectionCount: number;
  version: number;
}

async function readProjectCounters(db: Db, divisionId: string, projectId: string): Promise<ProjectCounters> {
  const { Item } = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: projectKeys.project(divisionId, projectId),
      ConsistentRead: true,
      ProjectionExpression: 'inspectionSeq, openInspectionCount, version',
    }),
  );
  if (!Item) throw new NotFoundError('Project not found');
  return {
    inspectionSeq: (Item.inspectionSeq as number | undefined) ?? 0,
    openInspectionCount: (Item.openInspectionCount as number | undefined) ?? 0,
    version: Item.version as number,
  };
}

/** The open findings a new inspection carries over (byParent `…#FINDINGS`, `OPEN#`). */
export interface CarriedFinding {
  findingId: string;
  number: number;
  typeCode: string;
}

export interface NewInspection {
  divisionId: string;
  projectId: string;
  type: InspectionType;
  created_date: string;
  inspectorId: string | null;
  createdBy: string;
  version: TemplateVersion;
  answers: Answers;
  /** The project's next inspection date after this one (a routine inspection moves it), if it changes. */
  nextInspectionDate?: string | null;
  /** The local date of this routine inspection, kept on the project (the permit line's "the last on"). */
  lastRoutineDate?: string;
  carried: CarriedFinding[];
}

/**
 * Creates an inspection in one transaction (0018): the project's `inspectionSeq` moves from the
 * number read (a concurrent create makes the condition fail and the writer reads again), the
 * creation rule holds (`openInspectionCount` is 0 unless the template is CDOT's), the inspection,
 * its type link, its answers and a link for each open finding carried over, with `also`.
 * Carried links beyond one transaction follow in further transactions of idempotent puts.
 */
export async function createInspection(
  db: Db,
  input: NewInspection,
  also: (inspection: InspectionRecord) => TransactionStep[],
  now: Date,
): Promise<InspectionRecord> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const counters = await readProjectCounters(db, input.divisionId, input.projectId);
    const exempt = input.version.kind === 'cdot';
    if (!exempt && counters.openInspectionCount > 0)
      throw new ConflictError(INSPECTION_MESSAGES.createBlocked);
    const number = counters.inspectionSeq + 1;
    if (number > MAX_NUMBER) throw new ValidationError('This project cannot hold more inspections');
    const inspection = newInspectionRecord(input, number, now);

    const links = input.carried.map((f) => carriedLinkStep(db, inspection, f));
    const core = [
      projectCreateStep(db, input, counters, exempt),
      putNewStep(db, inspectionItem(inspection)),
      putNewStep(db, typeLinkItem(inspection)),
      putNewStep(db, answersItem(inspection, input.answers, 0)),
      // Its version's counters (0036): one more inspection, open until certified.
      templateUsesStep(db, inspection, { inspections: 1, open: 1 }),
      ...also(inspection),
    ];
    const room = MAX_TRANSACTION_ITEMS - core.length;
    try {
      await transact(db, [...core, ...links.slice(0, room)]);
    } catch (error) {
      if (error instanceof RaceError) continue;
      throw error;
    }
    for (let i = room; i < links.length; i += MAX_TRANSACTION_ITEMS)
      await transact(db, links.slice(i, i + MAX_TRANSACTION_ITEMS));
    return inspection;
  }
  throw new ConflictError('The project is busy; please try again');
}

class RaceError extends ConflictError {}

function newInspectionRecord(input: NewInspection, number: number, now: Date): InspectionRecord {
  const v = input.version;
  return {
    id: randomUUID(),
    divisionId: input.divisionId,
    projectId: input.projectId,
    number,
    created_date: input.created_date,
    type: input.type,
    status: 'new',
    templateId: v.templateId,
    templateVersion: v.version,
    templateName: v.name,
    templateKind: v.kind,
    has_acknowledgement: v.has_acknowledgement,
    has_compliance_cert: v.has_compliance_cert,
    certification_date: null,
    compliance_date: null,
    acknowledgement_date: null,
    inspectorId: input.inspectorId,
    findingTypes: v.finding_types
      .filter((t) => t.details.is_enabled)
      .map((t) => ({ code: t.code, name: t.name, color: t.details.color })),
    countsAsOpen: true,
    createdAt: now.toISOString(),
    createdBy: input.createdBy,
    version: 0,
  };
}

/** The project's side of a create: the number, the counts, the rule, the next date. */
function projectCreateStep(
  db: Db,
  input: NewInspection,
  counters: ProjectCounters,
  exempt: boolean,
): TransactionStep {
  const next = input.nextInspectionDate !== undefined;
  const last = input.lastRoutineDate !== undefined;
  const conditions = [
    'attribute_exists(pk)',
    counters.inspectionSeq === 0
      ? '(attribute_not_exists(inspectionSeq) OR inspectionSeq = :seq)'
      : 'inspectionSeq = :seq',
    ...(exempt ? [] : ['(attribute_not_exists(openInspectionCount) OR openInspectionCount = :zero)']),
    '(attribute_not_exists(archivedAt) OR attribute_type(archivedAt, :nullType))',
  ];
  return {
    write: {
      Update: {
        TableName: db.tableName,
        Key: projectKeys.project(input.divisionId, input.projectId),
        UpdateExpression: `SET inspectionSeq = :next${next ? ', next_inspection_date = :due' : ''}${last ? ', last_routine_date = :last' : ''} ADD inspectionCount :one, openInspectionCount :one`,
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeValues: {
          ':seq': counters.inspectionSeq,
          ':next': counters.inspectionSeq + 1,
          ':one': 1,
          ':nullType': 'NULL',
          ...(exempt ? {} : { ':zero': 0 }),
          ...(next ? { ':due': input.nextInspectionDate } : {}),
          ...(last ? { ':last': input.lastRoutineDate } : {}),
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    onConditionFailed: (stored) => {
      if (!stored) return new NotFoundError('Project not found');
      if (stored.archivedAt) return new ConflictError(INSPECTION_MESSAGES.archived);
      if (!exempt && ((stored.openInspectionCount as number | undefined) ?? 0) > 0)
        return new ConflictError(INSPECTION_MESSAGES.createBlocked);
      return new RaceError();
    },
  };
}

/** The link that says a finding belongs to an inspection (raised in it, or carried over). */
export function findingLinkItem(
  inspection: Pick<InspectionRecord, 'divisionId' | 'projectId' | 'id' | 'number'>,
  finding: { findingId: string; number: number; typeCode: string },
  carriedOver: boolean,
): Record<string, unknown> {
  const d = inspection.divisionId;
  return {
    pk: inspectionKeys.inspection(d, inspection.id).pk,
    sk: `FINDING#${padNumber(finding.number)}`,
    type: 'FindingInInspection',
    gsi2pk: `DIVISION#${d}#FINDING#${finding.findingId}#INSPECTIONS`,
    gsi2sk: `${padNumber(inspection.number)}#${inspection.id}`,
    findingId: finding.findingId,
    inspectionId: inspection.id,
    inspectionNumber: inspection.number,
    // Whose statistics a carry-over counts in (docs/decisions/0019).
    divisionId: d,
    projectId: inspection.projectId,
    typeCode: finding.typeCode,
    carriedOver,
  };
}

function carriedLinkStep(db: Db, inspection: InspectionRecord, finding: CarriedFinding): TransactionStep {
  return putStep(db, findingLinkItem(inspection, finding, true));
}

/** An inspection of the division; another division's id, existing or not, is not found. */
export async function getInspection(
  db: Db,
  divisionId: string,
  inspectionId: string,
): Promise<InspectionRecord> {
  const { Item } = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: inspectionKeys.inspection(divisionId, inspectionId),
      ConsistentRead: true,
    }),
  );
  if (!Item) throw new NotFoundError('Inspection not found');
  return fromItem(Item);
}

/** Inspections of the division by id (one BatchGet); ids not found are left out. */
export async function getInspections(
  db: Db,
  divisionId: string,
  ids: readonly string[],
  consistent = true,
): Promise<InspectionRecord[]> {
  const items = await batchGet(
    db,
    ids.map((id) => inspectionKeys.inspection(divisionId, id)),
    consistent,
  );
  return items.map(fromItem);
}

/** The inspection and its answers in one BatchGet. */
export async function getInspectionWithAnswers(
  db: Db,
  divisionId: string,
  inspectionId: string,
): Promise<{ inspection: InspectionRecord; answers: AnswersRecord }> {
  const keys = [
    inspectionKeys.inspection(divisionId, inspectionId),
    inspectionKeys.answers(divisionId, inspectionId),
  ];
  const items = await batchGet(db, keys);
  const item = itemAt(items, keys[0]!);
  if (!item) throw new NotFoundError('Inspection not found');
  const answers = itemAt(items, keys[1]!);
  return {
    inspection: fromItem(item),
    answers: {
      answers: (answers?.answers as Answers | undefined) ?? {},
      comments: (answers?.comments as Record<string, string> | undefined) ?? {},
      version: (answers?.version as number | undefined) ?? 0,
    },
  };
}

/** A page of a project's inspections, newest first; with a type, through the type links. */
/**
 * A project's inspections of one month ('YYYY-MM'), oldest first, a page at a time: their index
 * rows sort by the inspection's date, so the month is a key range (the inspection calendar).
 */
export async function listProjectInspectionsOfMonth(
  db: Db,
  divisionId: string,
  projectId: string,
  month: string,
  page: { pageSize: number; cursor?: string },
): Promise<PageOf<InspectionRecord>> {
  const result = await queryPage(
    db,
    { index: 'byParent', partition: inspectionKeys.ofProject(divisionId, projectId), prefix: `${month}-` },
    page,
  );
  return { items: result.items.map(fromItem), nextCursor: result.nextCursor };
}

export async function listProjectInspections(
  db: Db,
  divisionId: string,
  projectId: string,
  page: { pageSize: number; cursor?: string; type?: InspectionType },
): Promise<PageOf<InspectionRecord>> {
  if (!page.type) {
    const result = await queryPage(
      db,
      { index: 'byParent', partition: inspectionKeys.ofProject(divisionId, projectId), descending: true },
      { pageSize: page.pageSize, cursor: page.cursor },
    );
    return { items: result.items.map(fromItem), nextCursor: result.nextCursor };
  }
  return queryPage(
    db,
    {
      partition: projectKeys.project(divisionId, projectId).pk,
      prefix: inspectionKeys.byTypePrefix(page.type),
      descending: true,
    },
    {
      pageSize: page.pageSize,
      cursor: page.cursor,
      resolve: async (rows) => {
        const keys = rows.map((r) => inspectionKeys.inspection(divisionId, r.inspectionId as string));
        const items = await batchGet(db, keys);
        return keys.flatMap((k) => {
          const item = itemAt(items, k);
          return item ? [fromItem(item)] : [];
        });
      },
    },
  );
}

/** Today's routine inspection of a project, if one exists (the due-today banner, start-inspection). */
export async function findRoutineInspectionOn(
  db: Db,
  divisionId: string,
  projectId: string,
  day: string,
): Promise<InspectionRecord | null> {
  const result = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': projectKeys.project(divisionId, projectId).pk,
        ':prefix': `${inspectionKeys.byTypePrefix('Routine')}${day}`,
      },
      ConsistentRead: true,
      Limit: 5,
    }),
  );
  const row = result.Items?.[0];
  return row ? getInspection(db, divisionId, row.inspectionId as string) : null;
}

export interface AnswersChange {
  answers: Answers;
  comments: Record<string, string>;
  status: InspectionStatus;
  created_date: string;
  type: InspectionType;
}

/**
 * Saves the questionnaire (0018): the answers item at the version read (stale: 409), and the
 * inspection's status, date and type copies with their keys (the type link moves when either
 * changes) and the project's openInspectionCount when the inspection stops or starts counting.
 */
export async function saveAnswers(
  db: Db,
  inspection: InspectionRecord,
  answersVersion: number,
  change: AnswersChange,
  also: TransactionStep[],
): Promise<{ inspection: InspectionRecord; answersVersion: number }> {
  const d = inspection.divisionId;
  const next: InspectionRecord = {
    ...inspection,
    status: change.status,
    created_date: change.created_date,
    type: change.type,
    countsAsOpen: countsAsOpen({ status: change.status, certification_date: inspection.certification_date }),
    version: inspection.version + 1,
  };
  const linkMoved = next.type !== inspection.type || next.created_date !== inspection.created_date;
  await transact(db, [
    {
      write: {
        Update: {
          TableName: db.tableName,
          Key: inspectionKeys.answers(d, inspection.id),
          UpdateExpression: 'SET answers = :answers, comments = :comments, version = version + :one',
          ConditionExpression: 'version = :expected',
          ExpressionAttributeValues: {
            ':answers': change.answers,
            ':comments': change.comments,
            ':one': 1,
            ':expected': answersVersion,
          },
        },
      },
      onConditionFailed: () =>
        new ConflictError(
          'The inspection was changed by someone else meanwhile. Reload it to see their answers.',
        ),
    },
    inspectionUpdateStep(db, inspection, {
      status: next.status,
      created_date: next.created_date,
      inspectionType: next.type,
      countsAsOpen: next.countsAsOpen,
      gsi1sk: `${next.created_date}#${inspection.id}`,
      ...(inspection.inspectorId ? { gsi2sk: `${next.created_date}#${inspection.id}` } : {}),
    }),
    ...(linkMoved
      ? [
          { write: { Delete: { TableName: db.tableName, Key: keyOf(typeLinkItem(inspection)) } } },
          putStep(db, typeLinkItem(next)),
        ]
      : []),
    ...openCountSteps(db, inspection, next),
    ...also,
  ]);
  return { inspection: next, answersVersion: answersVersion + 1 };
}

const keyOf = (item: Record<string, unknown>) => ({ pk: item.pk as string, sk: item.sk as string });

/** A write to an inspection at a version someone else's save has passed. */
export const INSPECTION_STALE =
  'The inspection was changed by someone else meanwhile. Reload it and try again.';

/**
 * Sets fields of the inspection at the version read; a stale version is a conflict. Callers name
 * copies (the item's `inspectionType`, index keys) themselves.
 */
export function inspectionUpdateStep(
  db: Db,
  inspection: Pick<InspectionRecord, 'divisionId' | 'id' | 'version'>,
  fields: Record<string, unknown>,
): TransactionStep {
  const names: Record<string, string> = { '#version': 'version' };
  const values: Record<string, unknown> = { ':expected': inspection.version, ':one': 1 };
  const sets = Object.entries(fields).map(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  return {
    write: {
      Update: {
        TableName: db.tableName,
        Key: inspectionKeys.inspection(inspection.divisionId, inspection.id),
        UpdateExpression: `SET ${[...sets, '#version = #version + :one'].join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    onConditionFailed: (stored) =>
      stored ? new ConflictError(INSPECTION_STALE) : new NotFoundError('Inspection not found'),
  };
}

/** Holds a write only while the inspection is still at the version read (nothing changed). */
export function inspectionAtVersionCheck(
  db: Db,
  inspection: Pick<InspectionRecord, 'divisionId' | 'id' | 'version'>,
): TransactionStep {
  return {
    write: {
      ConditionCheck: {
        TableName: db.tableName,
        Key: inspectionKeys.inspection(inspection.divisionId, inspection.id),
        ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':expected': inspection.version },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    onConditionFailed: (stored) =>
      stored ? new ConflictError(INSPECTION_STALE) : new NotFoundError('Inspection not found'),
  };
}

/**
 * Moves the project's openInspectionCount, and the open count of the inspection's template
 * version (0036), when an inspection starts or stops counting.
 */
export function openCountSteps(
  db: Db,
  before: Pick<
    InspectionRecord,
    'countsAsOpen' | 'divisionId' | 'projectId' | 'templateId' | 'templateVersion'
  >,
  after: Pick<InspectionRecord, 'countsAsOpen'>,
  /** Also hold only while the project is not archived (one step on the project item, not two). */
  { live = false }: { live?: boolean } = {},
): TransactionStep[] {
  if (before.countsAsOpen === after.countsAsOpen) return [];
  return [
    {
      write: {
        Update: {
          TableName: db.tableName,
          Key: projectKeys.project(before.divisionId, before.projectId),
          UpdateExpression: 'ADD openInspectionCount :by',
          ConditionExpression: live
            ? 'attribute_exists(pk) AND (attribute_not_exists(archivedAt) OR attribute_type(archivedAt, :nullType))'
            : 'attribute_exists(pk)',
          ExpressionAttributeValues: {
            ':by': after.countsAsOpen ? 1 : -1,
            ...(live ? { ':nullType': 'NULL' } : {}),
          },
        },
      },
      ...(live ? { onConditionFailed: () => new ConflictError(INSPECTION_MESSAGES.archived) } : {}),
    },
    templateUsesStep(db, before, { inspections: 0, open: after.countsAsOpen ? 1 : -1 }),
  ];
}

/**
 * Deletes an inspection with its answers, type link and the rows kept under it (notes,
 * signatures, finding links); the findings raised in it are the handler's to refuse or move
 * (0018: an inspection holding findings raised in it is not deleted). Rows go in transactions of
 * 100, the inspection item last, so a failure leaves it readable and the delete can be retried.
 */
export async function deleteInspection(
  db: Db,
  inspection: InspectionRecord,
  also: TransactionStep[],
): Promise<void> {
  const d = inspection.divisionId;
  const rows = await keysOfPartition(db, inspectionKeys.inspection(d, inspection.id).pk);
  await deleteKeys(
    db,
    rows.filter((key) => key.sk !== 'INSPECTION'),
  );
  await transact(db, [
    {
      write: {
        Delete: {
          TableName: db.tableName,
          Key: inspectionKeys.inspection(d, inspection.id),
          ConditionExpression: '#version = :expected',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':expected': inspection.version },
        },
      },
      onConditionFailed: () =>
        new ConflictError('The inspection was changed meanwhile. Reload it and try again.'),
    },
    { write: { Delete: { TableName: db.tableName, Key: keyOf(typeLinkItem(inspection)) } } },
    {
      write: {
        Update: {
          TableName: db.tableName,
          Key: projectKeys.project(d, inspection.projectId),
          UpdateExpression: 'ADD inspectionCount :minus, openInspectionCount :open',
          ExpressionAttributeValues: { ':minus': -1, ':open': inspection.countsAsOpen ? -1 : 0 },
        },
      },
    },
    templateUsesStep(db, inspection, { inspections: -1, open: inspection.countsAsOpen ? -1 : 0 }),
    ...also,
  ]);
}

export interface FindingLink {
  findingId: string;
  number: number;
  typeCode: string;
  carriedOver: boolean;
}

/**
 * Every finding link of an inspection, by number (raised in it or carried over). Bounded by the
 * inspection's findings (its counters say how many); read whole where a rule needs all of them:
 * the signature digest, compliance's open required findings, deleting.
 */
export async function findingLinksOf(
  db: Db,
  divisionId: string,
  inspectionId: string,
  consistent = true,
): Promise<FindingLink[]> {
  const rows = await readPartition(
    db,
    inspectionKeys.inspection(divisionId, inspectionId).pk,
    'FINDING#',
    undefined,
    consistent,
  );
  return rows.map((item) => ({
    findingId: item.findingId as string,
    number: Number((item.sk as string).slice('FINDING#'.length)),
    typeCode: item.typeCode as string,
    carriedOver: item.carriedOver === true,
  }));
}
