import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, MissingParentError, NotFoundError, ValidationError } from '@stormline/domain/errors';
import type { ProjectPermit } from '@stormline/domain/permit-rules';
import type { TemplateProjectOptions } from '@stormline/domain/project-rules';
import { PROJECT_MESSAGES } from '@stormline/domain/project-rules';
import { INSPECTION_MESSAGES } from '@stormline/domain/inspection-rules';
import { batchGet, itemAt } from './batch-get';
import { clientKeys } from './clients';
import type { Db } from './dynamo';
import { keys, nameOrder } from './keys';
import { queryPage } from './paging';
import type { PageOf } from './paging';
import { getUsers } from './users';
import type { UserRecord } from './users';
import { isFirstMatch, searchPartition, searchQuery, searchTerms, termRowSteps } from './search-terms';
import { readIndexPartition, readPartition } from './read-partition';
import {
  anchoredUpdateStep,
  counterStep,
  deleteStep,
  putNewStep,
  putStep,
  transact,
  transactWithCopies,
  versionedUpdateStep,
} from './transact';
import type { TransactionStep } from './transact';

/**
 * A project (site) belongs to exactly one division, which is the first part of every key it has
 * (docs/data-model.md, Projects). Its fields are spec 001 §3's Project, as the Create project
 * modal sends them after the server's checks (docs/decisions/0014).
 */
export interface ProjectAddress {
  street_1: string | null;
  city: string | null;
  /** US: the state's abbreviation; null in the UK. */
  state_id: string | null;
  /** UK: the country's id; null in the US. */
  country_id: string | null;
  zip: string | null;
  latitude: number;
  longitude: number;
}

export interface ProjectRecord {
  id: string;
  divisionId: string;
  client_id: string;
  name: string;
  /** The inspection form type: a template the division holds. */
  inspection_template_id: string | null;
  /** The regulations: a regulation group the division holds (spec 001 §3 document_group). */
  document_group_id: string | null;
  permittee: string | null;
  address: ProjectAddress;
  /** IANA time zone: "today" for due inspections is decided here, not on the server's clock. */
  timezone: string;
  inspector_user_id: string | null;
  start_date: string | null;
  end_date: string | null;
  /** 'YYYY-MM-DD' in the project's time zone. */
  next_inspection_date: string | null;
  /** Days between routine inspections, a whole number (rounded up on create). */
  routine_interval: number;
  isCcrProject: boolean;
  inspection_compliance_required: boolean;
  findingComplianceRequired: boolean;
  cgp_tracking_id: string | null;
  /**
   * The permit whose rules set the inspection clock (issue 23, docs/decisions/0046); absent on a
   * project saved before permits: read it with projectPermit(), which answers the fixed interval.
   */
  permit?: ProjectPermit | null;
  /**
   * The permit or NPDES tracking number of a project whose form type is not on the CGP list
   * (0049); absent on a project saved before it.
   */
  permit_number?: string | null;
  /** The local date of the last routine inspection started (kept from issue 23 on). */
  last_routine_date?: string | null;
  /** The project's document types (PROJECT_DOC_TYPES ids), the site maps always among them. */
  docTypes: string[];
  notes: string | null;
  /** Set while the project is shown in the public view (spec 002 QR access). */
  publishedAt: string | null;
  archivedAt: string | null;
  createdAt: string;
  createdBy: string | null;
  version: number;
}

/** A project write at a version someone else's save has passed. */
export const PROJECT_STALE = 'The project was changed by someone else meanwhile. Reload it and try again.';

export const projectKeys = {
  project: (divisionId: string, projectId: string) => ({
    pk: `DIVISION#${divisionId}#PROJECT#${projectId}`,
    sk: 'PROJECT',
  }),
  /** Active and archived projects list separately: archived ones leave the active lists and searches. */
  projectsOfDivision: (divisionId: string, state: 'ACTIVE' | 'ARCHIVED') =>
    `DIVISION#${divisionId}#PROJECTS#${state}`,
  projectsOfClient: clientKeys.projectsOfClient,
  /** A user's access to the project (the project's contact row; Edit User's project switch). */
  access: (divisionId: string, projectId: string, userId: string) => ({
    pk: `DIVISION#${divisionId}#PROJECT#${projectId}`,
    sk: `CONTACT#${userId}`,
  }),
  projectsOfUser: (divisionId: string, userId: string) => `DIVISION#${divisionId}#USER#${userId}#PROJECTS`,
};

