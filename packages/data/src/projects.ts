import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './dynamo';
import { nameOrder } from './keys';

/** A project (site) belongs to exactly one division, which is the first part of every key it has. */
export interface ProjectRecord {
  id: string;
  divisionId: string;
  client_id: string;
  name: string;
  inspection_template_id: string | null;
  permittee: string | null;
  address: {
    street_1: string;
    city: string;
    state: string;
    zip: string;
    latitude: number;
    longitude: number;
  };
  /** IANA time zone: "today" for due inspections is decided here, not on the server's clock. */
  timezone: string;
  inspector_user_id: string | null;
  start_date: string;
  end_date: string | null;
  next_inspection_date: string | null;
  routine_interval: number;
  inspection_compliance_required: boolean;
  findingComplianceRequired: boolean;
  notes: string | null;
  archivedAt: string | null;
  createdAt: string;
  version: number;
}

export const projectKeys = {
  project: (divisionId: string, projectId: string) => ({
    pk: `DIVISION#${divisionId}#PROJECT#${projectId}`,
    sk: 'PROJECT',
  }),
  /** Active and archived projects list separately: archived ones leave the active lists and searches. */
  projectsOfDivision: (divisionId: string, state: 'ACTIVE' | 'ARCHIVED') =>
    `DIVISION#${divisionId}#PROJECTS#${state}`,
  projectsOfClient: (divisionId: string, clientId: string) =>
    `DIVISION#${divisionId}#CLIENT#${clientId}#PROJECTS`,
};

export async function createProject(
  db: Db,
  input: Omit<ProjectRecord, 'id' | 'createdAt' | 'version' | 'archivedAt'> & { id?: string },
  now = new Date(),
): Promise<ProjectRecord> {
  const project: ProjectRecord = {
    ...input,
    id: input.id ?? randomUUID(),
    archivedAt: null,
    createdAt: now.toISOString(),
    version: 0,
  };
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: {
        ...projectKeys.project(project.divisionId, project.id),
        type: 'Project',
        gsi1pk: projectKeys.projectsOfDivision(project.divisionId, 'ACTIVE'),
        gsi1sk: nameOrder(project.name, project.id),
        gsi2pk: projectKeys.projectsOfClient(project.divisionId, project.client_id),
        // Active before archived, each by name: the client's Projects tab reads one prefix.
        gsi2sk: `ACTIVE#${nameOrder(project.name, project.id)}`,
        ...project,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return project;
}
