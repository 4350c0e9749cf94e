import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ValidationError } from '@stormline/domain/errors';
import type { Db } from './dynamo';
import { nameOrder } from './keys';
import { clientKeys, getClientsInDivision, searchClients } from './clients';
import { projectKeys } from './projects';
import { queryPage } from './paging';
import { searchPartition, searchQuery } from './search-terms';
import { INDEXES } from './table';
import { batchGetItems } from './users';
import { deleteStep, putStep } from './transact';
import type { TransactionStep } from './transact';

/**
 * A user's clients and projects (Edit User, Add Users step 2; docs/data-model.md), with the keys
 * the clients and projects modules spell. A client assignment is the client's contact row `CLIENT#<c> / CONTACT#<u>` (byRelation
 * `USER#<u>#CLIENTS`), the same row the client page lists as a contact; project access is the
 * project's contact row `DIVISION#<d>#PROJECT#<p> / CONTACT#<u>` (byRelation
 * `DIVISION#<d>#USER#<u>#PROJECTS`, active before archived, by name).
 */
const assignmentKeys = {
  clientContact: clientKeys.contact,
  clientsOfUser: clientKeys.clientsOfUser,
  clientLink: clientKeys.divisionLink,
  client: clientKeys.client,
  projectContact: projectKeys.access,
  projectsOfUser: projectKeys.projectsOfUser,
};

export interface AssignedClient {
  id: string;
  name: string;
}

export interface AssignedProject {
  id: string;
  name: string;
  client_id: string;
  divisionId: string;
  archived: boolean;
}

export interface Assignments {
  clients: AssignedClient[];
  projects: AssignedProject[];
}

/** Every row of one index partition (a user's assignments: bounded by what one person is given). */
async function queryIndexToEnd(db: Db, index: 'byRelation', partition: string) {
  const rows: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        IndexName: INDEXES[index].indexName,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': INDEXES[index].partitionKey },
        ExpressionAttributeValues: { ':pk': partition },
        ExclusiveStartKey: startKey,
      }),
    );
    rows.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return rows;
}

const byName = <T extends { id: string; name: string }>(a: T, b: T) =>
  nameOrder(a.name, a.id).localeCompare(nameOrder(b.name, b.id));

/** The user's clients of this division and their projects in it, by name. */
export async function readAssignments(db: Db, userId: string, divisionId: string): Promise<Assignments> {
  const [clientRows, projectRows] = await Promise.all([
    queryIndexToEnd(db, 'byRelation', assignmentKeys.clientsOfUser(userId)),
    queryIndexToEnd(db, 'byRelation', assignmentKeys.projectsOfUser(divisionId, userId)),
  ]);
  const clientIds = clientRows.map((r) => r.clientId as string);
  const projectIds = projectRows.map((r) => r.projectId as string);
  const items = await batchGetItems(db, [
    ...clientIds.flatMap((c) => [assignmentKeys.client(c), assignmentKeys.clientLink(divisionId, c)]),
    ...projectIds.map((p) => projectKeys.project(divisionId, p)),
  ]);
  const at = (key: { pk: string; sk: string }) => items.find((i) => i.pk === key.pk && i.sk === key.sk);
  const clients = clientIds.flatMap((c) => {
    const client = at(assignmentKeys.client(c));
    // A client of another division is that division's business: not shown, not changed here.
    return client && at(assignmentKeys.clientLink(divisionId, c))
      ? [{ id: c, name: client.name as string }]
      : [];
  });
  const projects = projectIds.flatMap((p) => {
    const project = at(projectKeys.project(divisionId, p));
    return project ? [toAssignedProject(project)] : [];
  });
  return { clients: clients.sort(byName), projects: projects.sort(byName) };
}

function toAssignedProject(item: Record<string, unknown>): AssignedProject {
  return {
    id: item.id as string,
    name: item.name as string,
    client_id: item.client_id as string,
    divisionId: item.divisionId as string,
    archived: Boolean(item.archivedAt),
  };
}

/**
 * The writes that take a user's assignments in one division from `before` to the wanted ids:
 * each wanted client must be one of the division's, each project one of the division's whose
 * client is among the wanted clients (spec 001 §2: projects are given under their client). A
 * refusal names the first id that is not; nothing is written then.
 */