/** The keys of shared catalogue records the create checks (docs/data-model.md). */
const catalogueKeys = {
  template: (templateId: string) => ({ pk: `TEMPLATE#${templateId}`, sk: 'TEMPLATE' }),
  templateLink: (divisionId: string, templateId: string) => ({
    pk: `TEMPLATE#${templateId}`,
    sk: `DIVISION#${divisionId}`,
  }),
  groupLink: (divisionId: string, groupId: string) => ({
    pk: `GROUP#${groupId}`,
    sk: `DIVISION#${divisionId}`,
  }),
};

/** An inspection template as the Create project modal uses it: what it says about its projects. */
export interface ProjectTemplate {
  id: string;
  name: string;
  options: TemplateProjectOptions;
  /** Its current version's enabled finding types; null on an item written before they were kept. */
  findingTypes: { code: string; name: string }[] | null;
}

/**
 * Reads what the create needs about the records it names, in one consistent BatchGet: the
 * client, template, regulation group and inspector must each be the division's (another
 * division's id is simply not found), and the template's project options decide the
 * conditional fields.
 */
export async function readProjectReferences(
  db: Db,
  divisionId: string,
  refs: { clientId: string; templateId: string; groupId: string; inspectorId: string | null },
): Promise<{
  template: ProjectTemplate;
  /** The inspector named, with their role and status; null when not a member of the division. */
  inspector: { id: string; roleId: string; status: string } | null;
}> {
  const inspectorKeys = refs.inspectorId
    ? [keys.user(refs.inspectorId), keys.membership(refs.inspectorId, divisionId)]
    : [];
  const items = await batchGet(db, [
    clientKeys.divisionLink(divisionId, refs.clientId),
    catalogueKeys.template(refs.templateId),
    catalogueKeys.templateLink(divisionId, refs.templateId),
    catalogueKeys.groupLink(divisionId, refs.groupId),
    ...inspectorKeys,
  ]);
  const issue = (path: string, message: string) => new ValidationError(message, [{ path, message }]);
  if (!itemAt(items, clientKeys.divisionLink(divisionId, refs.clientId)))
    throw issue('client_id', 'Please select a client of this division');
  const template = itemAt(items, catalogueKeys.template(refs.templateId));
  if (!template || !itemAt(items, catalogueKeys.templateLink(divisionId, refs.templateId)))
    throw issue('inspection_template_id', 'Please select an inspection form type of this division');
  // A user template is chosen once it has a published version (docs/decisions/0036).
  if (!template.currentVersion) throw issue('inspection_template_id', PROJECT_MESSAGES.templateUnpublished);
  if (!itemAt(items, catalogueKeys.groupLink(divisionId, refs.groupId)))
    throw issue('document_group_id', 'Please select regulations of this division');
  const inspector = refs.inspectorId ? itemAt(items, keys.user(refs.inspectorId)) : undefined;
  const member =
    refs.inspectorId && inspector && itemAt(items, keys.membership(refs.inspectorId, divisionId));
  return {
    template: toProjectTemplate(template),
    inspector: member
      ? { id: refs.inspectorId!, roleId: inspector.roleId as string, status: inspector.status as string }
      : null,
  };
}

function toProjectTemplate(item: Record<string, unknown>): ProjectTemplate {
  const options = (item.projectOptions ?? {}) as Partial<TemplateProjectOptions>;
  return {
    id: item.id as string,
    name: item.name as string,
    options: {
      hasComplianceCert: item.has_compliance_cert === true,
      ccr: options.ccr === true,
      optionalCompliance: options.optionalCompliance === true,
      cgp: options.cgp === true,
    },
    findingTypes: (item.findingTypes as ProjectTemplate['findingTypes'] | undefined) ?? null,
  };
}

const listOrder = (project: Pick<ProjectRecord, 'id' | 'name'>) => nameOrder(project.name, project.id);

/** A record the create leans on must still be there when it commits (removed meanwhile: refused). */
function stillThere(db: Db, key: { pk: string; sk: string }, message: string, path: string): TransactionStep {
  return {
    write: {
      ConditionCheck: { TableName: db.tableName, Key: key, ConditionExpression: 'attribute_exists(pk)' },
    },
    onConditionFailed: () => new ValidationError(message, [{ path, message }]),
  };
}

