import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { getProjectInDivision, projectKeys } from '@stormline/data/projects';
import type { ProjectRecord } from '@stormline/data/projects';
import { ConflictError, NotFoundError } from '@stormline/domain/errors';
import { INSPECTION_MESSAGES } from '@stormline/domain/inspection-rules';
import { seesEveryProject } from '@stormline/domain/project-rules';
import { getClientInDivision } from '@stormline/data/clients';
import { getUsers } from '@stormline/data/users';
import { projectDetailView } from './project-view';
import type { Caller } from './authenticate';
import type { Deps } from './deps';

/**
 * A project of the request's division as the caller may see it (docs/decisions/0018): staff see
 * every project; client-side roles and Regulators only those they were given (their access row);
 * the Public account only published ones. Anything else answers 404, as another division's does,
 * so a hidden project is not even confirmed to exist.
 */
export async function readVisibleProject(
  deps: Pick<Deps, 'db'>,
  caller: Caller,
  divisionId: string,
  projectId: string,
): Promise<ProjectRecord> {
  const project = await getProjectInDivision(deps.db, divisionId, projectId);
  if (caller.role.isReadOnly) {
    if (!project.publishedAt) throw new NotFoundError('Project not found');
    return project;
  }
  if (seesEveryProject(caller.role.name)) return project;
  const { Item } = await deps.db.doc.send(
    new GetCommand({
      TableName: deps.db.tableName,
      Key: projectKeys.access(divisionId, projectId, caller.user.id),
      ConsistentRead: true,
    }),
  );
  if (!Item) throw new NotFoundError('Project not found');
  return project;
}

/** Archived projects are read-only on the server (spec 002 §4, §6): every write under them is refused. */
export function assertProjectWritable(project: Pick<ProjectRecord, 'archivedAt'>): void {
  if (project.archivedAt) throw new ConflictError(INSPECTION_MESSAGES.archived);
}

/** The detail answer of a project the caller may see: with its client's name. */
export async function projectDetail(deps: Deps, project: ProjectRecord) {
  const [client, inspectors] = await Promise.all([
    getClientInDivision(deps.db, project.divisionId, project.client_id),
    project.inspector_user_id ? getUsers(deps.db, [project.inspector_user_id]) : [],
  ]);
  const inspector = inspectors[0];
  return projectDetailView(
    project,
    client,
    inspector
      ? { id: inspector.id, name: `${inspector.first_name} ${inspector.last_name}`.trim() || inspector.email }
      : null,
  );
}