export async function assignmentSteps(
  db: Db,
  userId: string,
  divisionId: string,
  before: Assignments,
  wanted: { clients: readonly string[]; projects: readonly string[] },
  now = new Date(),
): Promise<TransactionStep[]> {
  const clientIds = [...new Set(wanted.clients)];
  const projectIds = [...new Set(wanted.projects)];
  const had = new Set(before.clients.map((c) => c.id));
  const hadProjects = new Set(before.projects.map((p) => p.id));
  const newClients = clientIds.filter((c) => !had.has(c));
  const newProjects = projectIds.filter((p) => !hadProjects.has(p));
  const items = await batchGetItems(db, [
    ...newClients.map((c) => assignmentKeys.clientLink(divisionId, c)),
    ...newProjects.map((p) => projectKeys.project(divisionId, p)),
  ]);
  const at = (key: { pk: string; sk: string }) => items.find((i) => i.pk === key.pk && i.sk === key.sk);
  for (const c of newClients)
    if (!at(assignmentKeys.clientLink(divisionId, c)))
      throw new ValidationError(`Client ${c} is not a client of this division`, [
        { path: 'clients', message: `Client ${c} is not a client of this division` },
      ]);
  const projects = new Map(before.projects.map((p) => [p.id, p]));
  for (const p of newProjects) {
    const item = at(projectKeys.project(divisionId, p));
    if (!item)
      throw new ValidationError(`Project ${p} is not a project of this division`, [
        { path: 'projects', message: `Project ${p} is not a project of this division` },
      ]);
    projects.set(p, toAssignedProject(item));
  }
  for (const p of projectIds) {
    if (!clientIds.includes(projects.get(p)!.client_id))
      throw new ValidationError('A project can be given only together with its client', [
        { path: 'projects', message: `Add the client of project ${p} first` },
      ]);
  }
  return [
    ...newClients.map((clientId) =>
      putStep(db, {
        ...assignmentKeys.clientContact(clientId, userId),
        type: 'ClientContact',
        gsi2pk: assignmentKeys.clientsOfUser(userId),
        gsi2sk: clientId,
        clientId,
        userId,
        addedAt: now.toISOString(),
      }),
    ),
    ...before.clients
      .filter((c) => !clientIds.includes(c.id))
      .map((c) => deleteStep(db, assignmentKeys.clientContact(c.id, userId))),
    ...newProjects.map((projectId) => {
      const project = projects.get(projectId)!;
      return putStep(db, {
        ...assignmentKeys.projectContact(divisionId, projectId, userId),
        type: 'ProjectContact',
        gsi2pk: assignmentKeys.projectsOfUser(divisionId, userId),
        gsi2sk: `${project.archived ? 'ARCHIVED' : 'ACTIVE'}#${nameOrder(project.name, projectId)}`,
        projectId,
        userId,
        divisionId,
        addedAt: now.toISOString(),
      });
    }),
    ...before.projects
      .filter((p) => !projectIds.includes(p.id))
      .map((p) => deleteStep(db, assignmentKeys.projectContact(divisionId, p.id, userId))),
  ];
}

/** Every assignment row of a user being deleted, in the divisions given. */
export async function allAssignmentDeletes(
  db: Db,
  userId: string,
  divisionIds: readonly string[],
): Promise<TransactionStep[]> {
  const clientRows = await queryIndexToEnd(db, 'byRelation', assignmentKeys.clientsOfUser(userId));
  const projectRows = (
    await Promise.all(
      divisionIds.map((d) => queryIndexToEnd(db, 'byRelation', assignmentKeys.projectsOfUser(d, userId))),
    )
  ).flat();
  return [
    ...clientRows.map((r) => deleteStep(db, assignmentKeys.clientContact(r.clientId as string, userId))),
    ...projectRows.map((r) =>
      deleteStep(db, assignmentKeys.projectContact(r.divisionId as string, r.projectId as string, userId)),
    ),
  ];
}

/** The Add Users modal's clients: the division's, by name (its first `limit`). */
export async function clientOptions(db: Db, divisionId: string, limit: number): Promise<AssignedClient[]> {
  const page = await queryPage(
    db,
    { index: 'byParent', partition: clientKeys.clientsOfDivision(divisionId) },
    { pageSize: limit },
  );
  return page.items.map((row) => ({ id: row.clientId as string, name: row.name as string }));
}

/** The active projects of some clients in a division, by name (each client's first `limit`). */
export async function projectOptions(
  db: Db,
  divisionId: string,
  clientIds: readonly string[],
  limit: number,
): Promise<AssignedProject[]> {
  const pages = await Promise.all(
    clientIds.map((c) =>
      queryPage(
        db,
        { index: 'byRelation', partition: projectKeys.projectsOfClient(divisionId, c), prefix: 'ACTIVE#' },
        { pageSize: limit },
      ),
    ),
  );
  return pages.flatMap((page) => page.items.map(toAssignedProject));
}

export interface ClientOption {
  id: string;
  name: string;
  /** Active projects of the division whose names matched the search (3+ characters), if any. */
  projects: { id: string; name: string }[];
}

/**
 * Edit User's 'Add Clients' search (spec 001 §5): clients of the division whose name matches,
 * from 2 characters; from 3, also the clients of active projects whose name matches, with those
 * projects. Clients the user already has are left out. One page of each search.
 */
export async function clientOptionsFor(
  db: Db,
  userId: string,
  divisionId: string,
  text: string,
  limit: number,
): Promise<ClientOption[]> {
  const query = searchQuery(text) ?? '';
  const [assignedRows, byName, projectRows] = await Promise.all([
    queryIndexToEnd(db, 'byRelation', assignmentKeys.clientsOfUser(userId)),
    searchClients(db, divisionId, query, { pageSize: limit }),
    query.length >= 3
      ? queryPage(
          db,
          { partition: searchPartition(projectKeys.projectsOfDivision(divisionId, 'ACTIVE')), prefix: query },
          { pageSize: limit },
        ).then((page) => page.items)
      : Promise.resolve([]),
  ]);
  const assigned = new Set(assignedRows.map((r) => r.clientId as string));
  const projects = (
    await batchGetItems(
      db,
      [...new Set(projectRows.map((r) => r.recordId as string))].map((p) =>
        projectKeys.project(divisionId, p),
      ),
    )
  ).filter((p) => !p.archivedAt);
  const options = new Map<string, ClientOption>();
  for (const client of byName.items)
    if (!assigned.has(client.id)) options.set(client.id, { id: client.id, name: client.name, projects: [] });
  const projectClients = await getClientsInDivision(
    db,
    divisionId,
    projects.map((p) => p.client_id as string).filter((c) => !assigned.has(c)),
  );
  for (const client of projectClients)
    if (!options.has(client.id)) options.set(client.id, { id: client.id, name: client.name, projects: [] });
  for (const project of projects.sort((a, b) => (a.gsi1sk as string).localeCompare(b.gsi1sk as string)))
    options
      .get(project.client_id as string)
      ?.projects.push({ id: project.id as string, name: project.name as string });
  return [...options.values()];
}