/** One more project of the division uses the linked record; the link must still be there. */
function linkCountStep(
  db: Db,
  key: { pk: string; sk: string },
  message: string,
  path: string,
): TransactionStep {
  return counterStep(db, key, 'projectCount', 1, () => new ValidationError(message, [{ path, message }]));
}

export type NewProject = Omit<
  ProjectRecord,
  'id' | 'createdAt' | 'version' | 'archivedAt' | 'publishedAt' | 'createdBy'
> & { id?: string; createdBy?: string | null };

/**
 * Creates a project in one transaction: the project (in the division's active list and the
 * client's projects), its search rows, its inspector's access row, the division's
 * `activeProjectCount` and the client link's `projectCount` (whose condition is that the client
 * is still the division's, so a client deleted meanwhile cannot be left with a project), the
 * template's and regulation group's link `projectCount` (the same condition), and checks that
 * the inspector is still the division's.
 */
export async function createProject(db: Db, input: NewProject, now = new Date()): Promise<ProjectRecord> {
  const project: ProjectRecord = {
    ...input,
    id: input.id ?? randomUUID(),
    createdBy: input.createdBy ?? null,
    publishedAt: null,
    archivedAt: null,
    createdAt: now.toISOString(),
    version: 0,
  };
  const d = project.divisionId;
  const order = listOrder(project);
  await transact(db, [
    counterStep(
      db,
      clientKeys.divisionLink(d, project.client_id),
      'projectCount',
      1,
      () => new MissingParentError('Client not found'),
    ),
    counterStep(
      db,
      keys.division(d),
      'activeProjectCount',
      1,
      () => new MissingParentError('Division not found'),
    ),
    directorySetStep(db, project),
    putNewStep(
      db,
      {
        ...projectKeys.project(d, project.id),
        type: 'Project',
        gsi1pk: projectKeys.projectsOfDivision(d, 'ACTIVE'),
        gsi1sk: order,
        gsi2pk: projectKeys.projectsOfClient(d, project.client_id),
        // Active before archived, each by name: the client's Projects tab reads one partition.
        gsi2sk: `ACTIVE#${order}`,
        ...project,
      },
      () => new ConflictError('This project already exists'),
    ),
    ...termRowSteps(db, projectKeys.projectsOfDivision(d, 'ACTIVE'), project.id, null, {
      terms: searchTerms(project.name),
      order,
    }),
    ...(project.inspector_user_id
      ? [
          putNewStep(db, {
            ...projectKeys.access(d, project.id, project.inspector_user_id),
            type: 'ProjectContact',
            gsi2pk: projectKeys.projectsOfUser(d, project.inspector_user_id),
            gsi2sk: `ACTIVE#${order}`,
            projectId: project.id,
            userId: project.inspector_user_id,
            divisionId: d,
            addedAt: project.createdAt,
          }),
          stillThere(
            db,
            keys.membership(project.inspector_user_id, d),
            PROJECT_MESSAGES.inspectorNotMember,
            'inspector_user_id',
          ),
        ]
      : []),
    // The template's and the group's links count the division's projects that use them, so the
    // Divisions screen cannot take either out of the division from under a project (0016).
    ...(project.inspection_template_id
      ? [
          linkCountStep(
            db,
            catalogueKeys.templateLink(d, project.inspection_template_id),
            'Please select an inspection form type of this division',
            'inspection_template_id',
          ),
        ]
      : []),
    ...(project.document_group_id
      ? [
          linkCountStep(
            db,
            catalogueKeys.groupLink(d, project.document_group_id),
            'Please select regulations of this division',
            'document_group_id',
          ),
        ]
      : []),
  ]);
  return project;
}

function toProject(item: Record<string, unknown>): ProjectRecord {
  const {
    pk: _pk,
    sk: _sk,
    type: _type,
    gsi1pk: _g1,
    gsi1sk: _g1s,
    gsi2pk: _g2,
    gsi2sk: _g2s,
    ...record
  } = item;
  return record as unknown as ProjectRecord;
}

/** A project of the division; another division's id, existing or not, is not found. */
export async function getProjectInDivision(
  db: Db,
  divisionId: string,
  projectId: string,
): Promise<ProjectRecord> {
  const items = await batchGet(db, [projectKeys.project(divisionId, projectId)]);
  if (!items[0]) throw new NotFoundError('Project not found');
  return toProject(items[0]);
}

/**
 * The users the Create project modal may make a project's inspector: the division's members whose
 * role may be assigned inspections (the membership's sparse byRelation `DIVISION#<d>#INSPECTORS`,
 * by role, then last and first name), inactive accounts left out. A page at a time.
 */
export async function listAssignableInspectors(
  db: Db,
  divisionId: string,
  page: { pageSize: number; cursor?: string },
): Promise<PageOf<UserRecord>> {
  return queryPage(
    db,
    { index: 'byRelation', partition: `DIVISION#${divisionId}#INSPECTORS` },
    {
      ...page,
      resolve: async (rows) =>
        (
          await getUsers(
            db,
            rows.map((r) => r.userId as string),
          )
        ).filter((u) => u.status !== 'inactive'),
    },
  );
}

/**
 * The inspection form types of the division with what each says about its projects, for the
 * Create project modal's select and its conditional fields (byParent `DIVISION#<d>#TEMPLATES`,
 * + BatchGet the templates). GET /api/inspections/templates (spec 000 §7) is the call to serve it.
 */
export async function listProjectTemplates(
  db: Db,
  divisionId: string,
  page: { pageSize: number; cursor?: string },
): Promise<PageOf<ProjectTemplate>> {
  return queryPage(
    db,
    { index: 'byParent', partition: `DIVISION#${divisionId}#TEMPLATES` },
    {
      ...page,
      resolve: async (rows) => {
        const items = await batchGet(
          db,
          rows.map((r) => catalogueKeys.template(r.templateId as string)),
          false,
        );
        return rows.flatMap((row) => {
          const item = itemAt(items, catalogueKeys.template(row.templateId as string));
          // A user template never published has no version a project could use (docs/decisions/0036).
          return item?.currentVersion ? [toProjectTemplate(item)] : [];
        });
      },
    },
  );
}

/** A project with the counters its writers keep on it (docs/data-model.md Counters). */
export type ProjectWithCounts = ProjectRecord & {
  inspectionCount?: number;
  openInspectionCount?: number;
  findingCount?: number;
  openFindingCount?: number;
};

type ProjectState = 'ACTIVE' | 'ARCHIVED';
const stateOf = (project: Pick<ProjectRecord, 'archivedAt'>): ProjectState =>
  project.archivedAt ? 'ARCHIVED' : 'ACTIVE';

/** The projects of a division by name, a page at a time (the project item is the row). */
export async function listProjects(
  db: Db,
  divisionId: string,
  state: ProjectState,
  page: { pageSize: number; cursor?: string },
): Promise<PageOf<ProjectWithCounts>> {
  const result = await queryPage(
    db,
    { index: 'byParent', partition: projectKeys.projectsOfDivision(divisionId, state) },
    page,
  );
  return { items: result.items.map(toProject), nextCursor: result.nextCursor };
}

/** Projects of the division by id, in the order asked; ids not found are left out. */
export async function getProjectsInDivision(
  db: Db,
  divisionId: string,
  ids: readonly string[],
): Promise<ProjectWithCounts[]> {
  const items = await batchGet(
    db,
    ids.map((id) => projectKeys.project(divisionId, id)),
  );
  return ids.flatMap((id) => {
    const item = itemAt(items, projectKeys.project(divisionId, id));
    return item ? [toProject(item)] : [];
  });
}

/** The division's projects whose name, from one of its words on, starts with `text` (search rows). */
export async function searchProjects(
  db: Db,
  divisionId: string,
  state: ProjectState,
  text: string,
  page: { pageSize: number; cursor?: string },
): Promise<PageOf<ProjectWithCounts>> {
  const query = searchQuery(text);
  if (!query) return listProjects(db, divisionId, state, page);
  return queryPage(
    db,
    { partition: searchPartition(projectKeys.projectsOfDivision(divisionId, state)), prefix: query },
    {
      ...page,
      resolve: async (rows) => {
        const found = await getProjectsInDivision(
          db,
          divisionId,
          rows.map((r) => r.recordId as string),
        );
        const byId = new Map(found.map((p) => [p.id, p]));
        return rows.flatMap((row) => {
          const project = byId.get(row.recordId as string);
          return project && stateOf(project) === state && isFirstMatch(row, searchTerms(project.name), query)
            ? [project]
            : [];
        });
      },
    },
  );
}

/**
 * The projects a user was given (limited roles' lists), by name: their access rows; `inspected`
 * keeps only those the user inspects (Team Management), leaving out those they are a contact of.
 */
export async function listProjectsOfUser(
  db: Db,
  divisionId: string,
  userId: string,
  state: ProjectState,
  page: { pageSize: number; cursor?: string; search?: string; inspected?: boolean },
): Promise<PageOf<ProjectWithCounts>> {
  const query = searchQuery(page.search);
  return queryPage(
    db,
    { index: 'byRelation', partition: projectKeys.projectsOfUser(divisionId, userId), prefix: `${state}#` },
    {
      pageSize: page.pageSize,
      cursor: page.cursor,
      resolve: async (rows) => {
        const found = await getProjectsInDivision(
          db,
          divisionId,
          rows.map((r) => r.projectId as string),
        );
        return found.filter(
          (p) =>
            (!page.inspected || p.inspector_user_id === userId) &&
            (!query || searchTerms(p.name).some((t) => t.startsWith(query))),
        );
      },
    },
  );
}

/** The fields Edit Project changes (spec 002 §2), as the create checked them. */
export type ProjectEdit = Omit<
  NewProject,
  'divisionId' | 'client_id' | 'id' | 'createdBy' | 'inspection_template_id' | 'document_group_id'
>;

/**
 * The one writer of a project: the item at the version read (stale: 409) and, when the name
 * changes, every copy of its name order: its list and client keys, its search rows and each
 * access row's user list key (transactWithCopies).
 */
export async function updateProject(
  db: Db,
  divisionId: string,
  projectId: string,
  fields: Partial<ProjectEdit & Pick<ProjectRecord, 'publishedAt'>>,
  version: number,
  also: TransactionStep[] = [],
): Promise<ProjectRecord> {
  const before = await getProjectInDivision(db, divisionId, projectId);
  if (before.version !== version) throw new ConflictError(PROJECT_STALE);
  const after: ProjectRecord = { ...before, ...fields, version: version + 1 };
  const renamed = after.name !== before.name;
  const state = stateOf(before);
  const order = listOrder(after);
  const record = [
    versionedUpdateStep(
      db,
      projectKeys.project(divisionId, projectId),
      { ...fields, ...(renamed ? { gsi1sk: order, gsi2sk: `${state}#${order}` } : {}) },
      version,
      () => new NotFoundError('Project not found'),
    ),
    ...(renamed
      ? termRowSteps(
          db,
          projectKeys.projectsOfDivision(divisionId, state),
          projectId,
          { terms: searchTerms(before.name), order: listOrder(before) },
          { terms: searchTerms(after.name), order },
        )
      : []),
    // The directory lists active projects by name and client.
    ...(state === 'ACTIVE' && (renamed || after.client_id !== before.client_id)
      ? [directorySetStep(db, after)]
      : []),
    ...also,
  ];
  const contacts = renamed
    ? await readPartition(db, projectKeys.project(divisionId, projectId).pk, 'CONTACT#')
    : [];
  await transactWithCopies(
    db,
    record,
    contacts.map((c) => [
      anchoredUpdateStep(db, { pk: c.pk as string, sk: c.sk as string }, { gsi2sk: `${state}#${order}` }),
    ]),
  );
  return after;
}

/**
 * Archives or restores a project (spec 002 §4): the item moves between the division's active and
 * archived lists, its search rows between the two search partitions, its client and access rows'
 * keys to the other state, and the division's and client link's counts follow, at the version read.
 */
export async function setProjectArchived(
  db: Db,
  divisionId: string,
  projectId: string,
  archived: boolean,
  now: Date,
  also: TransactionStep[] = [],
): Promise<ProjectRecord> {
  const before = await getProjectInDivision(db, divisionId, projectId);
  if (Boolean(before.archivedAt) === archived)
    throw new ConflictError(archived ? 'This project is already archived.' : 'This project is not archived.');
  const from = stateOf(before);
  const to: ProjectState = archived ? 'ARCHIVED' : 'ACTIVE';
  const order = listOrder(before);
  const after: ProjectRecord = {
    ...before,
    archivedAt: archived ? now.toISOString() : null,
    version: before.version + 1,
  };
  const entry = { terms: searchTerms(before.name), order };
  const record = [
    versionedUpdateStep(
      db,
      projectKeys.project(divisionId, projectId),
      {
        archivedAt: after.archivedAt,
        gsi1pk: projectKeys.projectsOfDivision(divisionId, to),
        gsi2sk: `${to}#${order}`,
      },
      before.version,
      () => new NotFoundError('Project not found'),
    ),
    movedCountStep(db, keys.division(divisionId), archived, 'activeProjectCount', 'archivedProjectCount'),
    archived ? directoryRemoveStep(db, divisionId, projectId) : directorySetStep(db, before),
    movedCountStep(
      db,
      clientKeys.divisionLink(divisionId, before.client_id),
      archived,
      'projectCount',
      'archivedProjectCount',
    ),
    ...termRowSteps(db, projectKeys.projectsOfDivision(divisionId, from), projectId, entry, null),
    ...termRowSteps(db, projectKeys.projectsOfDivision(divisionId, to), projectId, null, entry),
    ...also,
  ];
  const contacts = await readPartition(db, projectKeys.project(divisionId, projectId).pk, 'CONTACT#');
  await transactWithCopies(
    db,
    record,
    contacts.map((c) => [
      anchoredUpdateStep(db, { pk: c.pk as string, sk: c.sk as string }, { gsi2sk: `${to}#${order}` }),
    ]),
  );
  return after;
}

/** One project moves between a parent's active and archived counts (one Update: one item, one step). */
function movedCountStep(
  db: Db,
  key: { pk: string; sk: string },
  archived: boolean,
  active: string,
  archivedCount: string,
): TransactionStep {
  return {
    write: {
      Update: {
        TableName: db.tableName,
        Key: key,
        UpdateExpression: 'ADD #active :active, #archived :archived',
        ExpressionAttributeNames: { '#active': active, '#archived': archivedCount },
        ExpressionAttributeValues: { ':active': archived ? -1 : 1, ':archived': archived ? 1 : -1 },
      },
    },
  };
}

/**
 * Deletes a project (delete Project): refused while it holds inspections (they carry signatures
 * and findings: delete those first, 0018), else the item, its search rows, its access rows and
 * change log, with the counts the create moved.
 */
export async function deleteProject(db: Db, divisionId: string, projectId: string): Promise<void> {
  const project = (await getProjectInDivision(db, divisionId, projectId)) as ProjectWithCounts;
  const inspections = project.inspectionCount ?? 0;
  if (inspections > 0)
    throw new ConflictError(
      `This project has ${inspections} inspection${inspections === 1 ? '' : 's'}. Delete them before deleting the project.`,
    );
  const state = stateOf(project);
  const pk = projectKeys.project(divisionId, projectId).pk;
  // What the project's partition holds besides the project: access rows, its log, its documents,
  // the missed inspections the scheduled job recorded (missed-inspections.ts), the rainfall job's
  // storm clock (rainfall.ts).
  const rows = (
    await Promise.all(
      ['CONTACT#', 'LOG#', 'DOC#', 'LEGEND#', 'MAPNOTE#', 'MISSED#', 'STORMCLOCK'].map((prefix) =>
        readPartition(db, pk, prefix),
      ),
    )
  ).flat();
  const record: TransactionStep[] = [
    {
      write: {
        Delete: {
          TableName: db.tableName,
          Key: projectKeys.project(divisionId, projectId),
          ConditionExpression:
            'version = :version AND (attribute_not_exists(inspectionCount) OR inspectionCount = :zero)',
          ExpressionAttributeValues: { ':version': project.version, ':zero': 0 },
        },
      },
      onConditionFailed: () =>
        new ConflictError('The project was changed meanwhile. Reload it and try again.'),
    },
    counterStep(
      db,
      keys.division(divisionId),
      state === 'ACTIVE' ? 'activeProjectCount' : 'archivedProjectCount',
      -1,
    ),
    ...(state === 'ACTIVE' ? [directoryRemoveStep(db, divisionId, projectId)] : []),
    counterStep(
      db,
      clientKeys.divisionLink(divisionId, project.client_id),
      state === 'ACTIVE' ? 'projectCount' : 'archivedProjectCount',
      -1,
    ),
    ...(project.inspection_template_id
      ? [
          counterStep(
            db,
            catalogueKeys.templateLink(divisionId, project.inspection_template_id),
            'projectCount',
            -1,
          ),
        ]
      : []),
    ...(project.document_group_id
      ? [counterStep(db, catalogueKeys.groupLink(divisionId, project.document_group_id), 'projectCount', -1)]
      : []),
    ...termRowSteps(
      db,
      projectKeys.projectsOfDivision(divisionId, state),
      projectId,
      { terms: searchTerms(project.name), order: listOrder(project) },
      null,
    ),
  ];
  const groups: TransactionStep[][] = [];
  for (let i = 0; i < rows.length; i += 25)
    groups.push(rows.slice(i, i + 25).map((r) => deleteStep(db, { pk: r.pk as string, sk: r.sk as string })));
  await transactWithCopies(db, record, groups);
}

/** Gives users access to a project (contacts; Edit User's switch writes the same rows). */
export function projectAccessSteps(
  db: Db,
  project: ProjectRecord,
  userIds: readonly string[],
  now: Date,
): TransactionStep[] {
  const state = stateOf(project);
  const order = listOrder(project);
  return userIds.flatMap((userId) => [
    putStep(db, {
      ...projectKeys.access(project.divisionId, project.id, userId),
      type: 'ProjectContact',
      gsi2pk: projectKeys.projectsOfUser(project.divisionId, userId),
      gsi2sk: `${state}#${order}`,
      projectId: project.id,
      userId,
      divisionId: project.divisionId,
      addedAt: now.toISOString(),
    }),
    // The user must still be the division's.
    {
      write: {
        ConditionCheck: {
          TableName: db.tableName,
          Key: keys.membership(userId, project.divisionId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      onConditionFailed: () =>
        new ValidationError(PROJECT_MESSAGES.inspectorNotMember.replace('The inspector', 'A contact')),
    },
  ]);
}

/**
 * Holds a write under a project only while the project is still live: archiving it meanwhile
 * (between the handler's read and the write) refuses the write instead of changing an archived
 * project (spec 002 §4: archived projects are read-only).
 */
export function projectLiveCheck(db: Db, project: Pick<ProjectRecord, 'divisionId' | 'id'>): TransactionStep {
  return {
    write: {
      ConditionCheck: {
        TableName: db.tableName,
        Key: projectKeys.project(project.divisionId, project.id),
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(archivedAt) OR attribute_type(archivedAt, :nullType))',
        ExpressionAttributeValues: { ':nullType': 'NULL' },
      },
    },
    onConditionFailed: () => new ConflictError(INSPECTION_MESSAGES.archived),
  };
}

/** The user must still be the division's when the write commits (removed meanwhile: refused). */
export function stillMemberCheck(db: Db, divisionId: string, userId: string, path: string): TransactionStep {
  return stillThere(db, keys.membership(userId, divisionId), PROJECT_MESSAGES.inspectorNotMember, path);
}

/**
 * The project's inspector set at the version read (a change meanwhile, an archive included, is a
 * 409): Team Management's re-assign writes these for each project in one transaction.
 */
export function projectInspectorStep(
  db: Db,
  project: Pick<ProjectRecord, 'divisionId' | 'id' | 'version'>,
  inspectorId: string,
): TransactionStep {
  return versionedUpdateStep(
    db,
    projectKeys.project(project.divisionId, project.id),
    { inspector_user_id: inspectorId },
    project.version,
    () => new NotFoundError('Project not found'),
  );
}

/** Whether the user holds an access row to the project (is one of its contacts). */
export async function hasProjectAccess(
  db: Db,
  divisionId: string,
  projectId: string,
  userId: string,
): Promise<boolean> {
  const items = await batchGet(db, [projectKeys.access(divisionId, projectId, userId)]);
  return itemAt(items, projectKeys.access(divisionId, projectId, userId)) !== undefined;
}

/** The users with access to a project (its contacts), by user id. */
export async function listProjectContactIds(
  db: Db,
  divisionId: string,
  projectId: string,
): Promise<string[]> {
  const rows = await readPartition(db, projectKeys.project(divisionId, projectId).pk, 'CONTACT#');
  return rows.map((r) => r.userId as string);
}

/**
 * The division's directory of active projects (docs/decisions/0021): DIRECTORY_SHARDS items
 * holding each active project's name and client, an attribute a project (`p_<id>`: [name, client
 * id]) in the item its id hashes to, moved in the same transaction as the project's own writes.
 * The compliance report counts, filters and pages it, then reads only the page's projects: a
 * request costs these few small items, not every project's record. Sharded so that a project's
 * write rewrites (and pays for) an eighth of the directory, and a division of long names holds
 * some thousands of projects before any item reaches 400 KB.
 */
const DIRECTORY_SHARDS = 8;
export const projectDirectoryKey = (divisionId: string, shard: number) => ({
  pk: `DIVISION#${divisionId}`,
  sk: `PROJECT_DIRECTORY#${shard}`,
});
const directoryKeys = (divisionId: string) =>
  Array.from({ length: DIRECTORY_SHARDS }, (_, shard) => projectDirectoryKey(divisionId, shard));
const DIRECTORY_PREFIX = 'p_';

/** The directory item a project's entry is kept in: a hash of its id (FNV-1a), the same on every write. */
function directoryShard(projectId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < projectId.length; i++) hash = Math.imul(hash ^ projectId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % DIRECTORY_SHARDS;
}

/** A project's attribute in the directory and what it holds. */
const directoryEntry = (project: Pick<ProjectRecord, 'id' | 'name' | 'client_id'>) =>
  [`${DIRECTORY_PREFIX}${project.id}`, [project.name, project.client_id]] as const;

function directorySetStep(
  db: Db,
  project: Pick<ProjectRecord, 'divisionId' | 'id' | 'name' | 'client_id'>,
): TransactionStep {
  const [attribute, entry] = directoryEntry(project);
  return {
    write: {
      Update: {
        TableName: db.tableName,
        Key: projectDirectoryKey(project.divisionId, directoryShard(project.id)),
        UpdateExpression: 'SET #type = :type, #entry = :entry',
        ExpressionAttributeNames: { '#type': 'type', '#entry': attribute },
        ExpressionAttributeValues: { ':type': 'ProjectDirectory', ':entry': entry },
      },
    },
  };
}

function directoryRemoveStep(db: Db, divisionId: string, projectId: string): TransactionStep {
  return {
    write: {
      Update: {
        TableName: db.tableName,
        Key: projectDirectoryKey(divisionId, directoryShard(projectId)),
        UpdateExpression: 'SET #type = :type REMOVE #entry',
        ExpressionAttributeNames: { '#type': 'type', '#entry': `${DIRECTORY_PREFIX}${projectId}` },
        ExpressionAttributeValues: { ':type': 'ProjectDirectory' },
      },
    },
  };
}

export interface DirectoryEntry {
  id: string;
  name: string;
  client_id: string;
}

/**
 * The division's active projects as the directory lists them, or null when the division has no
 * directory yet (its projects were written before it existed): the caller then reads the list.
 */
export async function readProjectDirectory(db: Db, divisionId: string): Promise<DirectoryEntry[] | null> {
  const items = await batchGet(db, directoryKeys(divisionId));
  if (items.length === 0) return null;
  return items
    .flatMap((item) => Object.entries(item))
    .flatMap(([name, value]) =>
      name.startsWith(DIRECTORY_PREFIX) && Array.isArray(value)
        ? [{ id: name.slice(DIRECTORY_PREFIX.length), name: String(value[0]), client_id: String(value[1]) }]
        : [],
    );
}

/**
 * Writes the division's directory afresh from its active projects (the division's active list,
 * read to the end): for a division whose projects were written before the directory existed, or
 * a repair (`npm run stats:rebuild` calls it for every division). Run it while no project is
 * being written: a create, rename or archive between the read and the write would be lost, and
 * the index may not show yet a project written a moment before. Answers how many projects the
 * directory lists.
 */
export async function rebuildProjectDirectory(db: Db, divisionId: string): Promise<number> {
  const projects = (await readIndexPartition(db, projectKeys.projectsOfDivision(divisionId, 'ACTIVE'))).map(
    toProject,
  );
  // Every shard, the empty ones too: a division with a directory has all of them.
  for (const [shard, key] of directoryKeys(divisionId).entries())
    await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          ...key,
          type: 'ProjectDirectory',
          ...Object.fromEntries(projects.filter((p) => directoryShard(p.id) === shard).map(directoryEntry)),
        },
      }),
    );
  return projects.length;
}
